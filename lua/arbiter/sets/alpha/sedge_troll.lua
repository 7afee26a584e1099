-- Sedge Troll {2}{R} (Creature — Troll 2/2)
-- Oracle: "Sedge Troll gets +1/+1 as long as you control a Swamp.
-- {B}: Regenerate Sedge Troll."
-- Leans on: a static ability (418; the power/toughness layer, 418.5, asking the land types its
--   controller's lands have now, so a land that becomes a Swamp counts); regeneration (419.6b)
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

local function controls_a_swamp(g, p)
  for _, land in ipairs(g:permanents(p, "Land")) do
    if land:is("Swamp") then return true end
  end
  return false
end

local install = arbiter.installer(function(g, card)
  return g:add_static{ source = card, power = 1, toughness = 1,
    affects = function(c, game, troll) return c == troll and controls_a_swamp(game, troll.controller) end }
end)

return arbiter.card{
  name = "Sedge Troll", types = { "Creature" }, subtypes = { "Troll" }, colors = { "red" },
  cost = "{2}{R}", power = 2, toughness = 2, install = install,
  activated = { { cost = "{B}", effect = A.regenerate } },
  oracle = "Sedge Troll gets +1/+1 as long as you control a Swamp.\n{B}: Regenerate Sedge Troll.",
}
