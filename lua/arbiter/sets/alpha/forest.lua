-- Forest (Basic Land — Forest)
-- Oracle: "({T}: Add {G}.)"
-- Leans on: basic land types and their intrinsic mana abilities (305.6); mana abilities (406.1)
-- A basic land's mana ability is intrinsic to its land type (305.6; the engine gives every
-- Forest its "{T}: Add {G}." from the subtype, so an effect that changes the subtype changes it).
local arbiter = require("arbiter")

return arbiter.card{
  name = "Forest", types = { "Land" }, subtypes = { "Forest" }, supertypes = { "Basic" },
  oracle = "({T}: Add {G}.)",
}
