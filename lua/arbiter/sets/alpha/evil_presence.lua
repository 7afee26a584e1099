-- Evil Presence {B} (Enchantment — Aura)
-- Oracle: "Enchant land
-- Enchanted land is a Swamp."
-- Leans on: an Aura spell that enchants a land (212.4); subtypes set by an effect (418.5a layer
--   4, add_static{subtypes}): the land's land types become Swamp; 212.6e: it loses the
--   abilities of its rules text and its old types' mana abilities and taps for {B}; swampwalk
--   and "is a Swamp" read it (502.6b). While the Aura is attached only.
-- Its basic land type is a word of its text (418.5a layer 3: Magical Hack changes what it grants;
--   the effect is written as printed and the engine reads it as the card's text reads now).
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  g:add_static{ source = card, subtypes = { "Swamp" },
    affects = { attached = true } }
end)

return arbiter.card{
  name = "Evil Presence", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "black" },
  cost = "{B}", enchant = "land", targets = { "land" }, install = install, words = { type = "Swamp" },
  oracle = "Enchant land\nEnchanted land is a Swamp.",
}
