-- Soul Net {1} (Artifact)
-- Oracle: "Whenever a creature dies, you may pay {1}. If you do, you gain 1 life."
-- Leans on: a trigger on zone changes from the battlefield to a graveyard ("dies"; 410) of a card
--   that was a creature there (last-known information, ev.last.types, 413.2: a token too); "you
--   may pay" while it resolves (arbiter.ask_pay: the agent asked may "pay", nothing asked of a
--   player who can't pay; 407); "you" is the trigger's controller
local arbiter = require("arbiter")

local function died(ev)   -- (from the battlefield to a graveyard: the trigger's from and to)
  if not ev.last then return false end
  for _, t in ipairs(ev.last.types) do if t == "Creature" then return true end end
  return false
end

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "zone_change", controller = card.controller, source = card, name = "Soul Net",
    from = "battlefield", to = "graveyard", condition = died,
    resolve = function(obj, game, net)
      if arbiter.ask_pay(game, obj.controller, "{1}", { source = net }) then game:gain_life(obj.controller, 1) end
    end }
end)

return arbiter.card{
  name = "Soul Net", types = { "Artifact" }, cost = "{1}", install = install,
  oracle = "Whenever a creature dies, you may pay {1}. If you do, you gain 1 life.",
}
