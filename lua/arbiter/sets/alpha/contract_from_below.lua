-- Contract from Below {B} (Sorcery)
-- Oracle: "Remove Contract from Below from your deck before playing if you're not playing for
--   ante.\nDiscard your hand, add the top card of your library to the ante, then draw seven cards."
-- Leans on: ante = true (arbiter.deck.check refuses it outside an ante game; house.ante's
--   deck_check accepts it); the ante zone (217.8: p.ante, public); discarding one card at a
--   time (003), then drawing seven, each a separate draw (423.2). The spell is on the stack as
--   it resolves, so it doesn't discard itself.
local arbiter = require("arbiter")

return arbiter.card{
  name = "Contract from Below", types = { "Sorcery" }, colors = { "black" }, cost = "{B}", ante = true,
  resolve = function(obj, g)
    local p = obj.controller
    if #p.hand > 0 then g:discard(p, #p.hand) end
    local top = p.library:top()
    if top then g:move(top, "ante") end
    g:draw(p, 7)
  end,
  oracle = "Remove Contract from Below from your deck before playing if you're not playing for ante.\n"
    .. "Discard your hand, add the top card of your library to the ante, then draw seven cards.",
}
