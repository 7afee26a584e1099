-- Ironclaw Orcs {1}{R} (Creature — Orc 2/2)
-- Oracle: "Ironclaw Orcs can't block creatures with power 2 or greater."
-- Leans on: a blocking restriction (can_block, asked as blockers are declared, 502.3): the
--   attacker's power then, every continuous effect applied (418.5), so a creature pumped to 2 or
--   more before blocks can't be blocked by it, and one pumped after the block stays blocked.
local arbiter = require("arbiter")

return arbiter.card{
  name = "Ironclaw Orcs", types = { "Creature" }, subtypes = { "Orc" }, colors = { "red" },
  cost = "{1}{R}", power = 2, toughness = 2,
  can_block = function(_, _, attacker) return attacker.power < 2 end,
  oracle = "Ironclaw Orcs can't block creatures with power 2 or greater.",
}
