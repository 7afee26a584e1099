-- Lightning Bolt {R} (Instant)
-- Oracle: "Lightning Bolt deals 3 damage to any target."
-- Leans on: a target checked on casting and on resolution (413: a creature gone means no
--   damage); damage (prevention and protection apply). "Any target" is the era's "target
--   creature or player" (there are no planeswalkers in these rules).
-- examples/cards/lightning_bolt.lua returns this definition.
local arbiter = require("arbiter")

return arbiter.card{
  name = "Lightning Bolt", types = { "Instant" }, colors = { "red" }, cost = "{R}",
  targets = { "creature or player" },
  resolve = function(obj, g, bolt) g:damage(bolt, obj.targets[1], 3) end,
  oracle = "Lightning Bolt deals 3 damage to any target.",
}
