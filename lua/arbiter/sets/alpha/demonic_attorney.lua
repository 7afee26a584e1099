-- Demonic Attorney {1}{B}{B} (Sorcery)
-- Oracle: "Remove Demonic Attorney from your deck before playing if you're not playing for
--   ante.\nEach player antes the top card of his or her library."
-- Leans on: ante = true (arbiter.deck.check); the ante zone (217.8: p.ante); each player in
--   turn order (g:apnap), a player with an empty library antes nothing
local arbiter = require("arbiter")

return arbiter.card{
  name = "Demonic Attorney", types = { "Sorcery" }, colors = { "black" }, cost = "{1}{B}{B}", ante = true,
  resolve = function(_, g)
    for _, p in ipairs(g:apnap()) do
      local top = p.library:top()
      if top then g:move(top, "ante") end
    end
  end,
  oracle = "Remove Demonic Attorney from your deck before playing if you're not playing for ante.\n"
    .. "Each player antes the top card of his or her library.",
}
