-- Prodigal Sorcerer {2}{U} (Creature — Human Wizard 1/1)
-- Oracle: "{T}: Prodigal Sorcerer deals 1 damage to any target."
-- Leans on: an activated ability on the stack (406) with a target checked on resolution (413);
--   its {T} needs the Sorcerer under its controller's control since the turn began (502.5b).
--   The Sorcerer is the damage's source even once it has left (its last-known self). "Any
--   target" is the era's "target creature or player".
-- examples/cards/prodigal_sorcerer.lua returns this definition.
local arbiter = require("arbiter")

return arbiter.card{
  name = "Prodigal Sorcerer", types = { "Creature" }, subtypes = { "Human", "Wizard" }, colors = { "blue" },
  power = 1, toughness = 1, cost = "{2}{U}",
  activated = { { cost = "{T}", targets = { "creature or player" },
    effect = function(obj, g, sorcerer) g:damage(sorcerer, obj.targets[1], 1) end } },
  oracle = "{T}: Prodigal Sorcerer deals 1 damage to any target.",
}
