-- Nightmare {5}{B} (Creature — Nightmare Horse */*)
-- Oracle: "Flying
-- Nightmare's power and toughness are each equal to the number of Swamps you control."
-- Leans on: flying (502.4); characteristic-defining P/T (a definition's power/toughness
--   function, computed first in the P/T layer, 418.5); "Swamp" is a land type (c:is reads the
--   current subtypes)
-- Its basic land type is a word of its text (418.5a layer 3: words.type, read as it applies; Magical Hack changes it).
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

-- the Swamps c's controller controls
local function swamps(c, g)
  return g:count_permanents(c.controller, c.words.type)   -- the lands of that land type (c:is)
end

-- each computed once per recomputation for both (A.counted_pt)
local power, toughness = A.counted_pt(swamps)

return arbiter.card{
  name = "Nightmare", types = { "Creature" }, subtypes = { "Nightmare", "Horse" }, colors = { "black" },
  cost = "{5}{B}", power = power, toughness = toughness, abilities = { "flying" }, words = { type = "Swamp" },
  oracle = "Flying\nNightmare's power and toughness are each equal to the number of Swamps you control.",
}
