-- Web {G} (Enchantment — Aura)
-- Oracle: "Enchant creature (Target a creature as you cast this. This card enters the battlefield attached to that
-- creature.)
-- Enchanted creature gets +0/+2 and has reach. (It can block creatures with flying.)"
-- Leans on: an Aura spell targets what it will enchant and enters attached to it; one attached
--   to nothing legal goes to the graveyard (state-based; Auras, 212.4); a static ability on the
--   enchanted creature (418, the power/toughness layer; reach: it can block fliers, 502.4)
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:add_static{ source = card, power = 0, toughness = 2, abilities = "reach",
    affects = { attached = true } }
end)

return arbiter.card{
  name = "Web", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "green" }, cost = "{G}",
  enchant = "creature", targets = { "creature" }, install = install,
  oracle = "Enchant creature (Target a creature as you cast this. This card enters the battlefield attached to " ..
    "that creature.)\nEnchanted creature gets +0/+2 and has reach. (It can block creatures with flying.)",
}
