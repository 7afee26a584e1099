-- Frozen Shade {2}{B} (Creature — Shade 0/1)
-- Oracle: "{B}: Frozen Shade gets +1/+1 until end of turn."
-- Leans on: an activated ability with a mana cost and no {T}, played any number of times, each on
--   the stack (406); g:modify until end of turn (cleanup, 003)
-- If the Shade left the battlefield before an activation resolves, its "this creature" is gone
-- (obj.source_moved, 217.1c).
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

return arbiter.card{
  name = "Frozen Shade", types = { "Creature" }, subtypes = { "Shade" }, colors = { "black" },
  cost = "{2}{B}", power = 0, toughness = 1,
  activated = { { cost = "{B}", effect = A.pump(1, 1) } },
  oracle = "{B}: Frozen Shade gets +1/+1 until end of turn.",
}
