-- Fencing Ace (Creature — Human Soldier 1/1): Double strike: deals combat damage in both damage steps (502.2).
-- Keywords only: the engine reads the abilities; no install.
local arbiter = require("arbiter")

local def = arbiter.card{
  name = "Fencing Ace", types = { "Creature" }, subtypes = { "Human", "Soldier" }, colors = { "white" },
  power = 1, toughness = 1,
  abilities = { "double strike" },
}

return { def = def }
