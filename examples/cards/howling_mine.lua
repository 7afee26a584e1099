-- Howling Mine (Artifact, 2): "At the beginning of each player's draw step, if Howling Mine is
-- untapped, that player draws an additional card."
--
-- A trigger on the "step" event (each step of a turn records one; see arbiter.turn). The
-- intervening "if" is checked when it triggers and again on resolution; the extra card is
-- drawn when the ability resolves, at the end of the draw step's priority moment (g:settle).
local arbiter = require("arbiter")


-- The hooks use their arguments (ev, game, mine: the source card in the game they run in),
-- not the upvalues g and card: a clone of the game shares these functions.
local function live(mine) return mine.zone == "battlefield" and not mine.tapped end

local function install(g, card)
  return g:trigger{
    event = "step", controller = card.controller, source = card, name = "Howling Mine",
    condition = function(ev, _, mine) return ev.step == "draw" and live(mine) end,
    effect = function(ev, game, mine) if live(mine) then game:draw(ev.player) end end,
  }
end
install = arbiter.installer(install)   -- once per stay on the battlefield

-- the definition carries install: the engine calls it whenever the card enters the battlefield
local def = arbiter.card{ name = "Howling Mine", types = { "Artifact" }, cost = 2, install = install }

return { def = def, install = install }
