-- Ironroot Treefolk {4}{G} (Creature — Treefolk 3/5)
-- Oracle: (no rules text)
-- Leans on: creature spells (302), combat damage (502.2)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Ironroot Treefolk", types = { "Creature" }, subtypes = { "Treefolk" }, colors = { "green" },
  cost = "{4}{G}", power = 3, toughness = 5,
  oracle = "",
}
