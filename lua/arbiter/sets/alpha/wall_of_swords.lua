-- Wall of Swords {3}{W} (Creature — Wall 3/5)
-- Oracle: "Defender, flying (This creature can't attack, and it can block creatures with flying.)"
-- Leans on: defender (a Wall can't attack: 003, Declare Attackers); flying (502.4: it can block fliers)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Wall of Swords", types = { "Creature" }, subtypes = { "Wall" }, colors = { "white" },
  cost = "{3}{W}", power = 3, toughness = 5, abilities = { "defender", "flying" },
  oracle = "Defender, flying (This creature can't attack, and it can block creatures with flying.)",
}
