-- Orcish Artillery {1}{R}{R} (Creature — Orc Warrior 1/3)
-- Oracle: "{T}: Orcish Artillery deals 2 damage to any target and 3 damage to you."
-- Leans on: an activated ability (406) with a target checked on resolution (413: its only
--   target gone, the ability is countered and deals no damage to you either); {T} needs it
--   under its controller's control since the turn began (502.5b). "Any target" is the era's
--   "target creature or player".
local arbiter = require("arbiter")

return arbiter.card{
  name = "Orcish Artillery", types = { "Creature" }, subtypes = { "Orc", "Warrior" }, colors = { "red" },
  cost = "{1}{R}{R}", power = 1, toughness = 3,
  activated = { { cost = "{T}", targets = { "creature or player" }, effect = function(obj, g, artillery)
    g:damage(artillery, obj.targets[1], 2)
    g:damage(artillery, obj.controller, 3)
  end } },
  oracle = "{T}: Orcish Artillery deals 2 damage to any target and 3 damage to you.",
}
