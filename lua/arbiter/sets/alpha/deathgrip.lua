-- Deathgrip {B}{B} (Enchantment)
-- Oracle: "{B}{B}: Counter target green spell."
-- Leans on: an activated ability (409); a spell target with a filter on its current color (413;
--   a spell's colors are its card's, changed by effects: 213.5, 418.5), checked again on
--   resolution (a spell turned blue in response is no longer a legal target: Deathgrip's ability
--   is countered)
-- Its color word is a word of its text (418.5a layer 3: words.color, read as it applies; Sleight of
--   Mind changes it).
local arbiter = require("arbiter")

local function green(o, _, grip) return o.card:is(grip.words.color) end

return arbiter.card{
  name = "Deathgrip", types = { "Enchantment" }, colors = { "black" }, cost = "{B}{B}", words = { color = "green" },
  activated = { { cost = "{B}{B}", targets = { { what = "spell", filter = green } },
    resolve = function(obj, g) g:counter(obj.targets[1]) end } },
  oracle = "{B}{B}: Counter target green spell.",
}
