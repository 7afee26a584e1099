-- Deathgrip {B}{B} (Enchantment)
-- Oracle: "{B}{B}: Counter target green spell."
-- Leans on: an activated ability (409); a spell target with a filter on its current color (413;
--   a spell's colors are its card's, changed by effects: 213.5, 418.5), checked again on
--   resolution (a spell turned blue in response is no longer a legal target: Deathgrip's ability
--   is countered)
local arbiter = require("arbiter")

local function green(o) return o.card:is("green") end

return arbiter.card{
  name = "Deathgrip", types = { "Enchantment" }, colors = { "black" }, cost = "{B}{B}",
  activated = { { cost = "{B}{B}", targets = { { what = "spell", filter = green } },
    resolve = function(obj, g) g:counter(obj.targets[1]) end } },
  oracle = "{B}{B}: Counter target green spell.",
}
