-- Holy Strength {W} (Enchantment — Aura)
-- Oracle: "Enchant creature
-- Enchanted creature gets +1/+2."
-- Leans on: an Aura spell targets what it will enchant and enters attached to it; one attached
--   to nothing legal goes to the graveyard (state-based, 420.5); a static ability on the
--   enchanted creature (418, the power/toughness layer)
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:add_static{ source = card, power = 1, toughness = 2,
    affects = { attached = true } }
end)

return arbiter.card{
  name = "Holy Strength", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "white" }, cost = "{W}",
  enchant = "creature", targets = { "creature" }, install = install,
  oracle = "Enchant creature\nEnchanted creature gets +1/+2.",
}
