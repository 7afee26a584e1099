-- Aspect of Wolf {1}{G} (Enchantment — Aura)
-- Oracle: "Enchant creature
-- Enchanted creature gets +X/+Y, where X is half the number of Forests you control, rounded
-- down, and Y is half the number of Forests you control, rounded up."
-- Leans on: an Aura spell targets what it will enchant and enters attached to it (212.4); a
--   static ability whose +X/+Y are functions computed in the modify layer (418.5); "you" is the
--   Aura's controller
-- Its basic land type is a word of its text (418.5a layer 3: words.type, read as it applies; Magical Hack changes it).
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

local function forests(_, g, aura)
  return g:count_permanents(aura.controller, aura.words.type)   -- the lands of that land type (c:is)
end

local function half_down(n) return math.floor(n / 2) end
local function half_up(n) return math.ceil(n / 2) end

-- +X and +Y read the Forests once per recomputation (A.counted_pt), not twice
local install = arbiter.installer(function(g, card)
  local power, toughness = A.counted_pt(forests, half_down, half_up)
  return g:add_static{ source = card, affects = { attached = true }, power = power, toughness = toughness }
end)

return arbiter.card{
  name = "Aspect of Wolf", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "green" }, cost = "{1}{G}",
  enchant = "creature", targets = { "creature" }, install = install, words = { type = "Forest" },
  oracle = "Enchant creature\nEnchanted creature gets +X/+Y, where X is half the number of Forests you control, "
    .. "rounded down, and Y is half the number of Forests you control, rounded up.",
}
