-- Island (Basic Land — Island)
-- Oracle: "({T}: Add {U}.)"
-- Leans on: basic land types and their intrinsic mana abilities (305.6); mana abilities (406.1)
-- A basic land's mana ability is intrinsic to its land type (305.6; the engine gives every
-- Island its "{T}: Add {U}." from the subtype, so an effect that changes the subtype changes it).
local arbiter = require("arbiter")

return arbiter.card{
  name = "Island", types = { "Land" }, subtypes = { "Island" }, supertypes = { "Basic" },
  oracle = "({T}: Add {U}.)",
}
