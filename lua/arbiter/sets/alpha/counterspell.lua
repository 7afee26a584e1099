-- Counterspell {U}{U} (Instant)
-- Oracle: "Counter target spell."
-- Leans on: a spell target (413); countering (a countered spell goes to its owner's graveyard)
-- If its target has already left the stack, Counterspell is countered on resolution itself.
local arbiter = require("arbiter")

return arbiter.card{
  name = "Counterspell", types = { "Instant" }, colors = { "blue" }, cost = "{U}{U}",
  targets = { "spell" },
  resolve = function(obj, g) g:counter(obj.targets[1]) end,
  oracle = "Counter target spell.",
}
