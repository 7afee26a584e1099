-- Black Knight {B}{B} (Creature — Human Knight 2/2)
-- Oracle: "First strike (This creature deals combat damage before creatures without first strike.)
-- Protection from white (This creature can't be blocked, targeted, dealt damage, or enchanted by
-- anything white.)"
-- Leans on: creatures (212.3); first strike (502.2); protection from white (502.7)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Black Knight", types = { "Creature" }, subtypes = { "Human", "Knight" }, colors = { "black" },
  cost = "{B}{B}", power = 2, toughness = 2, abilities = { "first strike", "protection from white" },
  oracle = "First strike (This creature deals combat damage before creatures without first strike.)\n" ..
    "Protection from white (This creature can't be blocked, targeted, dealt damage, or enchanted by anything white.)",
}
