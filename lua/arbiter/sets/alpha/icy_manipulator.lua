-- Icy Manipulator {4} (Artifact)
-- Oracle: "{1}, {T}: Tap target artifact, creature, or land."
-- Leans on: a cost of mana and {T} ("{1},{T}", 407); a target among three types (a filter on
--   "permanent", checked on casting and on resolution, 413). Played in the opponent's upkeep,
--   it keeps a creature from attacking (a tapped creature can't attack, 500).
-- examples/cards/icy_manipulator.lua returns this definition.
local arbiter = require("arbiter")

local function tappable(c) return c:is("Artifact") or c:is("Creature") or c:is("Land") end

return arbiter.card{
  name = "Icy Manipulator", types = { "Artifact" }, cost = "{4}",
  activated = { { cost = "{1},{T}", targets = { { what = "permanent", filter = tappable } },
    effect = function(obj) obj.targets[1]:tap() end } },
  oracle = "{1}, {T}: Tap target artifact, creature, or land.",
}
