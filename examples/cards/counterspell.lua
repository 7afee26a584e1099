-- Counterspell (Instant, UU): "Counter target spell."
-- Its target is a stack object (a "spell" target, 413); a countered spell goes to its owner's
-- graveyard. If the target has already left the stack, Counterspell is countered on
-- resolution itself.
local arbiter = require("arbiter")

local def = arbiter.card{ name = "Counterspell", types = { "Instant" }, colors = { "blue" }, cost = "{U}{U}",
  targets = { "spell" },
  resolve = function(obj, g) g:counter(obj.targets[1]) end }

return { def = def }
