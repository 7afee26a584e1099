-- Goblin King {1}{R}{R} (Creature — Goblin 2/2)
-- Oracle: "Other Goblins get +1/+1 and have mountainwalk."
-- Leans on: a static ability (418) on every other Goblin creature on the battlefield, whoever
--   controls it: +1/+1 (the power/toughness layer) and mountainwalk (502.6b; the abilities
--   layer), for as long as the King is on the battlefield. Two Kings pump each other.
-- Its basic land type is a word of its text (418.5a layer 3: Magical Hack changes what it grants;
--   the effect is written as printed and the engine reads it as the card's text reads now).
local arbiter = require("arbiter")

local install = require("arbiter.sets.alpha.lord")("Goblin", "mountainwalk")

return arbiter.card{
  name = "Goblin King", types = { "Creature" }, subtypes = { "Goblin" }, colors = { "red" },
  cost = "{1}{R}{R}", power = 2, toughness = 2, install = install, words = { walk = "Mountain" },
  oracle = "Other Goblins get +1/+1 and have mountainwalk.",
}
