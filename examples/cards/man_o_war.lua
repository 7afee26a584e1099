-- Man-o'-War (Creature — Jellyfish 2/2, 2U): "When Man-o'-War comes into play, return target
-- creature to its owner's hand."
-- A "comes into play" trigger (410.10): the definition's install runs as the card enters, and
-- the trigger it registers sees that very zone_change. Its target is chosen as it goes on the
-- stack (choose(p, "target", ...): any creature, Man-o'-War itself included).
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "zone_change", controller = card.controller, source = card, name = "Man-o'-War",
    condition = function(ev, _, self) return ev.card == self and ev.to == "battlefield" end,
    targets = { "creature" },
    effect = function(_, game, _, obj) game:move(obj.targets[1], "hand") end }
end)

local def = arbiter.card{ name = "Man-o'-War", types = { "Creature" }, subtypes = { "Jellyfish" },
  colors = { "blue" }, power = 2, toughness = 2, cost = "{2}{U}", install = install }

return { def = def, install = install }
