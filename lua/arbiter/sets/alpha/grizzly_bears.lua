-- Grizzly Bears {1}{G} (Creature — Bear 2/2)
-- Oracle: (no rules text)
-- Leans on: creatures (212.3); combat damage (310)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Grizzly Bears", types = { "Creature" }, subtypes = { "Bear" }, colors = { "green" },
  cost = "{1}{G}", power = 2, toughness = 2,
  oracle = "",
}
