-- Force of Nature {2}{G}{G}{G}{G} (Creature — Elemental 8/8)
-- Oracle: "Trample
-- At the beginning of your upkeep, Force of Nature deals 8 damage to you unless you pay {G}{G}{G}{G}."
-- Leans on: trample (502.9); a triggered ability on its controller's upkeep (410); paying while
--   it resolves (arbiter.ask_pay: the controller's agent is asked may "pay"; nothing is asked of
--   a player who can't pay; a payment is made whole or not at all, 407, 422); damage from the
--   Force (its last-known self if it has left, 413.2)
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "step", controller = card.controller, source = card, name = "Force of Nature",
    step = "upkeep", turn = "controller",
    resolve = function(obj, game, force)
      local you = obj.controller
      if not arbiter.ask_pay(game, you, "{G}{G}{G}{G}", { source = force }) then game:damage(force, you, 8) end
    end }
end)

return arbiter.card{
  name = "Force of Nature", types = { "Creature" }, subtypes = { "Elemental" }, colors = { "green" },
  cost = "{2}{G}{G}{G}{G}", power = 8, toughness = 8, abilities = { "trample" }, install = install,
  oracle = "Trample\nAt the beginning of your upkeep, Force of Nature deals 8 damage to you unless you pay " ..
    "{G}{G}{G}{G}.",
}
