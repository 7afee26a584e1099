-- Unsummon (Instant, U): "Return target creature to its owner's hand."
-- g:move puts a card into its owner's zone: a creature Ann controls but Bob owns goes to Bob's
-- hand. Any Aura on it goes to the graveyard (state-based), its damage and effects stay behind.
-- The Alpha set's card (lua/arbiter/sets/alpha/unsummon.lua): one copy of each card.
return { def = require("arbiter.sets.alpha.unsummon") }
