-- Colossal Dreadmaw (Creature — Dinosaur 6/6): Trample: damage beyond lethal to its blockers may go to the player.
-- Keywords only: the engine reads the abilities; no install.
local arbiter = require("arbiter")

local def = arbiter.card{
  name = "Colossal Dreadmaw", types = { "Creature" }, subtypes = { "Dinosaur" }, colors = { "green" },
  power = 6, toughness = 6,
  abilities = { "trample" },
}

return { def = def }
