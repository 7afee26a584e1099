-- Ankh of Mishra {2} (Artifact)
-- Oracle: "Whenever a land enters the battlefield, Ankh of Mishra deals 2 damage to that land's controller."
-- Leans on: a triggered ability on any land's "zone_change" to the battlefield (410; played,
--   put there by an effect, its own or an opponent's); damage from the artifact
-- "That land's controller" is read as the ability resolves; a land gone from the battlefield by
-- then is its owner's (no card of the set gives control of a land to another player at instant
-- speed, so its controller when it left is its owner).
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "zone_change", controller = card.controller, source = card, name = "Ankh of Mishra",
    to = "battlefield", card = { is = "Land" },
    effect = function(ev, game, ankh)
      local land = ev.card
      local p = land.zone == "battlefield" and land.controller or land.owner
      game:damage(ankh, p, 2)
    end }
end)

return arbiter.card{
  name = "Ankh of Mishra", types = { "Artifact" }, cost = "{2}", install = install,
  oracle = "Whenever a land enters the battlefield, Ankh of Mishra deals 2 damage to that land's controller.",
}
