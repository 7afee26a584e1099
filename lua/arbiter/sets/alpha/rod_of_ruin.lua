-- Rod of Ruin {4} (Artifact)
-- Oracle: "{3}, {T}: Rod of Ruin deals 1 damage to target creature or player."
-- Leans on: a "{3},{T}" cost (407); an activated ability on the stack (406) with a target
--   (413); damage (a player loses life, a creature has it marked; 420.5 lethal damage)
-- An artifact has no summoning sickness in the era's rules: only creatures wait to use {T}.
local arbiter = require("arbiter")

return arbiter.card{
  name = "Rod of Ruin", types = { "Artifact" }, cost = "{4}",
  activated = { { cost = "{3},{T}", targets = { "creature or player" },
    effect = function(obj, g, rod) g:damage(rod, obj.targets[1], 1) end } },
  oracle = "{3}, {T}: Rod of Ruin deals 1 damage to target creature or player.",
}
