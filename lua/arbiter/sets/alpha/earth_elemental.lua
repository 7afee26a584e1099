-- Earth Elemental {3}{R}{R} (Creature — Elemental 4/5)
-- Oracle: (no rules text)
-- Leans on: creatures (212.3); combat damage (310)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Earth Elemental", types = { "Creature" }, subtypes = { "Elemental" }, colors = { "red" },
  cost = "{3}{R}{R}", power = 4, toughness = 5,
  oracle = "",
}
