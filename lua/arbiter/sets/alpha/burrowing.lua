-- Burrowing {R} (Enchantment — Aura)
-- Oracle: "Enchant creature
-- Enchanted creature has mountainwalk."
-- Leans on: an Aura spell targets what it will enchant and enters attached to it; one attached
--   to nothing legal goes to the graveyard (state-based; Auras, 212.4); a static ability on the
--   enchanted creature (418, the abilities layer); landwalk (502.6)
-- Its basic land type is a word of its text (418.5a layer 3: Magical Hack changes what it grants;
--   the effect is written as printed and the engine reads it as its text reads now).
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:add_static{ source = card, abilities = "mountainwalk",
    affects = { attached = true } }
end)

return arbiter.card{
  name = "Burrowing", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "red" }, cost = "{R}",
  enchant = "creature", targets = { "creature" }, install = install, words = { walk = "Mountain" },
  oracle = "Enchant creature\nEnchanted creature has mountainwalk.",
}
