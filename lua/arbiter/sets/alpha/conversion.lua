-- Conversion {2}{W}{W} (Enchantment)
-- Oracle: "At the beginning of your upkeep, sacrifice Conversion unless you pay {W}{W}.
-- All Mountains are Plains."
-- Leans on: a triggered ability on its controller's upkeep (410) paid while it resolves
--   (arbiter.ask_pay; unpaid, g:sacrifice); subtypes set by an effect (418.5a layer 4: the
--   Mountains' land type becomes Plains, add_static{subtypes}); 212.6e: a land whose land type
--   changes loses its old type's mana ability and has the new one's (a Mountain taps for {W}),
--   and landwalk and "is a Mountain" checks read the new type.
-- Its basic land types are words of its text (418.5a layer 3): the effect is written as printed and
--   the engine reads it as its text reads now; the filter reads words.from (is_word).
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  local e = g:add_static{ source = card, affects = { is_word = "from" }, subtypes = { "Plains" } }
  return e, g:trigger{ event = "step", controller = card.controller, source = card, name = "Conversion",
    step = "upkeep", turn = "controller",
    effect = function(_, game, conv, obj)
      if conv.zone ~= "battlefield" then return end
      if not arbiter.ask_pay(game, obj.controller, "{W}{W}", { source = conv }) then game:sacrifice(conv) end
    end }
end)

return arbiter.card{
  name = "Conversion", types = { "Enchantment" }, colors = { "white" }, cost = "{2}{W}{W}", install = install,
  words = { from = "Mountain", to = "Plains" },
  oracle = "At the beginning of your upkeep, sacrifice Conversion unless you pay {W}{W}.\nAll Mountains are Plains.",
}
