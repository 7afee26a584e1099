-- Mind Twist {X}{B} (Sorcery)
-- Oracle: "Target player discards X cards at random."
-- Leans on: {X} (407: obj.x); a player target (413); random discards one at a time with the
--   game's seeded generator (003: discarding; g:discard stops when the hand is empty)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Mind Twist", types = { "Sorcery" }, colors = { "black" }, cost = "{X}{B}",
  targets = { "player" },
  resolve = function(obj, g)
    local p = obj.targets[1]
    local n = math.min(obj.x, #p.hand:cards())
    if n > 0 then g:discard(p, n, { random = true }) end
  end,
  oracle = "Target player discards X cards at random.",
}
