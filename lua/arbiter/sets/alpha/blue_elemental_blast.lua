-- Blue Elemental Blast {U} (Instant)
-- Oracle: "Choose one - Counter target red spell; or destroy target red permanent."
-- Leans on: a modal spell (700.2: the mode chosen as it is cast, among the modes with a legal
--   target); a target filter on color (413: a spell's or permanent's colors now, asked again
--   on resolution); countering (g:counter) and destruction (regeneration applies, 419.6b)
-- Its color word is a word of its text (418.5a layer 3: words.color, read as it applies; Sleight of
--   Mind changes it).
local arbiter = require("arbiter")

return arbiter.card{
  name = "Blue Elemental Blast", types = { "Instant" }, colors = { "blue" }, words = { color = "red" }, cost = "{U}",
  modes = {
    { text = "Counter target red spell.",
      targets = { { what = "spell", filter = function(spell, _, blast) return spell.card:is(blast.words.color) end } },
      resolve = function(obj, g) g:counter(obj.targets[1]) end },
    { text = "Destroy target red permanent.",
      targets = { { what = "permanent", filter = function(c, _, blast) return c:is(blast.words.color) end } },
      resolve = function(obj, g) g:destroy(obj.targets[1]) end },
  },
  oracle = "Choose one - Counter target red spell; or destroy target red permanent.",
}
