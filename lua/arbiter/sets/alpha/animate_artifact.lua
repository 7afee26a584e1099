-- Animate Artifact {3}{U} (Enchantment — Aura)
-- Oracle: "Enchant artifact
-- As long as enchanted artifact isn't a creature, it's an artifact creature with power and toughness each equal
--   to its converted mana cost."
-- Leans on: an Aura (212.4, enchant artifact); a static ability (418.5) on the enchanted artifact:
--   the Creature type added (the type layer) and base power and toughness its converted mana cost
--   (the set layer; {X} counts 0); "isn't a creature" read from its printed types (no other Alpha
--   effect makes an artifact a creature, and two Animate Artifacts give the same values). Animated,
--   it attacks, blocks and is summoning-sick like any creature (502.5b).
local arbiter = require("arbiter")

local function printed_creature(c)
  for _, t in ipairs(c.definition.types) do if t == "Creature" then return true end end
  return false
end

local function cmc(c) return arbiter.parse_cost(c.definition.cost).total end

local install = arbiter.installer(function(g, card)
  return g:add_static{ source = card, types = { "Creature" }, set_power = cmc, set_toughness = cmc,
    affects = { attached = true, where = function(c) return not printed_creature(c) end } }
end)

return arbiter.card{
  name = "Animate Artifact", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "blue" },
  cost = "{3}{U}", targets = { "artifact" }, enchant = "artifact", install = install,
  oracle = "Enchant artifact\nAs long as enchanted artifact isn't a creature, it's an artifact creature with power " ..
    "and toughness each equal to its converted mana cost.",
}
