-- Unsummon (Instant, U): "Return target creature to its owner's hand."
-- g:move puts a card into its owner's zone: a creature Ann controls but Bob owns goes to Bob's
-- hand. Any Aura on it goes to the graveyard (state-based), its damage and effects stay behind.
local arbiter = require("arbiter")

local def = arbiter.card{ name = "Unsummon", types = { "Instant" }, colors = { "blue" }, cost = "{U}",
  targets = { "creature" },
  resolve = function(obj, g) g:move(obj.targets[1], "hand") end }

return { def = def }
