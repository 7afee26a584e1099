-- Shivan Dragon {4}{R}{R} (Creature — Dragon 5/5)
-- Oracle: "Flying (This creature can't be blocked except by creatures with flying or reach.)
-- {R}: Shivan Dragon gets +1/+0 until end of turn."
-- Leans on: flying (502.4); firebreathing, an activated ability with a mana cost and no {T},
--   played any number of times, each on the stack (406); g:modify until end of turn
-- If the Dragon left the battlefield before an activation resolves, its "this creature" is gone
-- (obj.source_moved, 217.1c). examples/cards/shivan_dragon.lua returns this definition.
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

return arbiter.card{
  name = "Shivan Dragon", types = { "Creature" }, subtypes = { "Dragon" }, colors = { "red" },
  cost = "{4}{R}{R}", power = 5, toughness = 5, abilities = { "flying" },
  activated = { { cost = "{R}", effect = A.pump(1, 0) } },
  oracle = "Flying (This creature can't be blocked except by creatures with flying or reach.)\n{R}: Shivan " ..
    "Dragon gets +1/+0 until end of turn.",
}
