-- Silent Arbiter (Artifact Creature — Construct 1/5): "No more than one creature can attack
-- each combat. No more than one creature can block each combat." Both are engine abilities
-- that restrict every declaration in the game while Silent Arbiter is on the battlefield.
local arbiter = require("arbiter")

local def = arbiter.card{
  name = "Silent Arbiter", types = { "Artifact", "Creature" }, subtypes = { "Construct" },
  power = 1, toughness = 5,
  abilities = { "no more than one creature can attack each combat",
                "no more than one creature can block each combat" },
}

return { def = def }
