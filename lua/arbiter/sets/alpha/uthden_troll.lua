-- Uthden Troll {2}{R} (Creature — Troll 2/2)
-- Oracle: "{R}: Regenerate Uthden Troll."
-- Leans on: an activated ability on the stack (406); regeneration (419.6b: a shield until the
--   cleanup step; the next destruction taps it, removes its damage and takes it out of combat)
-- A regeneration shield belongs to the object: one activated by a creature that has left play
-- since protects nothing (obj.source_moved, 217.1c).
local arbiter = require("arbiter")

local function regenerate(obj, g, self)
  if not obj.source_moved then g:regenerate(self) end
end

return arbiter.card{
  name = "Uthden Troll", types = { "Creature" }, subtypes = { "Troll" }, colors = { "red" },
  cost = "{2}{R}", power = 2, toughness = 2,
  activated = { { cost = "{R}", effect = regenerate } },
  oracle = "{R}: Regenerate Uthden Troll.",
}
