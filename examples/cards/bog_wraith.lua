-- Bog Wraith (Creature — Wraith 3/3): Swampwalk: can't be blocked while the defending player controls a Swamp (502.6).
-- Keywords only: the engine reads the abilities; no install.
local arbiter = require("arbiter")

local def = arbiter.card{
  name = "Bog Wraith", types = { "Creature" }, subtypes = { "Wraith" }, colors = { "black" },
  power = 3, toughness = 3,
  abilities = { "swampwalk" },
}

return { def = def }
