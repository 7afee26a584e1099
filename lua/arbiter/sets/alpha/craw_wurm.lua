-- Craw Wurm {4}{G}{G} (Creature — Wurm 6/4)
-- Oracle: (no rules text)
-- Leans on: creatures (212.3); combat damage (310)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Craw Wurm", types = { "Creature" }, subtypes = { "Wurm" }, colors = { "green" },
  cost = "{4}{G}{G}", power = 6, toughness = 4,
  oracle = "",
}
