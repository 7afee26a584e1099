-- Aspect of Wolf {1}{G} (Enchantment — Aura)
-- Oracle: "Enchant creature
-- Enchanted creature gets +X/+Y, where X is half the number of Forests you control, rounded
-- down, and Y is half the number of Forests you control, rounded up."
-- Leans on: an Aura spell targets what it will enchant and enters attached to it (212.4); a
--   static ability whose +X/+Y are declared counts, counted by the core in the modify layer
--   (418.5); "you" is the Aura's controller (the effect's source)
-- Its basic land type is a word of its text (418.5a layer 3: words.type, read as it applies; Magical Hack changes it).
local arbiter = require("arbiter")

-- the lands of its text's land type the Aura's controller controls
local FORESTS = { is_word = "type", controller = "you" }

local install = arbiter.installer(function(g, card)
  return g:add_static{ source = card, affects = { attached = true },
    power = { count = FORESTS, halve = "down" }, toughness = { count = FORESTS, halve = "up" } }
end)

return arbiter.card{
  name = "Aspect of Wolf", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "green" }, cost = "{1}{G}",
  enchant = "creature", targets = { "creature" }, install = install, words = { type = "Forest" },
  oracle = "Enchant creature\nEnchanted creature gets +X/+Y, where X is half the number of Forests you control, "
    .. "rounded down, and Y is half the number of Forests you control, rounded up.",
}
