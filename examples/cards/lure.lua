-- Lure (Enchantment — Aura, 1GG): "Enchant creature. All creatures able to block enchanted
-- creature do so." The engine's "lure" ability is exactly that; each Lure is one instance
-- (two Lures on one creature are two requirements: the two-Lures ruling, text 004).
--
-- An Aura: it is attached to the creature it enchants (g:attach, or by resolving as a spell
-- that targets it), and its static ability affects whatever it is attached to now
-- (aura.attached_to). When the creature leaves, the Lure is attached to nothing and goes to
-- its owner's graveyard as a state-based action; when the Lure leaves, its effect ends.
local arbiter = require("arbiter")

-- Lure's static ability, registered once per stay on the battlefield (the engine calls it as
-- the Lure enters: cast as an Aura spell targeting a creature, it resolves attached to it)
local register = arbiter.installer(function(g, card)
  return g:add_static{
    source = card, abilities = { "lure" },
    affects = function(c, _, lure) return c == lure.attached_to end,
  }
end)

-- install(g, card[, creature]): Lure's static ability; with a creature, Lure is attached to it.
local function install(g, card, creature)
  local h = register(g, card)
  if creature then g:attach(card, creature) end
  return h
end

local def = arbiter.card{ name = "Lure", types = { "Enchantment" }, subtypes = { "Aura" },
  colors = { "green" }, targets = { "creature" }, install = register }

return { def = def, install = install }
