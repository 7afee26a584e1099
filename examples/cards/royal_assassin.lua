-- Royal Assassin (Creature — Human Assassin 1/1, 1BB): "{T}: Destroy target tapped creature."
-- The target filter reads the creature's tapped state as the ability is played and again as
-- it resolves (413): a creature untapped in response is no longer a legal target.
local arbiter = require("arbiter")

local def = arbiter.card{ name = "Royal Assassin", types = { "Creature" }, subtypes = { "Human", "Assassin" },
  colors = { "black" }, power = 1, toughness = 1, cost = "{1}{B}{B}",
  activated = { { cost = "{T}", targets = { { what = "creature", filter = function(c) return c.tapped end } },
    effect = function(obj, g) g:destroy(obj.targets[1]) end } } }

return { def = def }
