-- Weakness {B} (Enchantment — Aura)
-- Oracle: "Enchant creature
-- Enchanted creature gets -2/-1."
-- Leans on: an Aura spell targets what it will enchant and enters attached to it; one attached
--   to nothing legal goes to the graveyard (state-based; Auras, 212.4); a static ability on the
--   enchanted creature (418, the power/toughness layer; a creature at 0 toughness goes to the graveyard, 420.5)
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:add_static{ source = card, power = -2, toughness = -1,
    affects = { attached = true } }
end)

return arbiter.card{
  name = "Weakness", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "black" }, cost = "{B}",
  enchant = "creature", targets = { "creature" }, install = install,
  oracle = "Enchant creature\nEnchanted creature gets -2/-1.",
}
