-- Llanowar Elves {G} (Creature — Elf Druid 1/1)
-- Oracle: "{T}: Add {G}."
-- Leans on: a mana ability (406.1: no stack; a payment plays it); its {T} needs the Elves under
--   its controller's control since the turn began (502.5b)
-- examples/cards/llanowar_elves.lua returns this definition.
local arbiter = require("arbiter")

return arbiter.card{
  name = "Llanowar Elves", types = { "Creature" }, subtypes = { "Elf", "Druid" }, colors = { "green" },
  power = 1, toughness = 1, cost = "{G}", activated = { { cost = "{T}", mana = "{G}" } },
  oracle = "{T}: Add {G}.",
}
