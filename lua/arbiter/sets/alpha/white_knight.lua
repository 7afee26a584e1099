-- White Knight {W}{W} (Creature — Human Knight 2/2)
-- Oracle: "First strike (This creature deals combat damage before creatures without first strike.)
-- Protection from black (This creature can't be blocked, targeted, dealt damage, or enchanted by anything black.)"
-- Leans on: first strike (502.2); protection from black (502.7: not blocked by black creatures,
--   not targeted by black spells or abilities of black sources, not enchanted by black Auras,
--   damage from black sources prevented). Keywords only: the engine reads them, no install.
-- examples/cards/white_knight.lua returns this definition.
local arbiter = require("arbiter")

return arbiter.card{
  name = "White Knight", types = { "Creature" }, subtypes = { "Human", "Knight" }, colors = { "white" },
  cost = "{W}{W}", power = 2, toughness = 2, abilities = { "first strike", "protection from black" },
  oracle = "First strike (This creature deals combat damage before creatures without first strike.)\nProtection " ..
    "from black (This creature can't be blocked, targeted, dealt damage, or enchanted by anything black.)",
}
