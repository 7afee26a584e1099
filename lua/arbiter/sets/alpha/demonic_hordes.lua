-- Demonic Hordes {3}{B}{B}{B} (Creature — Demon 5/5)
-- Oracle: "{T}: Destroy target land.
-- At the beginning of your upkeep, unless you pay {B}{B}{B}, tap Demonic Hordes and sacrifice a land of an
--   opponent's choice."
-- Leans on: a {T} ability with a target (summoning sickness, 502.5b; 413: a land gone fizzles it);
--   destruction (g:destroy); an upkeep trigger (410) paid through arbiter.ask_pay (407: nothing
--   asked of a player who can't pay); unpaid, the Hordes are tapped and the controller sacrifices
--   one of its lands chosen by an opponent (arbiter.defenders_of: the opponents still in the
--   game; with several, the controller picks which one chooses: choose(you, "opponent", ...);
--   the opponent answers choose(opponent, "sacrifice", lands, ctx)). Sacrifice is not destruction.
local arbiter = require("arbiter")

local function upkeep_cost(obj, game, hordes)
  local you = obj.controller
  if arbiter.ask_pay(game, you, "{B}{B}{B}", { source = hordes }) then return end
  if hordes.zone == "battlefield" and not obj.source_moved then hordes:tap() end
  local lands = game:permanents(you, "Land")
  if #lands == 0 then return end
  local foes = arbiter.defenders_of(game, you)
  local chooser = #foes > 1 and arbiter.ask_choose(game, you, "opponent", foes, { source = hordes }) or foes[1] or you
  game:sacrifice(arbiter.ask_choose(game, chooser, "sacrifice", lands, { source = hordes, player = you }))
end

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "step", controller = card.controller, source = card, name = "Demonic Hordes",
    step = "upkeep", turn = "controller",
    resolve = upkeep_cost }
end)

return arbiter.card{
  name = "Demonic Hordes", types = { "Creature" }, subtypes = { "Demon" }, colors = { "black" },
  cost = "{3}{B}{B}{B}", power = 5, toughness = 5, install = install,
  activated = { { cost = "{T}", targets = { "land" },
    resolve = function(obj, g) if obj.targets[1] then g:destroy(obj.targets[1]) end end } },
  oracle = "{T}: Destroy target land.\nAt the beginning of your upkeep, unless you pay {B}{B}{B}, tap Demonic " ..
    "Hordes and sacrifice a land of an opponent's choice.",
}
