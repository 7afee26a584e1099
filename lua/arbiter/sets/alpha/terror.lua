-- Terror {1}{B} (Instant)
-- Oracle: "Destroy target nonartifact, nonblack creature. It can't be regenerated."
-- Leans on: a target filter, asked as Terror is cast and again as it resolves (413: a creature
--   turned black in response makes it fizzle); destruction that no regeneration shield
--   replaces (419.6b: g:destroy(c, {regenerate = false}))
-- examples/cards/terror.lua returns this definition.
local arbiter = require("arbiter")

return arbiter.card{
  name = "Terror", types = { "Instant" }, colors = { "black" }, cost = "{1}{B}",
  targets = { { what = "creature", filter = function(c) return not c:is("Artifact") and not c:is("black") end } },
  resolve = function(obj, g) g:destroy(obj.targets[1], { regenerate = false }) end,
  oracle = "Destroy target nonartifact, nonblack creature. It can't be regenerated.",
}
