-- Giant Growth (Instant, G): "Target creature gets +3/+3 until end of turn."
-- A continuous effect (418.5 modify layer) that ends in the cleanup step.
local arbiter = require("arbiter")

local def = arbiter.card{ name = "Giant Growth", types = { "Instant" }, colors = { "green" }, cost = "{G}",
  targets = { "creature" },
  resolve = function(obj, g, growth)
    g:add_static{ source = growth, affects = obj.targets[1], power = 3, toughness = 3, duration = "end_of_turn" }
  end }

return { def = def }
