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

-- The engine computes an effect's +X and +Y for a card together, power first, once per
-- recomputation (docs/API.md, g:add_static: "at most once per card and recomputation"; nothing
-- changes between the two): the count power reads is kept for the toughness right after it, for
-- that card alone, and used once, so the lands are read once, not twice (~17 K instructions a
-- read with 9 lands). A toughness asked with no count kept counts for itself.
local install = arbiter.installer(function(g, card)
  local kept_for, kept = nil, 0
  return g:add_static{ source = card,
    affects = { attached = true },
    power = function(c, game, aura)
      kept_for = nil
      kept = forests(game, aura)
      kept_for = c
      return math.floor(kept / 2)
    end,
    toughness = function(c, game, aura)
      local n = kept_for == c and kept or forests(game, aura)
      kept_for = nil
      return math.ceil(n / 2)
    end }
end)

return arbiter.card{
  name = "Aspect of Wolf", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "green" }, cost = "{1}{G}",
  enchant = "creature", targets = { "creature" }, install = install, words = { type = "Forest" },
  oracle = "Enchant creature\nEnchanted creature gets +X/+Y, where X is half the number of Forests you control, "
    .. "rounded down, and Y is half the number of Forests you control, rounded up.",
}
