-- Hill Giant {3}{R} (Creature — Giant 3/3)
-- Oracle: (no rules text)
-- Leans on: creature spells (302), combat damage (502.2)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Hill Giant", types = { "Creature" }, subtypes = { "Giant" }, colors = { "red" },
  cost = "{3}{R}", power = 3, toughness = 3,
  oracle = "",
}
