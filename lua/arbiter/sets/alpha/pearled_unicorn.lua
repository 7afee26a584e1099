-- Pearled Unicorn {2}{W} (Creature — Unicorn 2/2)
-- Oracle: (no rules text)
-- Leans on: creature spells (302), combat damage (502.2)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Pearled Unicorn", types = { "Creature" }, subtypes = { "Unicorn" }, colors = { "white" },
  cost = "{2}{W}", power = 2, toughness = 2,
  oracle = "",
}
