-- Mogg Flunkies (Creature — Goblin 3/3, 2R): "Mogg Flunkies can't attack or block alone."
local arbiter = require("arbiter")

local def = arbiter.card{
  name = "Mogg Flunkies", types = { "Creature" }, subtypes = { "Goblin" }, colors = { "red" },
  power = 3, toughness = 3,
  abilities = { "can't attack alone", "can't block alone" },
}

return { def = def }
