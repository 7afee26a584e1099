-- Orcish Oriflamme {3}{R} (Enchantment)
-- Oracle: "Attacking creatures you control get +1/+0."
-- Leans on: a static ability (418) whose affected set is read whenever characteristics are:
--   a creature its controller controls gets +1/+0 while it is attacking (from its declaration
--   until it leaves combat at the end of combat)
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:add_static{ source = card, power = 1,
    affects = function(c, _, flag) return c.attacking and c.controller == flag.controller and c:is("Creature") end }
end)

return arbiter.card{
  name = "Orcish Oriflamme", types = { "Enchantment" }, colors = { "red" }, cost = "{3}{R}", install = install,
  oracle = "Attacking creatures you control get +1/+0.",
}
