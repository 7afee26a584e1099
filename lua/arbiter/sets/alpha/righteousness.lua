-- Righteousness {W} (Instant)
-- Oracle: "Target blocking creature gets +7/+7 until end of turn."
-- Leans on: combat (a blocking creature: c.blocking, one of g:blocks()'s blockers, still in combat); a
--   target filter asked again on resolution (413: a blocker removed from combat is no longer
--   a legal target); g:modify until end of turn
local arbiter = require("arbiter")

local function blocking(c) return c.blocking end

return arbiter.card{
  name = "Righteousness", types = { "Instant" }, colors = { "white" }, cost = "{W}",
  targets = { { what = "creature", filter = blocking } },
  resolve = function(obj, g) g:modify(obj.targets[1], 7, 7) end,
  oracle = "Target blocking creature gets +7/+7 until end of turn.",
}
