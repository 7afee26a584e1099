-- Samite Healer {1}{W} (Creature — Human Cleric 1/1)
-- Oracle: "{T}: Prevent the next 1 damage that would be dealt to target creature or player this turn."
-- Leans on: a {T} ability on the stack with a target (406, 413; not while summoning-sick, 502.5b);
--   a prevention shield: a replacement of the next damage event to that target this turn (419;
--   it takes 1 off the amount and is used up), ending at cleanup, and for a creature when it
--   leaves play (a new object, 217.1c)
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

return arbiter.card{
  name = "Samite Healer", types = { "Creature" }, subtypes = { "Human", "Cleric" }, colors = { "white" },
  cost = "{1}{W}", power = 1, toughness = 1,
  activated = { { cost = "{T}", targets = { "creature or player" },
    effect = function(obj, g) A.prevent_next(g, obj.targets[1], 1, "Samite Healer") end } },
  oracle = "{T}: Prevent the next 1 damage that would be dealt to target creature or player this turn.",
}
