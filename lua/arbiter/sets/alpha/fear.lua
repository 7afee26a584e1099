-- Fear {B}{B} (Enchantment — Aura)
-- Oracle: "Enchant creature (Target a creature as you cast this. This card enters the battlefield attached
-- to that creature.)
-- Enchanted creature has fear. (It can't be blocked except by artifact creatures and/or black creatures.)"
-- Leans on: an Aura spell targets what it will enchant and enters attached to it; one attached
--   to nothing legal goes to the graveyard (state-based; Auras, 212.4); a static ability on the
--   enchanted creature (418, the abilities layer); fear (501: blocked only by artifact and/or black creatures)
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:add_static{ source = card, abilities = "fear",
    affects = { attached = true } }
end)

return arbiter.card{
  name = "Fear", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "black" }, cost = "{B}{B}",
  enchant = "creature", targets = { "creature" }, install = install,
  oracle = "Enchant creature (Target a creature as you cast this. This card enters the battlefield attached to " ..
    "that creature.)\nEnchanted creature has fear. (It can't be blocked except by artifact creatures and/or " ..
    "black creatures.)",
}
