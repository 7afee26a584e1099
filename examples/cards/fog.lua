-- Fog (Instant, G): "Prevent all combat damage that would be dealt this turn."
-- A prevention effect is a replacement of damage events (combat damage events carry
-- ev.combat); it lasts until the cleanup step.
local arbiter = require("arbiter")

local def = arbiter.card{ name = "Fog", types = { "Instant" }, colors = { "green" }, cost = "{G}",
  resolve = function(_, g)
    g:add_replacement{ event = "damage", name = "Fog", duration = "end_of_turn",
      applies = function(ev) return ev.combat end,
      replace = function() end }                  -- nothing happens instead: prevented
  end }

return { def = def }
