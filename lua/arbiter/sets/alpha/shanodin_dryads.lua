-- Shanodin Dryads {G} (Creature — Nymph Dryad 1/1)
-- Oracle: "Forestwalk"
-- Leans on: landwalk (502.6)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Shanodin Dryads", types = { "Creature" }, subtypes = { "Nymph", "Dryad" }, colors = { "green" },
  cost = "{G}", power = 1, toughness = 1, abilities = { "forestwalk" },
  oracle = "Forestwalk",
}
