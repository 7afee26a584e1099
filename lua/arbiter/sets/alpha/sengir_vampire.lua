-- Sengir Vampire {3}{B}{B} (Creature — Vampire 4/4)
-- Oracle: "Flying
-- Whenever a creature dealt damage by Sengir Vampire this turn dies, put a +1/+1 counter on
-- Sengir Vampire."
-- Leans on: flying (502.4); a trigger on zone changes from the battlefield to the graveyard (410)
--   of a creature as it last existed there (ev.last, 413.2); the turn's damage events in the
--   history (ev.turn); new objects (217.1c): damage dealt to the creature, or by the Vampire,
--   before it last came into play was dealt to or by another object and doesn't count; +1/+1
--   counters (418.5)
-- A Vampire gone from play before its trigger resolves gets no counter (the card elsewhere is a
-- new object, 217.1c), as Fungusaur's.
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

local function entered(ev, c)
  return ev.card == c and ev.to == "battlefield" and (ev.type == "zone_change" or ev.type == "create")
end

-- Whether `vampire` (this object) dealt damage to `victim` (the object that just left the
-- battlefield) this turn: the history read backwards to the turn's start, up to either's arrival.
local function damaged_by(g, vampire, victim)
  local turn = g.turn
  return A.newest_first(g, function(ev)
    if ev.turn ~= turn or entered(ev, vampire) or entered(ev, victim) then return false end
    if ev.type == "damage" and ev.source == vampire and ev.target == victim and ev.amount > 0 then return true end
  end) or false
end

local function dies(ev, g, vampire)
  if ev.from ~= "battlefield" or ev.to ~= "graveyard" or not ev.last then return false end
  local was_creature = false
  for _, t in ipairs(ev.last.types) do was_creature = was_creature or t == "Creature" end
  return was_creature and damaged_by(g, vampire, ev.card)
end

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "zone_change", controller = card.controller, source = card, name = "Sengir Vampire",
    condition = dies,
    effect = function(_, _, vampire)
      if vampire.zone == "battlefield" then vampire:add_counters("+1/+1", 1) end
    end }
end)

return arbiter.card{
  name = "Sengir Vampire", types = { "Creature" }, subtypes = { "Vampire" }, colors = { "black" },
  cost = "{3}{B}{B}", power = 4, toughness = 4, abilities = { "flying" }, install = install,
  oracle = "Flying\nWhenever a creature dealt damage by Sengir Vampire this turn dies, put a +1/+1 counter on "
    .. "Sengir Vampire.",
}
