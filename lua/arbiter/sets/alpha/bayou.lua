-- Bayou (Land — Swamp Forest)
-- Oracle: "({T}: Add {B} or {G} to your mana pool.)"
-- Leans on: basic land types and their intrinsic mana abilities (305.6); mana abilities (406.1)
-- Two basic land types, two mana abilities: a payment plays the one making the color it needs.
-- Not a basic land: no Basic supertype.
local arbiter = require("arbiter")

return arbiter.card{
  name = "Bayou", types = { "Land" }, subtypes = { "Swamp", "Forest" },
  oracle = "({T}: Add {B} or {G} to your mana pool.)",
}
