-- Scathe Zombies {2}{B} (Creature — Zombie 2/2)
-- Oracle: (no rules text)
-- Leans on: a creature spell (405.1), combat damage (502.2)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Scathe Zombies", types = { "Creature" }, subtypes = { "Zombie" }, colors = { "black" },
  cost = "{2}{B}", power = 2, toughness = 2,
  oracle = "",
}
