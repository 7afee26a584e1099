-- Birds of Paradise (Creature — Bird 0/1, G): "Flying. {T}: Add one mana of any color to your
-- mana pool."
-- "One mana of any color" is five mana abilities, one per color (406.1: no stack). Paying a
-- cost plays the one that makes the color the cost needs; a creature's {T} needs it to have
-- been under its controller's control since the turn began (502.5b).
local arbiter = require("arbiter")

local any_color = {}
for _, m in ipairs({ "{W}", "{U}", "{B}", "{R}", "{G}" }) do any_color[#any_color + 1] = { cost = "{T}", mana = m } end

local def = arbiter.card{ name = "Birds of Paradise", types = { "Creature" }, subtypes = { "Bird" },
  colors = { "green" }, power = 0, toughness = 1, cost = "{G}", abilities = { "flying" }, activated = any_color }

return { def = def }
