-- Icy Manipulator (Artifact, 4): "{1}, {T}: Tap target artifact, creature, or land."
-- A cost of mana and {T} ("{1},{T}"); the target is a permanent with one of three types, a
-- filter on "permanent". Played in the opponent's upkeep, it keeps a creature from attacking.
local arbiter = require("arbiter")

local function tappable(c) return c:is("Artifact") or c:is("Creature") or c:is("Land") end

local def = arbiter.card{ name = "Icy Manipulator", types = { "Artifact" }, cost = "{4}",
  activated = { { cost = "{1},{T}", targets = { { what = "permanent", filter = tappable } },
    effect = function(obj) obj.targets[1]:tap() end } } }

return { def = def }
