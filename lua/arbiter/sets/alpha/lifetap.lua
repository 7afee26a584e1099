-- Lifetap {U}{U} (Enchantment)
-- Oracle: "Whenever a Forest an opponent controls becomes tapped, you gain 1 life."
-- Leans on: a triggered ability on "tap" events (410): a Forest (its land types now) that an
--   opponent controls becomes tapped, for mana or by any effect; a land that comes into play
--   tapped never became tapped (no "tap" event)
-- Its basic land type is a word of its text (418.5a layer 3: words.type, read as it applies; Magical Hack changes it).
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "tap", controller = card.controller, source = card, name = "Lifetap",
    condition = function(ev, _, lifetap)
      return ev.card:is(lifetap.words.type) and ev.card.controller.team ~= lifetap.controller.team
    end,
    effect = function(_, game, lifetap, obj) game:gain_life(obj.controller, 1) end }
end)

return arbiter.card{
  name = "Lifetap", types = { "Enchantment" }, colors = { "blue" }, cost = "{U}{U}", install = install,
  words = { type = "Forest" },
  oracle = "Whenever a Forest an opponent controls becomes tapped, you gain 1 life.",
}
