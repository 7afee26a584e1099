-- Mahamoti Djinn {4}{U}{U} (Creature — Djinn 5/6)
-- Oracle: "Flying (This creature can't be blocked except by creatures with flying or reach.)"
-- Leans on: flying (502.4)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Mahamoti Djinn", types = { "Creature" }, subtypes = { "Djinn" }, colors = { "blue" },
  cost = "{4}{U}{U}", power = 5, toughness = 6, abilities = { "flying" },
  oracle = "Flying (This creature can't be blocked except by creatures with flying or reach.)",
}
