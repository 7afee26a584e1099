-- Timetwister {2}{U} (Sorcery)
-- Oracle: "Each player shuffles his or her hand and graveyard into his or her library, then draws seven cards. (Then
-- put Timetwister into its owner's graveyard.)"
-- Leans on: moving cards to their owners' libraries (g:move) and shuffling (g:shuffle); drawing,
--   the active player first (423.2a), each card a separate draw (423.2)
-- Timetwister is on the stack while it resolves: it goes to the graveyard afterwards, so it
-- stays out of the shuffle (its reminder text).
local arbiter = require("arbiter")

local function twist(_, g)
  for _, p in ipairs(g:apnap()) do
    for _, zone in ipairs({ p.hand, p.graveyard }) do
      for _, c in ipairs(zone:cards()) do g:move(c, "library") end
    end
    g:shuffle(p.library)
  end
  g:draw_each(7)
end

return arbiter.card{
  name = "Timetwister", types = { "Sorcery" }, colors = { "blue" }, cost = "{2}{U}",
  resolve = twist,
  oracle = "Each player shuffles his or her hand and graveyard into his or her library, then draws seven cards. " ..
    "(Then put Timetwister into its owner's graveyard.)",
}
