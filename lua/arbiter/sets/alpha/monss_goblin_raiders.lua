-- Mons's Goblin Raiders {R} (Creature — Goblin 1/1)
-- Oracle: (no rules text)
-- Leans on: creature spells (302), combat damage (502.2)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Mons's Goblin Raiders", types = { "Creature" }, subtypes = { "Goblin" }, colors = { "red" },
  cost = "{R}", power = 1, toughness = 1,
  oracle = "",
}
