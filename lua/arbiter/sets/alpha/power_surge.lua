-- Power Surge {R}{R} (Enchantment)
-- Oracle: "At the beginning of each player's upkeep, Power Surge deals X damage to that player,
-- where X is the number of untapped lands they controlled at the beginning of this turn."
-- Leans on: a triggered ability on each upkeep's "step" event (410; "that player" is the one whose
--   upkeep it is); the untapped lands a player controlled as the turn began, before the untap step
--   (g:untapped_lands_at_turn_start: recorded by the engine as each turn begins, current types and
--   controllers, so an animated or stolen land counts for its controller then); damage from Power
--   Surge (prevention and protection apply)
local arbiter = require("arbiter")

local function surge(ev, g, source)
  local p = ev.player
  g:damage(source, p, g:untapped_lands_at_turn_start(p))
end

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "step", controller = card.controller, source = card, name = "Power Surge",
    step = "upkeep", effect = surge }
end)

return arbiter.card{
  name = "Power Surge", types = { "Enchantment" }, colors = { "red" }, cost = "{R}{R}", install = install,
  oracle = "At the beginning of each player's upkeep, Power Surge deals X damage to that player, where X is the " ..
    "number of untapped lands they controlled at the beginning of this turn.",
}
