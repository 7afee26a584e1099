-- Swords to Plowshares {W} (Instant)
-- Oracle: "Exile target creature. Its controller gains life equal to its power."
-- Leans on: a target (413); removal from the game (the era's words for "exile": g:move to
--   "exile"); life gain (003); the creature's controller and power read as it leaves (its last
--   known information: once exiled it is a new object, 217.1c)
-- A creature with 0 or less power gives no life (gaining 0 is no gain).
-- examples/cards/swords_to_plowshares.lua returns this definition.
local arbiter = require("arbiter")

return arbiter.card{
  name = "Swords to Plowshares", types = { "Instant" }, colors = { "white" }, cost = "{W}",
  targets = { "creature" },
  resolve = function(obj, g)
    local c = obj.targets[1]
    local controller, power = c.controller, c.power
    g:move(c, "exile")
    if power > 0 then g:gain_life(controller, power) end
  end,
  oracle = "Exile target creature. Its controller gains life equal to its power.",
}
