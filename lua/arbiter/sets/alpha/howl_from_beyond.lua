-- Howl from Beyond {X}{B} (Instant)
-- Oracle: "Target creature gets +X/+0 until end of turn."
-- Leans on: {X} in a cost (407: obj.x, the X chosen as it was cast); a target checked on
--   resolution (413); a power/toughness effect until the cleanup step (g:modify, 418.5)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Howl from Beyond", types = { "Instant" }, colors = { "black" }, cost = "{X}{B}",
  targets = { "creature" },
  resolve = function(obj, g) g:modify(obj.targets[1], obj.x, 0) end,
  oracle = "Target creature gets +X/+0 until end of turn.",
}
