-- Wall of Wood {G} (Creature — Wall 0/3)
-- Oracle: "Defender (This creature can't attack.)"
-- Leans on: defender (a Wall can't attack: 003, Declare Attackers); blocking (500.1)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Wall of Wood", types = { "Creature" }, subtypes = { "Wall" }, colors = { "green" },
  cost = "{G}", power = 0, toughness = 3, abilities = { "defender" },
  oracle = "Defender (This creature can't attack.)",
}
