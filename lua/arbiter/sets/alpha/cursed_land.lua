-- Cursed Land {2}{B}{B} (Enchantment — Aura)
-- Oracle: "Enchant land
-- At the beginning of the upkeep of enchanted land's controller, Cursed Land deals 1 damage to that player."
-- Leans on: an Aura spell that enchants a land (212.4); a triggered ability on the upkeep's
--   "step" event (410; the player whose upkeep it is must control the enchanted land as the step
--   begins); damage from the Aura (prevention and protection apply; "that player" is fixed as it
--   triggers)
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "step", controller = card.controller, source = card, name = "Cursed Land",
    step = "upkeep", turn = "attached",
    effect = function(ev, game, aura) game:damage(aura, ev.player, 1) end }
end)

return arbiter.card{
  name = "Cursed Land", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "black" },
  cost = "{2}{B}{B}", enchant = "land", targets = { "land" }, install = install,
  oracle = "Enchant land\nAt the beginning of the upkeep of enchanted land's controller, Cursed Land deals 1 " ..
    "damage to that player.",
}
