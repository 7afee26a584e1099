-- Lifetap {U}{U} (Enchantment)
-- Oracle: "Whenever a Forest an opponent controls becomes tapped, you gain 1 life."
-- Leans on: a triggered ability on "tap" events (410): a Forest (its land types now) that an
--   opponent controls becomes tapped, for mana or by any effect; a land that comes into play
--   tapped never became tapped (no "tap" event)
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "tap", controller = card.controller, source = card, name = "Lifetap",
    condition = function(ev, _, lifetap)
      return ev.card:is("Forest") and ev.card.controller.team ~= lifetap.controller.team
    end,
    effect = function(_, game, lifetap, obj) game:gain_life(obj.controller, 1) end }
end)

return arbiter.card{
  name = "Lifetap", types = { "Enchantment" }, colors = { "blue" }, cost = "{U}{U}", install = install,
  oracle = "Whenever a Forest an opponent controls becomes tapped, you gain 1 life.",
}
