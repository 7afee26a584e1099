-- Warp Artifact {B}{B} (Enchantment — Aura)
-- Oracle: "Enchant artifact
-- At the beginning of the upkeep of enchanted artifact's controller, Warp Artifact deals 1 damage to that player."
-- Leans on: an Aura spell (212.4); a triggered ability on the upkeep's "step" event (410; the
--   player whose upkeep it is must control the enchanted artifact as the step begins); damage from
--   the Aura (prevention and protection apply; "that player" is fixed as it triggers)
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "step", controller = card.controller, source = card, name = "Warp Artifact",
    step = "upkeep", turn = "attached",
    effect = function(ev, game, aura) game:damage(aura, ev.player, 1) end }
end)

return arbiter.card{
  name = "Warp Artifact", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "black" },
  cost = "{B}{B}", enchant = "artifact", targets = { "artifact" }, install = install,
  oracle = "Enchant artifact\nAt the beginning of the upkeep of enchanted artifact's controller, Warp Artifact " ..
    "deals 1 damage to that player.",
}
