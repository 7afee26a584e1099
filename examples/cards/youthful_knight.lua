-- Youthful Knight (Creature — Human Knight 2/1): First strike: deals combat damage in the first-strike step (502.2).
-- Keywords only: the engine reads the abilities; no install.
local arbiter = require("arbiter")

local def = arbiter.card{
  name = "Youthful Knight", types = { "Creature" }, subtypes = { "Human", "Knight" }, colors = { "white" },
  power = 2, toughness = 1,
  abilities = { "first strike" },
}

return { def = def }
