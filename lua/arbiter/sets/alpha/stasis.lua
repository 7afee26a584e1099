-- Stasis {1}{U} (Enchantment)
-- Oracle: "Players skip their untap steps.\nAt the beginning of your upkeep, sacrifice Stasis
--   unless you pay {U}."
-- Leans on: a continuous skip (300.8: g:add_static{rules = {skip = "untap"}} affecting every
--   player while Stasis is on the battlefield: the untap step doesn't happen, nothing in it is
--   asked); an upkeep trigger paying while it resolves (arbiter.ask_pay: "unless you pay",
--   may(p, "pay", ctx)); sacrifice (g:sacrifice) when the {U} isn't paid
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return {
    g:add_static{ source = card, affects = function() return true end, rules = { skip = "untap" } },
    g:trigger{ event = "step", controller = card.controller, source = card, name = "Stasis",
      step = "upkeep", turn = "controller",
      effect = function(_, game, stasis, obj)
        if stasis.zone ~= "battlefield" then return end
        if not arbiter.ask_pay(game, obj.controller, "{U}", { source = stasis }) then game:sacrifice(stasis) end
      end },
  }
end)

return arbiter.card{
  name = "Stasis", types = { "Enchantment" }, colors = { "blue" }, cost = "{1}{U}", install = install,
  oracle = "Players skip their untap steps.\nAt the beginning of your upkeep, sacrifice Stasis unless you pay {U}.",
}
