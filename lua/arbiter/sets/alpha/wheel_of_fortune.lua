-- Wheel of Fortune {2}{R} (Sorcery)
-- Oracle: "Each player discards his or her hand and draws seven cards."
-- Leans on: discarding (003: one card at a time, each a replaceable "discard"); drawing, the
--   active player first (423.2a), each of the seven a separate draw (423.2; an empty library
--   makes its player lose at the next state-based check, 423.4)
-- The spell is on the stack while it resolves, so it doesn't discard itself.
-- examples/cards/wheel_of_fortune.lua returns this definition.
local arbiter = require("arbiter")

return arbiter.card{
  name = "Wheel of Fortune", types = { "Sorcery" }, colors = { "red" }, cost = "{2}{R}",
  resolve = function(_, g)
    for _, p in ipairs(g:apnap()) do
      local n = #p.hand
      if n > 0 then g:discard(p, n) end
    end
    g:draw_each(7)
  end,
  oracle = "Each player discards his or her hand and draws seven cards.",
}
