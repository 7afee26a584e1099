-- Prodigal Sorcerer (Creature — Human Wizard 1/1, 2U): "{T}: Prodigal Sorcerer deals 1 damage
-- to target creature or player."
-- An activated ability (406): g:activate(p, card, 1, {targets = {x}}) puts it on the stack;
-- {T} needs the Sorcerer under its controller's control since the turn began (502.5b).
local arbiter = require("arbiter")

local def = arbiter.card{ name = "Prodigal Sorcerer", types = { "Creature" }, subtypes = { "Human", "Wizard" },
  colors = { "blue" }, power = 1, toughness = 1, cost = "{2}{U}",
  activated = { { cost = "{T}", targets = { "creature or player" },
    effect = function(obj, g, sorcerer) g:damage(sorcerer, obj.targets[1], 1) end } } }

return { def = def }
