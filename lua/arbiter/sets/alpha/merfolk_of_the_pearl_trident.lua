-- Merfolk of the Pearl Trident {U} (Creature — Merfolk 1/1)
-- Oracle: (no rules text)
-- Leans on: creature spells (302), combat damage (502.2)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Merfolk of the Pearl Trident", types = { "Creature" }, subtypes = { "Merfolk" }, colors = { "blue" },
  cost = "{U}", power = 1, toughness = 1,
  oracle = "",
}
