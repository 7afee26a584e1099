-- Royal Assassin {1}{B}{B} (Creature — Human Assassin 1/1)
-- Oracle: "{T}: Destroy target tapped creature."
-- Leans on: a {T} ability (406; not while summoning-sick, 212.3d); a target filter read as the
--   ability is played and again as it resolves (413: a creature untapped in response is no
--   longer a legal target); destruction and regeneration (419.6b)
-- examples/cards/royal_assassin.lua returns this definition.
local arbiter = require("arbiter")

return arbiter.card{
  name = "Royal Assassin", types = { "Creature" }, subtypes = { "Human", "Assassin" }, colors = { "black" },
  cost = "{1}{B}{B}", power = 1, toughness = 1,
  activated = { { cost = "{T}", targets = { { what = "creature", filter = function(c) return c.tapped end } },
    effect = function(obj, g) g:destroy(obj.targets[1]) end } },
  oracle = "{T}: Destroy target tapped creature.",
}
