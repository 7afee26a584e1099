-- Rime Dryad (Creature — Dryad 1/2): Snow forestwalk: can't be blocked while the defending player
-- controls a snow Forest (502.6).
-- Keywords only: the engine reads the abilities; no install.
local arbiter = require("arbiter")

local def = arbiter.card{
  name = "Rime Dryad", types = { "Creature" }, subtypes = { "Dryad" }, colors = { "green" },
  power = 1, toughness = 2,
  abilities = { "snow forestwalk" },
}

return { def = def }
