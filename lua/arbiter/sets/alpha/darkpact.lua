-- Darkpact {B}{B}{B} (Sorcery)
-- Oracle: "Remove Darkpact from your deck before playing if you're not playing for ante.\nYou
--   own target card in the ante. Exchange that card with the top card of your library."
-- Leans on: ante = true (arbiter.deck.check); a target in the ante (413: {what = "card", zone =
--   "ante"}; a card that leaves the ante before Darkpact resolves is a new object, 217.1c, and
--   Darkpact is countered); g:set_owner (the "owner" event); the exchange: the card goes on top
--   of its new owner's library, the old top card into its owner's ante. With an empty library
--   there is nothing to exchange with: the card stays in the ante, yours.
local arbiter = require("arbiter")

return arbiter.card{
  name = "Darkpact", types = { "Sorcery" }, colors = { "black" }, cost = "{B}{B}{B}", ante = true,
  targets = { { what = "card", zone = "ante" } },
  resolve = function(obj, g)
    local p, c = obj.controller, obj.targets[1]
    g:set_owner(c, p)
    local top = p.library:top()
    if not top then return end
    g:move(top, "ante")
    g:move(c, "library")                  -- on top of its owner's (now p's) library
  end,
  oracle = "Remove Darkpact from your deck before playing if you're not playing for ante.\n"
    .. "You own target card in the ante. Exchange that card with the top card of your library.",
}
