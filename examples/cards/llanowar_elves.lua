-- Llanowar Elves (Creature — Elf Druid 1/1, G): "{T}: Add {G} to your mana pool."
-- A mana ability (406.1): it doesn't use the stack, and g:cast plays it to pay a cost. Its {T}
-- needs the Elves under its controller's control since the turn began (502.5b).
local arbiter = require("arbiter")

local def = arbiter.card{ name = "Llanowar Elves", types = { "Creature" }, subtypes = { "Elf", "Druid" },
  colors = { "green" }, power = 1, toughness = 1, cost = "{G}", activated = { { cost = "{T}", mana = "{G}" } } }

return { def = def }
