-- Psionic Blast {2}{U} (Instant)
-- Oracle: "Psionic Blast deals 4 damage to any target and 2 damage to you."
-- Leans on: a target checked on resolution (413: its one target illegal, it is countered and
--   deals no damage at all, to you neither); damage to its controller. "Any target" is the
--   era's "target creature or player".
local arbiter = require("arbiter")

return arbiter.card{
  name = "Psionic Blast", types = { "Instant" }, colors = { "blue" }, cost = "{2}{U}",
  targets = { "creature or player" },
  resolve = function(obj, g, blast)
    g:damage(blast, obj.targets[1], 4)
    g:damage(blast, obj.controller, 2)
  end,
  oracle = "Psionic Blast deals 4 damage to any target and 2 damage to you.",
}
