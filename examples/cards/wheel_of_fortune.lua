-- Wheel of Fortune (Sorcery, 2R): "Each player discards his or her hand and draws seven cards."
-- The spell is on the stack while it resolves, so it doesn't discard itself: it goes to its
-- owner's graveyard once it has resolved (413). Each player discards, then draws (active
-- player first, 423.2a).
-- The Alpha set's card (lua/arbiter/sets/alpha/wheel_of_fortune.lua): one copy of each card.
return { def = require("arbiter.sets.alpha.wheel_of_fortune") }
