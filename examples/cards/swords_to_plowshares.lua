-- Swords to Plowshares (Instant, W): "Remove target creature from the game. Its controller
-- gains life equal to its power."
-- Its controller and power are read before it leaves (last known information): once exiled it
-- is a new object in another zone.
local arbiter = require("arbiter")

local def = arbiter.card{ name = "Swords to Plowshares", types = { "Instant" }, colors = { "white" }, cost = "{W}",
  targets = { "creature" },
  resolve = function(obj, g)
    local c = obj.targets[1]
    local controller, power = c.controller, c.power
    g:move(c, "exile")
    if power > 0 then g:gain_life(controller, power) end
  end }

return { def = def }
