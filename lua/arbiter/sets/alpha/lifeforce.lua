-- Lifeforce {G}{G} (Enchantment)
-- Oracle: "{G}{G}: Counter target black spell."
-- Leans on: an activated ability (406) whose target is a spell on the stack with a color filter
--   (413: the spell's colors, asked as it is activated and again as it resolves: a spell that
--   left the stack, or is no longer black, makes it fizzle); g:counter
local arbiter = require("arbiter")

return arbiter.card{
  name = "Lifeforce", types = { "Enchantment" }, colors = { "green" }, cost = "{G}{G}",
  activated = { { cost = "{G}{G}",
    targets = { { what = "spell", filter = function(spell) return spell.card:is("black") end } },
    effect = function(obj, g) g:counter(obj.targets[1]) end } },
  oracle = "{G}{G}: Counter target black spell.",
}
