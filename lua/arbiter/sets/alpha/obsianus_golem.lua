-- Obsianus Golem {6} (Artifact Creature — Golem 4/6)
-- Oracle: (no rules text)
-- Leans on: artifact creature spells (colorless, 302), combat damage (502.2)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Obsianus Golem", types = { "Artifact", "Creature" }, subtypes = { "Golem" },
  cost = "{6}", power = 4, toughness = 6,
  oracle = "",
}
