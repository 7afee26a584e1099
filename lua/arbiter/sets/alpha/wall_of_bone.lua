-- Wall of Bone {2}{B} (Creature — Skeleton Wall 1/4)
-- Oracle: "Defender (This creature can't attack.)
-- {B}: Regenerate Wall of Bone. (The next time this creature would be destroyed this turn, it isn't. Instead tap it,
-- remove all damage from it, and remove it from combat.)"
-- Leans on: an activated ability on the stack (406); regeneration (419.6b: a shield until the
--   cleanup step; the next destruction taps it, removes its damage and takes it out of combat);
--   defender (003: a Wall can't attack)
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

return arbiter.card{
  name = "Wall of Bone", types = { "Creature" }, subtypes = { "Skeleton", "Wall" }, colors = { "black" },
  cost = "{2}{B}", power = 1, toughness = 4, abilities = { "defender" },
  activated = { { cost = "{B}", effect = A.regenerate } },
  oracle = "Defender (This creature can't attack.)\n{B}: Regenerate Wall of Bone. (The next time this creature " ..
    "would be destroyed this turn, it isn't. Instead tap it, remove all damage from it, and remove it " ..
    "from combat.)",
}
