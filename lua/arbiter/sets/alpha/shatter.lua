-- Shatter {1}{R} (Instant)
-- Oracle: "Destroy target artifact."
-- Leans on: a target (413: countered if it is gone or no longer an artifact as Shatter resolves);
--   destruction (g:destroy: a replaceable "destroy" event; regeneration, 419.6b, and
--   indestructible apply)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Shatter", types = { "Instant" }, colors = { "red" }, cost = "{1}{R}",
  targets = { "artifact" },
  resolve = function(obj, g) g:destroy(obj.targets[1]) end,
  oracle = "Destroy target artifact.",
}
