-- Tropical Island (Land — Forest Island)
-- Oracle: "({T}: Add {G} or {U} to your mana pool.)"
-- Leans on: basic land types (212.6e: a land with a basic land type has that type's mana ability;
--   two types, two abilities, and a payment plays the one making the color it needs: 406.1)
-- Not a basic land: no Basic supertype (deck limits count it; nonbasic landwalk sees it).
local arbiter = require("arbiter")

return arbiter.card{
  name = "Tropical Island", types = { "Land" }, subtypes = { "Forest", "Island" },
  oracle = "({T}: Add {G} or {U} to your mana pool.)",
}
