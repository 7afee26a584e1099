-- Wheel of Fortune (Sorcery, 2R): "Each player discards his or her hand and draws seven cards."
-- The spell is on the stack while it resolves, so it doesn't discard itself: it goes to its
-- owner's graveyard once it has resolved (413). Each player discards, then draws (active
-- player first, 423.2a).
local arbiter = require("arbiter")

local def = arbiter.card{ name = "Wheel of Fortune", types = { "Sorcery" }, colors = { "red" }, cost = "{2}{R}",
  resolve = function(_, g)
    for _, p in ipairs(g:apnap()) do
      local n = #p.hand
      if n > 0 then g:discard(p, n) end
    end
    g:draw_each(7)
  end }

return { def = def }
