-- Dragon Whelp {2}{R}{R} (Creature — Dragon 2/3)
-- Oracle: "Flying
-- {R}: Dragon Whelp gets +1/+0 until end of turn. If this ability has been activated four or more times this turn,
-- sacrifice Dragon Whelp at the beginning of the next end step."
-- Leans on: flying (502.4); an activated ability on the stack (406); the history's "activate"
--   events (activations, countered ones included); a delayed triggered ability at the next end
--   step (410); sacrifice (not destruction: regeneration doesn't save it)
-- The count, read as the ability resolves, is of this object's activations this turn: back to
-- the turn's untap step or to the Whelp's latest entering, whichever is later (a Whelp that left
-- and came back is a new object, 217.1c). The delayed trigger removes itself when it fires (the
-- next end step: the following turn's if this one's has begun) and ends if the Whelp leaves.
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

local function activations_this_turn(g, whelp)
  local n = 0
  A.newest_first(g, function(ev)
    if ev.type == "step" and ev.step == "untap" then return true end
    if ev.type == "zone_change" and ev.card == whelp and ev.to == "battlefield" then return true end
    if ev.type == "activate" and ev.card == whelp and ev.amount == 1 then n = n + 1 end
  end)
  return n
end

local function sacrifice_at_next_end_step(g, obj, whelp)
  local h
  h = g:trigger{ event = "step", controller = obj.controller, source = whelp, name = "Dragon Whelp",
    step = "end",
    effect = function(_, game, src)
      game:remove_trigger(h)
      if src.zone == "battlefield" then game:sacrifice(src) end
    end }
end

local pump = A.pump(1, 0)

return arbiter.card{
  name = "Dragon Whelp", types = { "Creature" }, subtypes = { "Dragon" }, colors = { "red" },
  cost = "{2}{R}{R}", power = 2, toughness = 3, abilities = { "flying" },
  activated = { { cost = "{R}", effect = function(obj, g, whelp)
    pump(obj, g, whelp)
    if not obj.source_moved and activations_this_turn(g, whelp) >= 4 then sacrifice_at_next_end_step(g, obj, whelp) end
  end } },
  oracle = "Flying\n{R}: Dragon Whelp gets +1/+0 until end of turn. If this ability has been activated four or " ..
    "more times this turn, sacrifice Dragon Whelp at the beginning of the next end step.",
}
