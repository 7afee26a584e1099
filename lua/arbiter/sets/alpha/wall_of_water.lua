-- Wall of Water {1}{U}{U} (Creature — Wall 0/5)
-- Oracle: "Defender (This creature can't attack.)
-- {U}: Wall of Water gets +1/+0 until end of turn."
-- Leans on: defender (003: a Wall can't attack); an activated ability on the stack, played any
--   number of times (406); an until-end-of-turn effect (g:modify, ending at cleanup)
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

return arbiter.card{
  name = "Wall of Water", types = { "Creature" }, subtypes = { "Wall" }, colors = { "blue" },
  cost = "{1}{U}{U}", power = 0, toughness = 5, abilities = { "defender" },
  activated = { { cost = "{U}", effect = A.pump(1, 0) } },
  oracle = "Defender (This creature can't attack.)\n{U}: Wall of Water gets +1/+0 until end of turn.",
}
