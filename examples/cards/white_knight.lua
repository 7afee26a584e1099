-- White Knight (Creature — Human Knight 2/2, WW): "First strike; protection from black."
-- Protection (502.7): it can't be blocked by black creatures, targeted by black spells or
-- abilities from black sources, or enchanted by black Auras, and damage black sources would
-- deal it is prevented. Keywords only: the engine reads the abilities; no install.
local arbiter = require("arbiter")

local def = arbiter.card{
  name = "White Knight", types = { "Creature" }, subtypes = { "Human", "Knight" }, colors = { "white" },
  cost = "{W}{W}", power = 2, toughness = 2,
  abilities = { "first strike", "protection from black" },
}

return { def = def }
