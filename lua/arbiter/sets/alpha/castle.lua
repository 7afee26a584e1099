-- Castle {3}{W} (Enchantment)
-- Oracle: "Untapped creatures you control get +0/+2."
-- Leans on: a static ability (418) in the power/toughness layer (418.5) whose set of affected
--   creatures is read continuously: a creature that taps (attacking, say) loses the +0/+2
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:add_static{ source = card, toughness = 2,
    affects = { is = "Creature", tapped = false, controller = "you" } }
end)

return arbiter.card{
  name = "Castle", types = { "Enchantment" }, colors = { "white" }, cost = "{3}{W}", install = install,
  oracle = "Untapped creatures you control get +0/+2.",
}
