-- Phantom Monster {3}{U} (Creature — Illusion 3/3)
-- Oracle: "Flying"
-- Leans on: flying (502.4)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Phantom Monster", types = { "Creature" }, subtypes = { "Illusion" }, colors = { "blue" },
  cost = "{3}{U}", power = 3, toughness = 3, abilities = { "flying" },
  oracle = "Flying",
}
