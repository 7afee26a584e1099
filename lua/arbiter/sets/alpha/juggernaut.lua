-- Juggernaut {4} (Artifact Creature — Juggernaut 5/3)
-- Oracle: "Juggernaut attacks each combat if able.
-- Juggernaut can't be blocked by Walls."
-- Leans on: attack requirements (the vocabulary's "attacks each combat if able": the
--   declaration must obey the most requirements it can, 500.4); a blocking restriction
--   (can_be_blocked_by, asked of each proposed blocker: a creature with the Wall subtype now)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Juggernaut", types = { "Artifact", "Creature" }, subtypes = { "Juggernaut" },
  cost = "{4}", power = 5, toughness = 3, abilities = { "attacks each combat if able" },
  can_be_blocked_by = function(_, _, blocker) return not blocker:is("Wall") end,
  oracle = "Juggernaut attacks each combat if able.\nJuggernaut can't be blocked by Walls.",
}
