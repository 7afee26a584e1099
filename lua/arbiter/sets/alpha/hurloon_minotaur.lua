-- Hurloon Minotaur {1}{R}{R} (Creature — Minotaur 2/3)
-- Oracle: (no rules text)
-- Leans on: creature spells (302), combat damage (502.2)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Hurloon Minotaur", types = { "Creature" }, subtypes = { "Minotaur" }, colors = { "red" },
  cost = "{1}{R}{R}", power = 2, toughness = 3,
  oracle = "",
}
