-- Terror {1}{B} (Instant)
-- Oracle: "Destroy target nonartifact, nonblack creature. It can't be regenerated."
-- Leans on: a target filter, asked as Terror is cast and again as it resolves (413: a creature
--   turned black in response makes it fizzle); destruction that no regeneration shield
--   replaces (419.6b: g:destroy(c, {regenerate = false}))
-- examples/cards/terror.lua returns this definition.
-- Its color word is a word of its text (418.5a layer 3: words.color, read as it applies; Sleight of
--   Mind changes it).
local arbiter = require("arbiter")

return arbiter.card{
  name = "Terror", types = { "Instant" }, colors = { "black" }, cost = "{1}{B}",
  targets = { { what = "creature",
    filter = function(c, _, terror) return not c:is("Artifact") and not c:is(terror.words.color) end } },
  words = { color = "black" },
  resolve = function(obj, g) g:destroy(obj.targets[1], { regenerate = false }) end,
  oracle = "Destroy target nonartifact, nonblack creature. It can't be regenerated.",
}
