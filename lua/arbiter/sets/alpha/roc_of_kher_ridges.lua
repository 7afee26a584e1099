-- Roc of Kher Ridges {3}{R} (Creature — Bird 3/3)
-- Oracle: "Flying"
-- Leans on: flying (502.4)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Roc of Kher Ridges", types = { "Creature" }, subtypes = { "Bird" }, colors = { "red" },
  cost = "{3}{R}", power = 3, toughness = 3, abilities = { "flying" },
  oracle = "Flying",
}
