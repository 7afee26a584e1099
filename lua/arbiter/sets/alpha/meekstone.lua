-- Meekstone {1} (Artifact)
-- Oracle: "Creatures with power 3 or greater don't untap during their controllers' untap steps."
-- Leans on: a replacement of the untap step's "untap" event (the untap step untaps the active
--   player's permanents one replaceable event each): a creature with power 3 or more then (its
--   power with every effect applied, 418.5) stays tapped (card = {is = "Creature"}: the core asks
--   only for creatures). Untapping at any other time (an effect, another step) is untouched.
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:add_replacement{ event = "untap", source = card, name = "Meekstone", card = { is = "Creature" },
    applies = function(ev, game) return game.step == "untap" and ev.card.power >= 3 end,
    replace = function() return nil end }
end)

return arbiter.card{
  name = "Meekstone", types = { "Artifact" }, cost = "{1}", install = install,
  oracle = "Creatures with power 3 or greater don't untap during their controllers' untap steps.",
}
