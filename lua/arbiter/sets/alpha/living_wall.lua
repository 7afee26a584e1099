-- Living Wall {4} (Artifact Creature — Wall 0/6)
-- Oracle: "Defender (This creature can't attack.)
-- {1}: Regenerate Living Wall."
-- Leans on: defender; regeneration shields (419.6b: g:regenerate), an activated ability on the
--   stack (406); an ability whose source left the battlefield regenerates nothing (217.1c:
--   obj.source_moved: the Wall that returns is a new object).
-- Alpha printed "Walls can't attack"; the Oracle's defender is the same rule.
local arbiter = require("arbiter")

return arbiter.card{
  name = "Living Wall", types = { "Artifact", "Creature" }, subtypes = { "Wall" },
  cost = "{4}", power = 0, toughness = 6, abilities = { "defender" },
  activated = { { cost = "{1}", effect = function(obj, g, wall)
    if not obj.source_moved then g:regenerate(wall) end
  end } },
  oracle = "Defender (This creature can't attack.)\n{1}: Regenerate Living Wall.",
}
