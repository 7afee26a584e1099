-- Kormus Bell {4} (Artifact)
-- Oracle: "All Swamps are 1/1 black creatures that are still lands."
-- Leans on: a static ability (418.5) on every Swamp on the battlefield: the Creature type added
--   (the type layer), black (its colors instead of its own), base power and toughness 1/1 (the
--   set layer). The Swamps attack, block, are dealt damage and are summoning-sick like any
--   creature (502.5b: a Swamp that came this turn can't {T} for mana either).
-- Its basic land type and color word are words of its text (418.5a layer 3): the effect is written
--   as printed and the engine reads it as its text reads now; the filter reads words.type (is_word).
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:add_static{ source = card, types = { "Creature" }, colors = "black", set_power = 1, set_toughness = 1,
    affects = { is_word = "type" } }
end)

return arbiter.card{
  name = "Kormus Bell", types = { "Artifact" }, cost = "{4}", install = install,
  words = { type = "Swamp", color = "black" },
  oracle = "All Swamps are 1/1 black creatures that are still lands.",
}
