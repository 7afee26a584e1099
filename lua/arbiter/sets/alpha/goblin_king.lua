-- Goblin King {1}{R}{R} (Creature — Goblin 2/2)
-- Oracle: "Other Goblins get +1/+1 and have mountainwalk."
-- Leans on: a static ability (418) on every other Goblin creature on the battlefield, whoever
--   controls it: +1/+1 (the power/toughness layer) and mountainwalk (502.6b; the abilities
--   layer), for as long as the King is on the battlefield. Two Kings pump each other.
local arbiter = require("arbiter")

local install = require("arbiter.sets.alpha.lord")("Goblin", "mountainwalk")

return arbiter.card{
  name = "Goblin King", types = { "Creature" }, subtypes = { "Goblin" }, colors = { "red" },
  cost = "{1}{R}{R}", power = 2, toughness = 2, install = install,
  oracle = "Other Goblins get +1/+1 and have mountainwalk.",
}
