-- Giant Spider {3}{G} (Creature — Spider 2/4)
-- Oracle: "Reach (This creature can block creatures with flying.)"
-- Leans on: reach (the vocabulary's "reach": it may block a creature with flying, 502.4)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Giant Spider", types = { "Creature" }, subtypes = { "Spider" }, colors = { "green" },
  cost = "{3}{G}", power = 2, toughness = 4, abilities = { "reach" },
  oracle = "Reach (This creature can block creatures with flying.)",
}
