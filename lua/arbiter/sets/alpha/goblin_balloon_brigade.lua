-- Goblin Balloon Brigade {R} (Creature — Goblin Warrior 1/1)
-- Oracle: "{R}: Goblin Balloon Brigade gains flying until end of turn."
-- Leans on: an activated ability on the stack (406) granting flying until the cleanup step
--   (g:grant); flying matters as blockers are declared (502.4), so it is played before blocks.
local arbiter = require("arbiter")

return arbiter.card{
  name = "Goblin Balloon Brigade", types = { "Creature" }, subtypes = { "Goblin", "Warrior" },
  colors = { "red" }, cost = "{R}", power = 1, toughness = 1,
  activated = { { cost = "{R}", effect = function(obj, g, brigade)
    if not obj.source_moved then g:grant(brigade, "flying") end
  end } },
  oracle = "{R}: Goblin Balloon Brigade gains flying until end of turn.",
}
