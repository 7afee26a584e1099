-- Flight {U} (Enchantment — Aura)
-- Oracle: "Enchant creature
-- Enchanted creature has flying."
-- Leans on: an Aura spell targets what it will enchant and enters attached to it; one attached
--   to nothing legal goes to the graveyard (state-based; Auras, 212.4); a static ability on the
--   enchanted creature (418, the abilities layer); flying (502.4)
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:add_static{ source = card, abilities = "flying",
    affects = { attached = true } }
end)

return arbiter.card{
  name = "Flight", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "blue" }, cost = "{U}",
  enchant = "creature", targets = { "creature" }, install = install,
  oracle = "Enchant creature\nEnchanted creature has flying.",
}
