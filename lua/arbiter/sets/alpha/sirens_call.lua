-- Siren's Call {U} (Instant)
-- Oracle: "Cast Siren's Call only during an opponent's turn, before attackers are declared.
-- Creatures the active player controls attack this turn if able.
-- At the beginning of the next end step, destroy all non-Wall creatures that player controls that didn't attack
-- this turn. Ignore this effect for each creature the player didn't control continuously since the beginning of the
-- turn."
-- Leans on: a casting restriction (cast_condition: an opponent's upkeep, draw step, first main
--   phase or beginning of combat); an attack requirement until end of turn on whatever
--   creatures the active player controls (in Two-Headed Giant: the active team's; 500.1,
--   "attacks each combat if able"); a delayed
--   trigger on this turn's end step (410); the turn's "attack" events (g:history); control
--   since the turn began (c.sick, 212.3d); destruction (regeneration applies, 419.6b)
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

local BEFORE_ATTACKS = { upkeep = true, draw = true, main1 = true, beginning_of_combat = true }

local function cast_condition(g, p)
  if g:is_active(p) or not BEFORE_ATTACKS[g.step] then
    return false, "only during an opponent's turn, before attackers are declared"
  end
  return true
end

local function attacked_this_turn(g)
  local out, turn = {}, g.turn
  A.newest_first(g, function(ev)       -- this turn's events, newest first
    if ev.turn ~= turn then return true end
    if ev.type == "attack" then out[ev.card] = true end
  end)
  return out
end

-- "The active player": in Two-Headed Giant each player of the active team (606.4b: the team takes
-- the turn; 606.7a: each of them is an attacking player), so both members' creatures must attack.
-- The players are kept by index (the same in a clone of the game).
local function active_indexes(g)
  local set = {}
  for _, p in ipairs(g.players) do if g:is_active(p) then set[p.index] = true end end
  return set
end

local function siren(obj, g)
  local active = active_indexes(g)
  g:add_static{ duration = "end_of_turn", abilities = "attacks each combat if able",
    affects = function(c) return active[c.controller.index] and c:is("Creature") end }
  g:trigger{ event = "step", controller = obj.controller, duration = "end_of_turn", name = "Siren's Call",
    step = "end",
    effect = function(_, game)
      local attacked = attacked_this_turn(game)
      for _, p in ipairs(game.players) do
        for _, c in ipairs(active[p.index] and game:permanents(p, "Creature") or {}) do
          if not c:is("Wall") and not c.sick and not attacked[c] then game:destroy(c) end
        end
      end
    end }
end

return arbiter.card{
  name = "Siren's Call", types = { "Instant" }, colors = { "blue" }, cost = "{U}",
  cast_condition = cast_condition, resolve = siren,
  oracle = "Cast Siren's Call only during an opponent's turn, before attackers are declared.\nCreatures the " ..
    "active player controls attack this turn if able.\nAt the beginning of the next end step, destroy all " ..
    "non-Wall creatures that player controls that didn't attack this turn. Ignore this effect for each " ..
    "creature the player didn't control continuously since the beginning of the turn.",
}
