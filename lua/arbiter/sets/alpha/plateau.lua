-- Plateau (Land — Mountain Plains)
-- Oracle: "({T}: Add {R} or {W}.)"
-- Leans on: basic land types (305.6: a land with the Mountain and Plains types has both
--   "{T}: Add {R}" and "{T}: Add {W}"; a payment plays the one the cost needs). Not a basic land:
--   no Basic supertype.
local arbiter = require("arbiter")

return arbiter.card{
  name = "Plateau", types = { "Land" }, subtypes = { "Mountain", "Plains" },
  oracle = "({T}: Add {R} or {W}.)",
}
