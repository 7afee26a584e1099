-- Living Lands {3}{G} (Enchantment)
-- Oracle: "All Forests are 1/1 creatures that are still lands."
-- Leans on: a static ability (418.5) on every Forest on the battlefield: the Creature type added
--   (the type layer), base power and toughness 1/1 (the set layer); colorless as they were. The
--   Forests attack, block, are dealt damage and are summoning-sick like any creature (502.5b:
--   a Forest that came this turn can't {T} for mana either).
-- Its basic land type is a word of its text (418.5a layer 3: words.type, read as it applies; Magical Hack changes it).
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:add_static{ source = card, types = { "Creature" }, set_power = 1, set_toughness = 1,
    affects = { is_word = "type" } }
end)

return arbiter.card{
  name = "Living Lands", types = { "Enchantment" }, colors = { "green" }, cost = "{3}{G}", install = install,
  words = { type = "Forest" },
  oracle = "All Forests are 1/1 creatures that are still lands.",
}
