-- Fog {G} (Instant)
-- Oracle: "Prevent all combat damage that would be dealt this turn."
-- Leans on: prevention as a replacement of damage events (419.6); combat damage (310)
-- Combat damage events carry ev.combat; the effect lasts until the cleanup step. Noncombat damage
-- still happens.
local arbiter = require("arbiter")

return arbiter.card{
  name = "Fog", types = { "Instant" }, colors = { "green" }, cost = "{G}",
  resolve = function(_, g)
    g:add_replacement{ event = "damage", name = "Fog", duration = "end_of_turn",
      applies = function(ev) return ev.combat end,
      replace = function() end }                  -- nothing happens instead: prevented
  end,
  oracle = "Prevent all combat damage that would be dealt this turn.",
}
