-- Feedback {2}{U} (Enchantment — Aura)
-- Oracle: "Enchant enchantment
-- At the beginning of the upkeep of enchanted enchantment's controller, Feedback deals 1 damage to that player."
-- Leans on: an Aura spell that enchants an enchantment (212.4); a triggered ability on the
--   upkeep's "step" event (410; the player whose upkeep it is must control the enchanted
--   enchantment as the step begins); damage from the Aura (prevention and protection apply;
--   "that player" is fixed as it triggers)
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "step", controller = card.controller, source = card, name = "Feedback",
    step = "upkeep", turn = "attached",
    effect = function(ev, game, aura) game:damage(aura, ev.player, 1) end }
end)

return arbiter.card{
  name = "Feedback", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "blue" },
  cost = "{2}{U}", enchant = "enchantment", targets = { "enchantment" }, install = install,
  oracle = "Enchant enchantment\nAt the beginning of the upkeep of enchanted enchantment's controller, " ..
    "Feedback deals 1 damage to that player.",
}
