-- Wall of Fire {1}{R}{R} (Creature — Wall 0/5)
-- Oracle: "Defender (This creature can't attack.)
-- {R}: Wall of Fire gets +1/+0 until end of turn."
-- Leans on: defender (003: a Wall can't attack); an activated ability on the stack, played any
--   number of times (406); an until-end-of-turn effect (g:modify, ending at cleanup)
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

return arbiter.card{
  name = "Wall of Fire", types = { "Creature" }, subtypes = { "Wall" }, colors = { "red" },
  cost = "{1}{R}{R}", power = 0, toughness = 5, abilities = { "defender" },
  activated = { { cost = "{R}", effect = A.pump(1, 0) } },
  oracle = "Defender (This creature can't attack.)\n{R}: Wall of Fire gets +1/+0 until end of turn.",
}
