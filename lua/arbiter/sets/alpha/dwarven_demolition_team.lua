-- Dwarven Demolition Team {2}{R} (Creature — Dwarf 1/1)
-- Oracle: "{T}: Destroy target Wall."
-- Leans on: a {T} ability (406; not while summoning sick, 502.5b); a target with a filter on the
--   subtype Wall, checked again on resolution (413); destruction (regeneration applies)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Dwarven Demolition Team", types = { "Creature" }, subtypes = { "Dwarf" }, colors = { "red" },
  cost = "{2}{R}", power = 1, toughness = 1,
  activated = { { cost = "{T}", targets = { { what = "permanent", filter = function(c) return c:is("Wall") end } },
    effect = function(obj, g) g:destroy(obj.targets[1]) end } },
  oracle = "{T}: Destroy target Wall.",
}
