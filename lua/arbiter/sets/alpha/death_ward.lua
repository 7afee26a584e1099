-- Death Ward {W} (Instant)
-- Oracle: "Regenerate target creature."
-- Leans on: a creature target (413); regeneration (419.6b)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Death Ward", types = { "Instant" }, colors = { "white" }, cost = "{W}",
  targets = { "creature" },
  resolve = function(obj, g) g:regenerate(obj.targets[1]) end,
  oracle = "Regenerate target creature.",
}
