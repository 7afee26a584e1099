-- Scryb Sprites {G} (Creature — Faerie 1/1)
-- Oracle: "Flying"
-- Leans on: flying (502.4)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Scryb Sprites", types = { "Creature" }, subtypes = { "Faerie" }, colors = { "green" },
  cost = "{G}", power = 1, toughness = 1, abilities = { "flying" },
  oracle = "Flying",
}
