-- Terror (Instant, 1B): "Destroy target nonartifact, nonblack creature. It can't be
-- regenerated."
-- A target restriction is a filter on the target kind (413: asked as Terror is cast and again
-- as it resolves: a creature turned black in response makes Terror fizzle). "It can't be
-- regenerated": g:destroy(c, {regenerate = false}), which no regeneration shield replaces.
-- The Alpha set's card (lua/arbiter/sets/alpha/terror.lua): one copy of each card.
return { def = require("arbiter.sets.alpha.terror") }
