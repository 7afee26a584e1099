-- Lance {W} (Enchantment — Aura)
-- Oracle: "Enchant creature
-- Enchanted creature has first strike."
-- Leans on: an Aura spell (its target, then attached; to the graveyard when attached to nothing
--   legal, 420.5); first strike on the enchanted creature (502.2: a first-strike combat damage
--   step)
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:add_static{ source = card, abilities = { "first strike" },
    affects = { attached = true } }
end)

return arbiter.card{
  name = "Lance", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "white" }, cost = "{W}",
  enchant = "creature", targets = { "creature" }, install = install,
  oracle = "Enchant creature\nEnchanted creature has first strike.",
}
