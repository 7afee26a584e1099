-- Savannah (Land — Forest Plains)
-- Oracle: "({T}: Add {G} or {W} to your mana pool.)"
-- Leans on: basic land types (212.6e: a land with a basic land type has that type's mana ability;
--   two types, two abilities, and a payment plays the one making the color it needs: 406.1)
-- Not a basic land: no Basic supertype (deck limits count it; nonbasic landwalk sees it).
local arbiter = require("arbiter")

return arbiter.card{
  name = "Savannah", types = { "Land" }, subtypes = { "Forest", "Plains" },
  oracle = "({T}: Add {G} or {W} to your mana pool.)",
}
