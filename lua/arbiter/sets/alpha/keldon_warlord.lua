-- Keldon Warlord {2}{R}{R} (Creature — Human Barbarian */*)
-- Oracle: "Keldon Warlord's power and toughness are each equal to the number of non-Wall
-- creatures you control."
-- Leans on: characteristic-defining P/T (418.5: a declared count, arbiter.count_pt, counted by the
--   core first in the P/T layer, after the type layer: an animated land counts); itself included
local arbiter = require("arbiter")

local non_walls = arbiter.count_pt{ count = { is = "Creature", controller = "you", not_is = "Wall" } }

return arbiter.card{
  name = "Keldon Warlord", types = { "Creature" }, subtypes = { "Human", "Barbarian" }, colors = { "red" },
  cost = "{2}{R}{R}", power = non_walls, toughness = non_walls,
  oracle = "Keldon Warlord's power and toughness are each equal to the number of non-Wall creatures you control.",
}
