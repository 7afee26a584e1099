-- Howling Mine (Artifact, 2): "At the beginning of each player's draw step, if Howling Mine is
-- untapped, that player draws an additional card."
--
-- SIMPLIFIED: the engine records no "step" events yet, so this is a trigger on "draw":
-- "Whenever the active player draws a card (other than with this ability), if Howling Mine is
-- untapped, that player draws an additional card." It waits like any triggered ability and
-- resolves at the next g:settle(). The "if untapped" is checked when it triggers and again on
-- resolution (an intervening "if").
local arbiter = require("arbiter")

local def = arbiter.card{ name = "Howling Mine", types = { "Artifact" } }

local function install(g, card)
  local own = 0             -- > 0 while this ability is drawing
  local function live() return card.zone == "battlefield" and not card.tapped end
  return g:trigger{
    event = "draw", controller = card.controller, source = card, name = "Howling Mine",
    condition = function(ev) return own == 0 and live() and ev.player == g.active_player end,
    effect = function(ev)
      if not live() then return end
      own = own + 1
      local ok, err = pcall(g.draw, g, ev.player)
      own = own - 1
      if not ok then error(err, 0) end
    end,
  }
end

return { def = def, install = install }
