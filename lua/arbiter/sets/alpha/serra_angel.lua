-- Serra Angel {3}{W}{W} (Creature — Angel 4/4)
-- Oracle: "Flying
-- Vigilance (Attacking doesn't cause this creature to tap.)"
-- Leans on: flying (502.4); vigilance (502.11)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Serra Angel", types = { "Creature" }, subtypes = { "Angel" }, colors = { "white" },
  cost = "{3}{W}{W}", power = 4, toughness = 4, abilities = { "flying", "vigilance" },
  oracle = "Flying\nVigilance (Attacking doesn't cause this creature to tap.)",
}
