-- Wall of Stone {1}{R}{R} (Creature — Wall 0/8)
-- Oracle: "Defender (This creature can't attack.)"
-- Leans on: defender (a Wall can't attack: 003, Declare Attackers); blocking (500.1)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Wall of Stone", types = { "Creature" }, subtypes = { "Wall" }, colors = { "red" },
  cost = "{1}{R}{R}", power = 0, toughness = 8, abilities = { "defender" },
  oracle = "Defender (This creature can't attack.)",
}
