-- Birds of Paradise {G} (Creature — Bird 0/1)
-- Oracle: "Flying
-- {T}: Add one mana of any color to your mana pool."
-- Leans on: flying (502.4); mana abilities (406.1); summoning sickness for {T} (502.5b)
-- "One mana of any color" is five mana abilities, one per color: paying a cost plays the one that
-- makes the color the cost needs. Mana left in the pool burns at the end of the step (003; the
-- engine's rule).
local arbiter = require("arbiter")

local any_color = {}
for _, m in ipairs({ "{W}", "{U}", "{B}", "{R}", "{G}" }) do any_color[#any_color + 1] = { cost = "{T}", mana = m } end

return arbiter.card{
  name = "Birds of Paradise", types = { "Creature" }, subtypes = { "Bird" }, colors = { "green" },
  cost = "{G}", power = 0, toughness = 1, abilities = { "flying" }, activated = any_color,
  oracle = "Flying\n{T}: Add one mana of any color to your mana pool.",
}
