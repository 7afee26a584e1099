-- Disenchant {1}{W} (Instant)
-- Oracle: "Destroy target artifact or enchantment."
-- Leans on: a target with a filter, checked on casting and on resolution (413); destruction
local arbiter = require("arbiter")

return arbiter.card{
  name = "Disenchant", types = { "Instant" }, colors = { "white" }, cost = "{1}{W}",
  targets = { { what = "permanent", filter = function(c) return c:is("Artifact") or c:is("Enchantment") end } },
  resolve = function(obj, g) g:destroy(obj.targets[1]) end,
  oracle = "Destroy target artifact or enchantment.",
}
