-- Water Elemental {3}{U}{U} (Creature — Elemental 5/4)
-- Oracle: (no rules text)
-- Leans on: a creature spell (405.1), combat damage (502.2)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Water Elemental", types = { "Creature" }, subtypes = { "Elemental" }, colors = { "blue" },
  cost = "{3}{U}{U}", power = 5, toughness = 4,
  oracle = "",
}
