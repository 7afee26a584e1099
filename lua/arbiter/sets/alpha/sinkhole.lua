-- Sinkhole {B}{B} (Sorcery)
-- Oracle: "Destroy target land."
-- Leans on: a target (413: countered if it is gone or no longer a land as Sinkhole resolves);
--   destruction (g:destroy: a replaceable "destroy" event; regeneration, 419.6b, and
--   indestructible apply)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Sinkhole", types = { "Sorcery" }, colors = { "black" }, cost = "{B}{B}",
  targets = { "land" },
  resolve = function(obj, g) g:destroy(obj.targets[1]) end,
  oracle = "Destroy target land.",
}
