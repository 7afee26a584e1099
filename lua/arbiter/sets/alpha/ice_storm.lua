-- Ice Storm {2}{G} (Sorcery)
-- Oracle: "Destroy target land."
-- Leans on: a target checked on resolution (413); destruction (g:destroy: regeneration and
--   indestructible apply)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Ice Storm", types = { "Sorcery" }, colors = { "green" }, cost = "{2}{G}",
  targets = { "land" },
  resolve = function(obj, g) g:destroy(obj.targets[1]) end,
  oracle = "Destroy target land.",
}
