-- Black Vise {1} (Artifact)
-- Oracle: "As Black Vise enters the battlefield, choose an opponent.
-- At the beginning of the chosen player's upkeep, Black Vise deals X damage to that player, where X is the number
--   of cards in his or her hand minus 4."
-- Leans on: as_enters (the choice made as it enters: choose(p, "opponent", opponents, ctx)); a
--   triggered ability on the upkeep's "step" event (410) of the chosen player's turns (turn = that
--   player: the core skips it in other turns, no condition asked) registered with the choice, ending
--   when Black Vise leaves the battlefield; X counted as the ability resolves; damage (no damage
--   when X is 0 or less)
-- The chosen player is kept by index (a clone of the game reads its own player).
local arbiter = require("arbiter")

local function as_enters(card, g)
  local options = {}
  for _, q in ipairs(g.players) do
    if q ~= card.controller and not q.lost then options[#options + 1] = q end
  end
  if #options == 0 then return end
  local chosen = arbiter.ask_choose(g, card.controller, "opponent", options, { source = card }).index
  g:trigger{ event = "step", source = card, controller = card.controller, name = "Black Vise",
    step = "upkeep", turn = g.players[chosen],
    effect = function(_, game, vise)
      local p = game.players[chosen]
      local x = #p.hand - 4
      if x > 0 then game:damage(vise, p, x) end
    end }
end

return arbiter.card{
  name = "Black Vise", types = { "Artifact" }, cost = "{1}", as_enters = as_enters,
  oracle = "As Black Vise enters the battlefield, choose an opponent.\nAt the beginning of the chosen player's "
    .. "upkeep, Black Vise deals X damage to that player, where X is the number of cards in his or her hand minus 4.",
}
