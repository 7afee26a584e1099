-- Plains (Basic Land — Plains)
-- Oracle: "({T}: Add {W}.)"
-- Leans on: basic land types and their intrinsic mana abilities (305.6); mana abilities (406.1)
-- A basic land's mana ability is intrinsic to its land type (305.6; the engine gives every
-- Plains its "{T}: Add {W}." from the subtype, so an effect that changes the subtype changes it).
local arbiter = require("arbiter")

return arbiter.card{
  name = "Plains", types = { "Land" }, subtypes = { "Plains" }, supertypes = { "Basic" },
  oracle = "({T}: Add {W}.)",
}
