-- Two-Headed Giant of Foriys {4}{R} (Creature — Giant 4/4)
-- Oracle: "Trample
-- Two-Headed Giant of Foriys can block an additional creature."
-- Leans on: trample (502.9); "can block an additional creature" (500.1, the combat solver)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Two-Headed Giant of Foriys", types = { "Creature" }, subtypes = { "Giant" }, colors = { "red" },
  cost = "{4}{R}", power = 4, toughness = 4, abilities = { "trample", "can block an additional creature" },
  oracle = "Trample\nTwo-Headed Giant of Foriys can block an additional creature.",
}
