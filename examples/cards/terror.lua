-- Terror (Instant, 1B): "Destroy target nonartifact, nonblack creature. It can't be
-- regenerated."
-- A target restriction is a filter on the target kind (413: asked as Terror is cast and again
-- as it resolves: a creature turned black in response makes Terror fizzle). "It can't be
-- regenerated": g:destroy(c, {regenerate = false}), which no regeneration shield replaces.
local arbiter = require("arbiter")

local def = arbiter.card{ name = "Terror", types = { "Instant" }, colors = { "black" }, cost = "{1}{B}",
  targets = { { what = "creature", filter = function(c) return not c:is("Artifact") and not c:is("black") end } },
  resolve = function(obj, g) g:destroy(obj.targets[1], { regenerate = false }) end }

return { def = def }
