-- Unsummon {U} (Instant)
-- Oracle: "Return target creature to its owner's hand."
-- Leans on: a target (413); g:move puts a card into its owner's zone (a creature Ann controls
--   but Bob owns goes to Bob's hand); Auras on it go to the graveyard (a state-based action)
-- examples/cards/unsummon.lua returns this definition.
local arbiter = require("arbiter")

return arbiter.card{
  name = "Unsummon", types = { "Instant" }, colors = { "blue" }, cost = "{U}",
  targets = { "creature" },
  resolve = function(obj, g) g:move(obj.targets[1], "hand") end,
  oracle = "Return target creature to its owner's hand.",
}
