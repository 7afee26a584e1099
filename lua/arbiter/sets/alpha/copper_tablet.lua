-- Copper Tablet {2} (Artifact)
-- Oracle: "At the beginning of each player's upkeep, Copper Tablet deals 1 damage to that player."
-- Leans on: a triggered ability on each upkeep's "step" event (410); damage from the artifact
--   (prevention applies; "that player" is the player whose upkeep it is)
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "step", controller = card.controller, source = card, name = "Copper Tablet",
    step = "upkeep",
    effect = function(ev, game, tablet) game:damage(tablet, ev.player, 1) end }
end)

return arbiter.card{
  name = "Copper Tablet", types = { "Artifact" }, cost = "{2}", install = install,
  oracle = "At the beginning of each player's upkeep, Copper Tablet deals 1 damage to that player.",
}
