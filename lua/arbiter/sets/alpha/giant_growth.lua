-- Giant Growth {G} (Instant)
-- Oracle: "Target creature gets +3/+3 until end of turn."
-- Leans on: a target checked on casting and on resolution (413); a continuous effect in the
--   power/toughness layer (418.5) that ends in the cleanup step
-- examples/cards/giant_growth.lua returns this definition.
local arbiter = require("arbiter")

return arbiter.card{
  name = "Giant Growth", types = { "Instant" }, colors = { "green" }, cost = "{G}",
  targets = { "creature" },
  resolve = function(obj, g, growth)
    g:add_static{ source = growth, affects = obj.targets[1], power = 3, toughness = 3, duration = "end_of_turn" }
  end,
  oracle = "Target creature gets +3/+3 until end of turn.",
}
