-- Giant Growth (Instant, G): "Target creature gets +3/+3 until end of turn."
-- A continuous effect (418.5 modify layer) that ends in the cleanup step.
-- The Alpha set's card (lua/arbiter/sets/alpha/giant_growth.lua): one copy of each card.
return { def = require("arbiter.sets.alpha.giant_growth") }
