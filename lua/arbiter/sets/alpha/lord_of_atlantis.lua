-- Lord of Atlantis {U}{U} (Creature — Merfolk 2/2)
-- Oracle: "Other Merfolk get +1/+1 and have islandwalk. (They can't be blocked as long as defending
--   player controls an Island.)"
-- Leans on: a static ability (418) on every other Merfolk creature on the battlefield, whoever
--   controls it: +1/+1 (the power/toughness layer) and islandwalk (502.6b; the abilities
--   layer), for as long as the Lord is on the battlefield.
-- Its basic land type is a word of its text (418.5a layer 3: Magical Hack changes what it grants;
--   the effect is written as printed and the engine reads it as the card's text reads now).
local arbiter = require("arbiter")

local install = require("arbiter.sets.alpha.lord")("Merfolk", "islandwalk")

return arbiter.card{
  name = "Lord of Atlantis", types = { "Creature" }, subtypes = { "Merfolk" }, colors = { "blue" },
  cost = "{U}{U}", power = 2, toughness = 2, install = install, words = { walk = "Island" },
  oracle = "Other Merfolk get +1/+1 and have islandwalk. (They can't be blocked as long as defending player " ..
    "controls an Island.)",
}
