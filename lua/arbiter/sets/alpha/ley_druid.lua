-- Ley Druid {2}{G} (Creature — Human Druid 1/1)
-- Oracle: "{T}: Untap target land."
-- Leans on: an activated ability on the stack (406) with a target checked on resolution (413);
--   its {T} needs the Druid under its controller's control since the turn began (502.5b)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Ley Druid", types = { "Creature" }, subtypes = { "Human", "Druid" }, colors = { "green" },
  cost = "{2}{G}", power = 1, toughness = 1,
  activated = { { cost = "{T}", targets = { "land" }, effect = function(obj) obj.targets[1]:untap() end } },
  oracle = "{T}: Untap target land.",
}
