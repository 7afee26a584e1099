-- Lifeforce {G}{G} (Enchantment)
-- Oracle: "{G}{G}: Counter target black spell."
-- Leans on: an activated ability (406) whose target is a spell on the stack with a color filter
--   (413: the spell's colors, asked as it is activated and again as it resolves: a spell that
--   left the stack, or is no longer black, makes it fizzle); g:counter
-- Its color word is a word of its text (418.5a layer 3: words.color, read as it applies; Sleight of
--   Mind changes it).
local arbiter = require("arbiter")

return arbiter.card{
  name = "Lifeforce", types = { "Enchantment" }, colors = { "green" }, cost = "{G}{G}", words = { color = "black" },
  activated = { { cost = "{G}{G}",
    targets = { { what = "spell", filter = function(spell, _, force) return spell.card:is(force.words.color) end } },
    effect = function(obj, g) g:counter(obj.targets[1]) end } },
  oracle = "{G}{G}: Counter target black spell.",
}
