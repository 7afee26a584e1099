-- Lure (Enchantment — Aura, 1GG): "Enchant creature. All creatures able to block enchanted
-- creature do so." The engine's "lure" ability is exactly that; each Lure is one instance
-- (two Lures on one creature are two requirements: the two-Lures ruling, text 004).
--
-- An Aura: it is attached to the creature it enchants (g:attach, or by resolving as a spell
-- that targets it), and its static ability affects whatever it is attached to now
-- (aura.attached_to). When the creature leaves, the Lure is attached to nothing and goes to
-- its owner's graveyard as a state-based action; when the Lure leaves, its effect ends.
-- The Alpha set's card (lua/arbiter/sets/alpha/lure.lua): one copy of each card.
local def = require("arbiter.sets.alpha.lure")
local register = def.install   -- the static ability, registered once per stay on the battlefield

-- install(g, card[, creature]): Lure's static ability; with a creature, Lure is attached to it.
local function install(g, card, creature)
  local h = register(g, card)
  if creature then g:attach(card, creature) end
  return h
end

return { def = def, install = install }
