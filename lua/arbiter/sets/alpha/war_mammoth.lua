-- War Mammoth {3}{G} (Creature — Elephant 3/3)
-- Oracle: "Trample"
-- Leans on: trample (502.9, 502.9b: lethal damage to the blocker, the rest to the player)
local arbiter = require("arbiter")

return arbiter.card{
  name = "War Mammoth", types = { "Creature" }, subtypes = { "Elephant" }, colors = { "green" },
  cost = "{3}{G}", power = 3, toughness = 3, abilities = { "trample" },
  oracle = "Trample",
}
