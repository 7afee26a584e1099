-- Wanderlust {2}{G} (Enchantment — Aura)
-- Oracle: "Enchant creature
-- At the beginning of the upkeep of enchanted creature's controller, Wanderlust deals 1 damage to that player."
-- Leans on: an Aura spell (212.4); a triggered ability on the upkeep's "step" event (410; the
--   player whose upkeep it is must control the enchanted creature as the step begins); damage from
--   the Aura (prevention and protection apply; "that player" is fixed as it triggers)
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "step", controller = card.controller, source = card, name = "Wanderlust",
    step = "upkeep", turn = "attached",
    effect = function(ev, game, aura) game:damage(aura, ev.player, 1) end }
end)

return arbiter.card{
  name = "Wanderlust", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "green" },
  cost = "{2}{G}", enchant = "creature", targets = { "creature" }, install = install,
  oracle = "Enchant creature\nAt the beginning of the upkeep of enchanted creature's controller, Wanderlust " ..
    "deals 1 damage to that player.",
}
