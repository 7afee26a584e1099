-- Gray Ogre {2}{R} (Creature — Ogre 2/2)
-- Oracle: (no rules text)
-- Leans on: creature spells (302), combat damage (502.2)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Gray Ogre", types = { "Creature" }, subtypes = { "Ogre" }, colors = { "red" },
  cost = "{2}{R}", power = 2, toughness = 2,
  oracle = "",
}
