-- Shivan Dragon (Creature — Dragon 5/5, 4RR): "Flying. {R}: Shivan Dragon gets +1/+0 until end
-- of turn."
-- The Alpha set's card (lua/arbiter/sets/alpha/shivan_dragon.lua): one copy of each card.
-- Firebreathing: an activated ability with a mana cost and no {T}, played any number of times
-- (each on the stack, 406). If the Dragon left the battlefield before it resolves, its "this
-- creature" is gone (obj.source_moved).
return { def = require("arbiter.sets.alpha.shivan_dragon") }
