-- Scavenging Ghoul {3}{B} (Creature — Zombie 2/2)
-- Oracle: "At the beginning of each end step, put a corpse counter on Scavenging Ghoul for each
--   creature that died this turn.
-- Remove a corpse counter from Scavenging Ghoul: Regenerate Scavenging Ghoul."
-- Leans on: a trigger at the beginning of each end step (410.2), whoever's turn it is; the
--   turn's zone changes from the battlefield to a graveyard in the history, each with the card as
--   it last existed there (ev.last, 413.2: a creature then, whatever the card is now), also those
--   before the Ghoul came into play; counters; a cost that removes a counter (`pay`: no counter,
--   no activation, 424.2) and regeneration (419.6b); new objects (217.1c: obj.source_moved)
-- "Died" is the era's "put into a graveyard from play"; the count is taken as the ability resolves.
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

local function was_creature(last)
  for _, t in ipairs(last.types) do if t == "Creature" then return true end end
  return false
end

-- This turn's events, newest first (A.find_this_turn: read from the end, not the whole game's
-- history each end step)
local function died_this_turn(g)
  local n = 0
  A.find_this_turn(g, function(ev)
    if ev.type == "zone_change" and ev.from == "battlefield" and ev.to == "graveyard"
      and ev.last and was_creature(ev.last) then
      n = n + 1
    end
  end, "zone_change")
  return n
end

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "step", source = card, controller = card.controller, name = "Scavenging Ghoul",
    step = "end",
    resolve = function(obj, game, ghoul)
      local n = died_this_turn(game)
      if n > 0 and not obj.source_moved and ghoul.zone == "battlefield" then ghoul:add_counters("corpse", n) end
    end }
end)

local function has_corpse(_, _, ghoul) return ghoul:counters("corpse") > 0, "no corpse counter on it" end
local function remove_corpse(_, _, ghoul)
  if ghoul:counters("corpse") < 1 then error("no corpse counter to remove", 0) end
  ghoul:remove_counters("corpse", 1)
end

return arbiter.card{
  name = "Scavenging Ghoul", types = { "Creature" }, subtypes = { "Zombie" }, colors = { "black" },
  cost = "{3}{B}", power = 2, toughness = 2, install = install,
  activated = { { cost = "{0}", condition = has_corpse, pay = remove_corpse, resolve = A.regenerate } },
  oracle = "At the beginning of each end step, put a corpse counter on Scavenging Ghoul for each creature "
    .. "that died this turn.\nRemove a corpse counter from Scavenging Ghoul: Regenerate Scavenging Ghoul.",
}
