-- Suq'Ata Lancer (Creature — Human Knight 2/2): Haste; flanking (whenever a creature without
-- flanking blocks this creature, the blocker gets -1/-1 until end of turn). 502.3
-- Keywords only: the engine reads the abilities; no install.
local arbiter = require("arbiter")

local def = arbiter.card{
  name = "Suq'Ata Lancer", types = { "Creature" }, subtypes = { "Human", "Knight" }, colors = { "red" },
  power = 2, toughness = 2,
  abilities = { "haste", "flanking" },
}

return { def = def }
