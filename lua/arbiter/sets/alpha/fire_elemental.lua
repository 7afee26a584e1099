-- Fire Elemental {3}{R}{R} (Creature — Elemental 5/4)
-- Oracle: (no rules text)
-- Leans on: creatures (212.3); combat damage (310)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Fire Elemental", types = { "Creature" }, subtypes = { "Elemental" }, colors = { "red" },
  cost = "{3}{R}{R}", power = 5, toughness = 4,
  oracle = "",
}
