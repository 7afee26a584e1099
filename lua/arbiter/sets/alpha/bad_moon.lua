-- Bad Moon {1}{B} (Enchantment)
-- Oracle: "Black creatures get +1/+1."
-- Leans on: a static ability (418) in the power/toughness layer (418.5), on every black creature of
--   every player while Bad Moon is on the battlefield; colors as they are now (a creature that
--   stops being black stops getting it)
-- Its color word is a word of its text (418.5a layer 3: words.color, read as it applies; Sleight of
--   Mind changes it).
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:add_static{ source = card, power = 1, toughness = 1,
    affects = { is = "Creature", is_word = "color" } }
end)

return arbiter.card{
  name = "Bad Moon", types = { "Enchantment" }, colors = { "black" }, cost = "{1}{B}", install = install,
  words = { color = "black" },
  oracle = "Black creatures get +1/+1.",
}
