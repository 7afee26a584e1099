-- Howling Mine (Artifact, 2): "At the beginning of each player's draw step, if Howling Mine is
-- untapped, that player draws an additional card."
--
-- A trigger on the "step" event (each step of a turn records one; see arbiter.turn). The
-- intervening "if" is checked when it triggers and again on resolution; the extra card is
-- drawn when the ability resolves, at the end of the draw step's priority moment (g:settle).
local arbiter = require("arbiter")

local def = arbiter.card{ name = "Howling Mine", types = { "Artifact" }, cost = 2 }

local function install(g, card)
  local function live() return card.zone == "battlefield" and not card.tapped end
  return g:trigger{
    event = "step", controller = card.controller, source = card, name = "Howling Mine",
    condition = function(ev) return ev.step == "draw" and live() end,
    effect = function(ev) if live() then g:draw(ev.player) end end,
  }
end

return { def = def, install = install }
