-- Wall of Brambles {2}{G} (Creature — Plant Wall 2/3)
-- Oracle: "Defender (This creature can't attack.)
-- {G}: Regenerate Wall of Brambles."
-- Leans on: an activated ability on the stack (406); regeneration (419.6b: a shield until the
--   cleanup step; the next destruction taps it, removes its damage and takes it out of combat);
--   defender (003: a Wall can't attack)
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

return arbiter.card{
  name = "Wall of Brambles", types = { "Creature" }, subtypes = { "Plant", "Wall" }, colors = { "green" },
  cost = "{2}{G}", power = 2, toughness = 3, abilities = { "defender" },
  activated = { { cost = "{G}", effect = A.regenerate } },
  oracle = "Defender (This creature can't attack.)\n{G}: Regenerate Wall of Brambles.",
}
