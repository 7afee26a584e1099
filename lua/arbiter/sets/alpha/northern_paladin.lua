-- Northern Paladin {2}{W}{W} (Creature — Human Knight 3/3)
-- Oracle: "{W}{W}, {T}: Destroy target black permanent."
-- Leans on: an activated ability (406) whose target filter (black: its colors now, 418.5) is
--   checked on activation and again on resolution (413); destruction (regeneration applies)
-- Its color word is a word of its text (418.5a layer 3: words.color, read as it applies; Sleight of Mind changes it).
local arbiter = require("arbiter")

local function black(c, _, paladin) return c:is(paladin.words.color) end

return arbiter.card{
  name = "Northern Paladin", types = { "Creature" }, subtypes = { "Human", "Knight" }, colors = { "white" },
  cost = "{2}{W}{W}", power = 3, toughness = 3, words = { color = "black" },
  activated = { { cost = "{W}{W},{T}", targets = { { what = "permanent", filter = black } },
    effect = function(obj, g) g:destroy(obj.targets[1]) end } },
  oracle = "{W}{W}, {T}: Destroy target black permanent.",
}
