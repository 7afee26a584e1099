-- Wall of Air {1}{U}{U} (Creature — Wall 1/5)
-- Oracle: "Defender, flying (This creature can't attack, and it can block creatures with flying.)"
-- Leans on: defender (a Wall can't attack: 003, Declare Attackers); flying (502.4: it can block fliers)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Wall of Air", types = { "Creature" }, subtypes = { "Wall" }, colors = { "blue" },
  cost = "{1}{U}{U}", power = 1, toughness = 5, abilities = { "defender", "flying" },
  oracle = "Defender, flying (This creature can't attack, and it can block creatures with flying.)",
}
