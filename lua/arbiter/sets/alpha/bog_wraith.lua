-- Bog Wraith {3}{B} (Creature — Wraith 3/3)
-- Oracle: "Swampwalk (This creature can't be blocked as long as defending player controls a Swamp.)"
-- Leans on: creatures (212.3); landwalk (502.6)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Bog Wraith", types = { "Creature" }, subtypes = { "Wraith" }, colors = { "black" },
  cost = "{3}{B}", power = 3, toughness = 3, abilities = { "swampwalk" },
  oracle = "Swampwalk (This creature can't be blocked as long as defending player controls a Swamp.)",
}
