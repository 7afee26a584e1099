-- Wall of Ice {2}{G} (Creature — Wall 0/7)
-- Oracle: "Defender (This creature can't attack.)"
-- Leans on: defender (a Wall can't attack: 003, Declare Attackers); blocking (500.1)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Wall of Ice", types = { "Creature" }, subtypes = { "Wall" }, colors = { "green" },
  cost = "{2}{G}", power = 0, toughness = 7, abilities = { "defender" },
  oracle = "Defender (This creature can't attack.)",
}
