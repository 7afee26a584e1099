-- Plague Rats {2}{B} (Creature — Rat */*)
-- Oracle: "Plague Rats's power and toughness are each equal to the number of creatures named
-- Plague Rats on the battlefield."
-- Leans on: characteristic-defining P/T (418.5: a declared count, arbiter.count_pt, counted by the
--   core first in the P/T layer); every player's creatures count, itself included
local arbiter = require("arbiter")

local rats = arbiter.count_pt{ count = { is = "Creature", name = "Plague Rats" } }

return arbiter.card{
  name = "Plague Rats", types = { "Creature" }, subtypes = { "Rat" }, colors = { "black" },
  cost = "{2}{B}", power = rats, toughness = rats,
  oracle = "Plague Rats's power and toughness are each equal to the number of creatures named Plague Rats "
    .. "on the battlefield.",
}
