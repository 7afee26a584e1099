-- Brainstorm (Instant, U): "Draw three cards, then put two cards from your hand on top of your
-- library in any order."
-- The player chooses each card to put back: choose(p, "brainstorm", hand, ctx), the second one
-- chosen ends up on top.
local arbiter = require("arbiter")

local def = arbiter.card{ name = "Brainstorm", types = { "Instant" }, colors = { "blue" }, cost = "{U}",
  resolve = function(obj, g)
    local p = obj.controller
    g:draw(p, 3)
    for i = 1, 2 do
      local hand = p.hand:cards()
      if #hand == 0 then return end
      local c = arbiter.ask_choose(g, p, "brainstorm", hand, { index = i, count = 2 })
      g:move(c, "library")                        -- on top (g:move's default for a library)
    end
  end }

return { def = def }
