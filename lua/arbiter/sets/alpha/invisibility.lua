-- Invisibility {U}{U} (Enchantment — Aura)
-- Oracle: "Enchant creature\nEnchanted creature can't be blocked except by Walls."
-- Leans on: an Aura spell targets what it will enchant and enters attached to it; one attached
--   to nothing legal goes to the graveyard (state-based; Auras, 212.4); a block restriction
--   granted by a continuous effect (g:add_static{block_condition}, 500.1), read by the combat
--   solver for the enchanted creature's blockers: a Wall is a creature with the creature type
--   Wall now (its subtypes, every effect applied)
local arbiter = require("arbiter")

local function only_walls(blocker) return blocker:is("Wall") end

local install = arbiter.installer(function(g, card)
  return g:add_static{ source = card, block_condition = only_walls,
    affects = function(c, _, aura) return c == aura.attached_to end }
end)

return arbiter.card{
  name = "Invisibility", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "blue" }, cost = "{U}{U}",
  enchant = "creature", targets = { "creature" }, install = install,
  oracle = "Enchant creature\nEnchanted creature can't be blocked except by Walls.",
}
