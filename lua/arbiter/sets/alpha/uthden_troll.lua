-- Uthden Troll {2}{R} (Creature — Troll 2/2)
-- Oracle: "{R}: Regenerate Uthden Troll."
-- Leans on: an activated ability on the stack (406); regeneration (419.6b: a shield until the
--   cleanup step; the next destruction taps it, removes its damage and takes it out of combat)
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

return arbiter.card{
  name = "Uthden Troll", types = { "Creature" }, subtypes = { "Troll" }, colors = { "red" },
  cost = "{2}{R}", power = 2, toughness = 2,
  activated = { { cost = "{R}", effect = A.regenerate } },
  oracle = "{R}: Regenerate Uthden Troll.",
}
