-- Elvish Archers {1}{G} (Creature — Elf Archer 2/1)
-- Oracle: "First strike"
-- Leans on: creatures (212.3); first strike (502.2)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Elvish Archers", types = { "Creature" }, subtypes = { "Elf", "Archer" }, colors = { "green" },
  cost = "{1}{G}", power = 2, toughness = 1, abilities = { "first strike" },
  oracle = "First strike",
}
