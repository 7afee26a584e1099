-- Aspect of Wolf {1}{G} (Enchantment — Aura)
-- Oracle: "Enchant creature
-- Enchanted creature gets +X/+Y, where X is half the number of Forests you control, rounded
-- down, and Y is half the number of Forests you control, rounded up."
-- Leans on: an Aura spell targets what it will enchant and enters attached to it (212.4); a
--   static ability whose +X/+Y are functions computed in the modify layer (418.5); "you" is the
--   Aura's controller
-- Its basic land type is a word of its text (418.5a layer 3: words.type, read as it applies; Magical Hack changes it).
local arbiter = require("arbiter")

local function forests(g, aura)
  local n = 0
  local t = aura.words.type
  for _, x in ipairs(g:permanents(aura.controller, "Land")) do if x:is(t) then n = n + 1 end end
  return n
end

local install = arbiter.installer(function(g, card)
  return g:add_static{ source = card,
    affects = { attached = true },
    power = function(_, game, aura) return math.floor(forests(game, aura) / 2) end,
    toughness = function(_, game, aura) return math.ceil(forests(game, aura) / 2) end }
end)

return arbiter.card{
  name = "Aspect of Wolf", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "green" }, cost = "{1}{G}",
  enchant = "creature", targets = { "creature" }, install = install, words = { type = "Forest" },
  oracle = "Enchant creature\nEnchanted creature gets +X/+Y, where X is half the number of Forests you control, "
    .. "rounded down, and Y is half the number of Forests you control, rounded up.",
}
