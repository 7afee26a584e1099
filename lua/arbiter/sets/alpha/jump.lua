-- Jump {U} (Instant)
-- Oracle: "Target creature gains flying until end of turn."
-- Leans on: a target checked on resolution (413); an ability granted until the cleanup step
--   (g:grant); flying matters as blockers are declared (502.4b, 501.3: gained after blocks, it
--   changes nothing)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Jump", types = { "Instant" }, colors = { "blue" }, cost = "{U}",
  targets = { "creature" },
  resolve = function(obj, g) g:grant(obj.targets[1], "flying") end,
  oracle = "Target creature gains flying until end of turn.",
}
