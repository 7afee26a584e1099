-- Drudge Skeletons {1}{B} (Creature — Skeleton 1/1)
-- Oracle: "{B}: Regenerate Drudge Skeletons. (The next time this creature would be destroyed
-- this turn, it isn't. Instead tap it, remove all damage from it, and remove it from combat.)"
-- Leans on: activated abilities (406); regeneration (419.6b); new objects (217.1c)
-- If the Skeletons left the battlefield after the ability was activated, it shields nothing (the
-- card back on the battlefield is a new object: obj.source_moved).
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

return arbiter.card{
  name = "Drudge Skeletons", types = { "Creature" }, subtypes = { "Skeleton" }, colors = { "black" },
  cost = "{1}{B}", power = 1, toughness = 1,
  activated = { { cost = "{B}", effect = A.regenerate } },
  oracle = "{B}: Regenerate Drudge Skeletons. (The next time this creature would be destroyed this turn, " ..
    "it isn't. Instead tap it, remove all damage from it, and remove it from combat.)",
}
