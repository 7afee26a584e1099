-- Royal Assassin (Creature — Human Assassin 1/1, 1BB): "{T}: Destroy target tapped creature."
-- The Alpha set's card (lua/arbiter/sets/alpha/royal_assassin.lua): one copy of each card.
-- The target filter reads the creature's tapped state as the ability is played and again as
-- it resolves (413): a creature untapped in response is no longer a legal target.
return { def = require("arbiter.sets.alpha.royal_assassin") }
