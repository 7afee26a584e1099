-- Whirling Dervish (Creature — Dwarf, GG, 1/1): "Protection from black. At the end of each turn,
-- if Whirling Dervish dealt damage to an opponent this turn, put a +1/+1 counter on it."
-- A trigger on the end step; "dealt damage this turn" is read from the history (the damage
-- events since this turn's untap step). The counter is a "counter" event (replaceable), and
-- +1/+1 counters count in the modify layer (418.5). (Protection is not in the engine's
-- vocabulary: the example leaves it out.)
local arbiter = require("arbiter")


-- The events of this turn are the last ones in the history: read back from its end in chunks
-- (g:history(from) returns the events from index `from` on) until this turn's untap step.
local function dealt_damage_this_turn(game, dervish)
  local last = game:history_length()
  while last > 0 do
    local from = math.max(1, last - 63)
    local h = game:history(from)
    for i = last - from + 1, 1, -1 do
      local ev = h[i]
      if ev.type == "step" and ev.step == "untap" then return false end
      if ev.type == "damage" and ev.source == dervish then
        for _, p in ipairs(game.players) do
          if ev.target == p and p ~= dervish.controller then return true end
        end
      end
    end
    last = from - 1
  end
  return false
end

local function install(g, card)
  return g:trigger{
    event = "step", controller = card.controller, source = card, name = "Whirling Dervish",
    condition = function(ev, game, dervish) return ev.step == "end" and dealt_damage_this_turn(game, dervish) end,
    effect = function(_, _, dervish) dervish:add_counters("+1/+1", 1) end,
  }
end
install = arbiter.installer(install)   -- once per stay on the battlefield

-- the definition carries install: the engine calls it whenever the card enters the battlefield
local def = arbiter.card{ name = "Whirling Dervish", types = { "Creature" }, subtypes = { "Dwarf" },
  colors = { "green" }, power = 1, toughness = 1, install = install }

return { def = def, install = install }
