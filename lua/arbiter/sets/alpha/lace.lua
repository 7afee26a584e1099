-- arbiter.sets.alpha.lace — not a card: the -lace cycle (Chaoslace, Deathlace, Lifelace, Purelace,
-- Thoughtlace), "Target spell or permanent becomes <color>. (Its mana symbols remain unchanged.)"
-- A color-changing effect with no duration (it doesn't wear off) on a "spell or permanent" target
-- (413): a spell stays that color as the permanent it becomes (213.5), a permanent while it stays
-- on the battlefield; the new color replaces its colors (the abilities layer, 418.5). lace(name,
-- color, cost) returns the card's definition. The color is a word of its text (words.color, read
-- as it resolves: 418.5a layer 3, Sleight of Mind on the lace spell).
local arbiter = require("arbiter")

return function(name, color, cost)
  local oracle = "Target spell or permanent becomes " .. color .. ". (Its mana symbols remain unchanged.)"
  return arbiter.card{
    name = name, types = { "Instant" }, colors = { color }, cost = cost,
    targets = { "spell or permanent" }, words = { color = color },
    resolve = function(obj, g) g:add_static{ affects = obj.targets[1], colors = obj.card.words.color } end,
    oracle = oracle,
  }
end
