-- Howling Mine {2} (Artifact)
-- Oracle: "At the beginning of each player's draw step, if Howling Mine is untapped, that player
--   draws an additional card."
-- Leans on: a triggered ability on the "step" event (410); the intervening "if" checked as it
--   triggers and again on resolution; the extra card is a real draw (423)
-- examples/cards/howling_mine.lua returns this definition.
local arbiter = require("arbiter")

-- The hooks use their arguments (ev, game, mine: the source card in the game they run in),
-- not upvalues: one definition serves every game, clones included.
local function live(mine) return mine.zone == "battlefield" and not mine.tapped end

local install = arbiter.installer(function(g, card)
  return g:trigger{
    event = "step", controller = card.controller, source = card, name = "Howling Mine",
    step = "draw", condition = function(_, _, mine) return live(mine) end,
    effect = function(ev, game, mine) if live(mine) then game:draw(ev.player) end end,
  }
end)

return arbiter.card{
  name = "Howling Mine", types = { "Artifact" }, cost = "{2}", install = install,
  oracle = "At the beginning of each player's draw step, if Howling Mine is untapped, that player draws an " ..
    "additional card.",
}
