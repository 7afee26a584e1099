-- Lord of the Pit {4}{B}{B}{B} (Creature — Demon 7/7)
-- Oracle: "Flying, trample
-- At the beginning of your upkeep, sacrifice a creature other than Lord of the Pit. If you can't, Lord of the Pit
--   deals 7 damage to you."
-- Leans on: flying (502.4b), trample (502.9); a triggered ability on its controller's upkeep
--   (410): as it resolves the controller chooses one of the other creatures they control
--   (choose(p, "sacrifice", creatures, ctx)) and sacrifices it (g:sacrifice); with none, the Lord
--   deals 7 damage to them (its last-known self if it has left: the damage is still dealt)
local arbiter = require("arbiter")

local function others(g, p, lord)
  local out = {}
  for _, c in ipairs(g:permanents(p, "Creature")) do if c ~= lord then out[#out + 1] = c end end
  return out
end

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "step", controller = card.controller, source = card, name = "Lord of the Pit",
    step = "upkeep", turn = "controller",
    effect = function(_, game, lord, obj)
      local p = obj.controller
      local candidates = others(game, p, lord)
      if #candidates == 0 then return game:damage(lord, p, 7) end
      game:sacrifice(arbiter.ask_choose(game, p, "sacrifice", candidates, { source = lord }))
    end }
end)

return arbiter.card{
  name = "Lord of the Pit", types = { "Creature" }, subtypes = { "Demon" }, colors = { "black" },
  cost = "{4}{B}{B}{B}", power = 7, toughness = 7, abilities = { "flying", "trample" }, install = install,
  oracle = "Flying, trample\nAt the beginning of your upkeep, sacrifice a creature other than Lord of the Pit. " ..
    "If you can't, Lord of the Pit deals 7 damage to you.",
}
