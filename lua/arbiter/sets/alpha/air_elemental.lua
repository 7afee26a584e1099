-- Air Elemental {3}{U}{U} (Creature — Elemental 4/4)
-- Oracle: "Flying"
-- Leans on: creatures (212.3); flying (502.4)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Air Elemental", types = { "Creature" }, subtypes = { "Elemental" }, colors = { "blue" },
  cost = "{3}{U}{U}", power = 4, toughness = 4, abilities = { "flying" },
  oracle = "Flying",
}
