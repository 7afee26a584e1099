-- Stone Rain {2}{R} (Sorcery)
-- Oracle: "Destroy target land."
-- Leans on: a target (413: countered if it is gone or no longer a land as Stone Rain resolves);
--   destruction (g:destroy: a replaceable "destroy" event; regeneration, 419.6b, and
--   indestructible apply)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Stone Rain", types = { "Sorcery" }, colors = { "red" }, cost = "{2}{R}",
  targets = { "land" },
  resolve = function(obj, g) g:destroy(obj.targets[1]) end,
  oracle = "Destroy target land.",
}
