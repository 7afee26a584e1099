-- Sedge Troll {2}{R} (Creature — Troll 2/2)
-- Oracle: "Sedge Troll gets +1/+1 as long as you control a Swamp.
-- {B}: Regenerate Sedge Troll."
-- Leans on: a static ability (418; the power/toughness layer, 418.5, asking the land types its
--   controller's lands have now, so a land that becomes a Swamp counts: g:count_permanents by land
--   type); regeneration (419.6b)
-- Its basic land type is a word of its text (418.5a layer 3: words.type, read as it applies; Magical Hack changes it).
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

local install = arbiter.installer(function(g, card)
  return g:add_static{ source = card, power = 1, toughness = 1,
    affects = { self = true,
      where = function(_, game, troll) return game:count_permanents(troll.controller, troll.words.type) > 0 end } }
end)

return arbiter.card{
  name = "Sedge Troll", types = { "Creature" }, subtypes = { "Troll" }, colors = { "red" },
  cost = "{2}{R}", power = 2, toughness = 2, install = install, words = { type = "Swamp" },
  activated = { { cost = "{B}", effect = A.regenerate } },
  oracle = "Sedge Troll gets +1/+1 as long as you control a Swamp.\n{B}: Regenerate Sedge Troll.",
}
