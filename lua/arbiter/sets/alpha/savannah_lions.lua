-- Savannah Lions {W} (Creature — Cat 2/1)
-- Oracle: (no rules text)
-- Leans on: a creature spell (405.1), combat damage (502.2)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Savannah Lions", types = { "Creature" }, subtypes = { "Cat" }, colors = { "white" },
  cost = "{W}", power = 2, toughness = 1,
  oracle = "",
}
