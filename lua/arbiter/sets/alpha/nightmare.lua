-- Nightmare {5}{B} (Creature — Nightmare Horse */*)
-- Oracle: "Flying
-- Nightmare's power and toughness are each equal to the number of Swamps you control."
-- Leans on: flying (502.4); characteristic-defining P/T (a declared count, arbiter.count_pt,
--   counted by the core first in the P/T layer, 418.5); "Swamp" is a land type (the lands with it)
-- Its basic land type is a word of its text (418.5a layer 3: words.type, read as it applies; Magical Hack changes it).
local arbiter = require("arbiter")

-- the lands of its text's land type its controller controls
local swamps = arbiter.count_pt{ count = { is_word = "type", controller = "you" } }

return arbiter.card{
  name = "Nightmare", types = { "Creature" }, subtypes = { "Nightmare", "Horse" }, colors = { "black" },
  cost = "{5}{B}", power = swamps, toughness = swamps, abilities = { "flying" }, words = { type = "Swamp" },
  oracle = "Flying\nNightmare's power and toughness are each equal to the number of Swamps you control.",
}
