-- Phantasmal Forces {3}{U} (Creature — Illusion 4/1)
-- Oracle: "Flying
-- At the beginning of your upkeep, sacrifice Phantasmal Forces unless you pay {U}."
-- Leans on: flying (502.4b); a triggered ability on its controller's upkeep (410); paying while
--   it resolves (arbiter.ask_pay: the controller may pay {U} from the pool or mana abilities;
--   unpaid, or unable to pay, it is sacrificed: g:sacrifice, not destruction, so regeneration
--   doesn't save it). Gone from the battlefield before then, there is nothing to sacrifice.
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "step", controller = card.controller, source = card, name = "Phantasmal Forces",
    step = "upkeep", turn = "controller",
    effect = function(_, game, forces, obj)
      if forces.zone ~= "battlefield" then return end
      if not arbiter.ask_pay(game, obj.controller, "{U}", { source = forces }) then game:sacrifice(forces) end
    end }
end)

return arbiter.card{
  name = "Phantasmal Forces", types = { "Creature" }, subtypes = { "Illusion" }, colors = { "blue" },
  cost = "{3}{U}", power = 4, toughness = 1, abilities = { "flying" }, install = install,
  oracle = "Flying\nAt the beginning of your upkeep, sacrifice Phantasmal Forces unless you pay {U}.",
}
