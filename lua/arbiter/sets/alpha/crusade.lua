-- Crusade {W}{W} (Enchantment)
-- Oracle: "White creatures get +1/+1."
-- Leans on: a static ability (418) in the power/toughness layer (418.5), on every white creature of
--   every player while Crusade is on the battlefield; colors as they are now (a creature that
--   stops being white stops getting it)
-- Its color word is a word of its text (418.5a layer 3: words.color, read as it applies; Sleight of
--   Mind changes it).
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:add_static{ source = card, power = 1, toughness = 1,
    affects = { is = "Creature", is_word = "color" } }
end)

return arbiter.card{
  name = "Crusade", types = { "Enchantment" }, colors = { "white" }, cost = "{W}{W}", install = install,
  words = { color = "white" },
  oracle = "White creatures get +1/+1.",
}
