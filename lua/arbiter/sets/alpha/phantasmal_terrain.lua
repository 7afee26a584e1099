-- Phantasmal Terrain {U}{U} (Enchantment — Aura)
-- Oracle: "Enchant land
--   As Phantasmal Terrain enters the battlefield, choose a basic land type.
--   Enchanted land is the chosen type."
-- Leans on: an Aura spell that enchants a land (212.4); as_enters (the choice made as it
--   enters: choose(p, "land type", {"Plains", "Island", "Swamp", "Mountain", "Forest"}, ctx));
--   subtypes set by an effect (418.5a layer 4, add_static{subtypes}): the land's land types
--   become the chosen one; 212.6e: it loses the abilities of its rules text and its old types'
--   mana abilities and has the chosen type's; landwalk and "is an Island" read it (502.6b).
--   While the Aura is attached only. The chosen type is not a word of its text (Magical Hack
--   doesn't change it).
local arbiter = require("arbiter")

local TYPES = { "Plains", "Island", "Swamp", "Mountain", "Forest" }

local function as_enters(card, g)
  local chosen = arbiter.ask_choose(g, card.controller, "land type", TYPES, { source = card })
  g:add_static{ source = card, subtypes = { chosen },
    affects = { attached = true } }
end

return arbiter.card{
  name = "Phantasmal Terrain", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "blue" },
  cost = "{U}{U}", enchant = "land", targets = { "land" }, as_enters = as_enters,
  oracle = "Enchant land\nAs Phantasmal Terrain enters the battlefield, choose a basic land type.\n"
    .. "Enchanted land is the chosen type.",
}
