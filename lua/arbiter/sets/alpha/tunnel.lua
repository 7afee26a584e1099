-- Tunnel {R} (Instant)
-- Oracle: "Destroy target Wall. It can't be regenerated."
-- Leans on: a target filter on the creature type (413: asked again on resolution);
--   destruction no regeneration shield replaces (419.6b: g:destroy(c, {regenerate = false}))
local arbiter = require("arbiter")

return arbiter.card{
  name = "Tunnel", types = { "Instant" }, colors = { "red" }, cost = "{R}",
  targets = { { what = "creature", filter = function(c) return c:is("Wall") end } },
  resolve = function(obj, g) g:destroy(obj.targets[1], { regenerate = false }) end,
  oracle = "Destroy target Wall. It can't be regenerated.",
}
