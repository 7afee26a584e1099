-- Demonic Tutor {1}{B} (Sorcery)
-- Oracle: "Search your library for a card and put that card into your hand. Then shuffle your library."
-- Leans on: searching a library (its caster picks any card: choose(p, "search", library, ctx),
--   the contract's search question — "a card" states no quality, so one is found whenever the
--   library has one and the options hold no `false`); putting a card
--   into a hand is not a draw (423.5); shuffling. The searcher looks at its library as it
--   chooses (ctx.shown): to every other player the cards stay hidden
local arbiter = require("arbiter")

return arbiter.card{
  name = "Demonic Tutor", types = { "Sorcery" }, colors = { "black" }, cost = "{1}{B}",
  resolve = function(obj, g, tutor)
    local p = obj.controller
    local cards = p.library:cards()
    if #cards > 0 then
      local pick = arbiter.ask_choose(g, p, "search", cards, { source = tutor, zone = "library", shown = cards })
      g:move(pick, "hand")
    end
    g:shuffle(p.library)
  end,
  oracle = "Search your library for a card and put that card into your hand. Then shuffle your library.",
}
