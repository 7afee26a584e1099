-- Swords to Plowshares (Instant, W): "Remove target creature from the game. Its controller
-- gains life equal to its power."
-- Its controller and power are read before it leaves (last known information): once exiled it
-- is a new object in another zone.
-- The Alpha set's card (lua/arbiter/sets/alpha/swords_to_plowshares.lua): one copy of each card.
return { def = require("arbiter.sets.alpha.swords_to_plowshares") }
