-- arbiter.sets.alpha.abilities — ability texts several Alpha cards share, written once (not a
-- card: the set's loader reads only the names of its list).
--   A.regenerate                    "[Cost]: Regenerate this creature." (an activated effect)
--   A.pump(dp, dt)                  "[Cost]: This creature gets +dp/+dt until end of turn."
--   A.pay_for_life(color, name)     "Whenever a player casts a <color> spell, you may pay {1}.
--                                    If you do, you gain 1 life." (an install)
--   A.prevent_next(g, target, n, name)  "Prevent the next n damage that would be dealt to target
--                                    creature or player this turn." (a shield)
--   A.enchanted(obj, g, aura)       "enchanted creature" as such an ability resolves
--   A.pump_enchanted(dp, dt)        "[Cost]: Enchanted creature gets +dp/+dt until end of turn."
--   A.find_this_turn(g, fn, kind)   this turn's events (of type kind, if given), newest first,
--                                    until fn(ev) is true: that event, or nil ("if it attacked
--                                    this turn", "this combat")
--   A.regenerate_enchanted          "[Cost]: Regenerate enchanted creature." (an activated effect)
--   A.newest_first(g, fn, size)     the history from its end until fn(ev, index) returns a value
--   A.counted_pt(count, p_of, t_of)  power and toughness functions reading one count once
-- Effects read the card they belong to from their arguments, never from upvalues: one definition
-- serves every game (examples/cards/README.md).
local arbiter = require("arbiter")

local A = {}

-- Calls fn(ev, i) on the history's events (i: the event's index in g:history()), newest first,
-- until fn returns a value (not nil), which it returns. It reads windows from the end, each
-- one the events before the last (g:history(from, nil, to)), doubled from WINDOW, so a card
-- asking about this turn or its last move pays for the events it reads, not for the whole game
-- (g:history() makes a table per event: Sengir Vampire's read of the whole history at every
-- zone change was a twentieth of an Alpha game's work; most readers stop within a few events).
-- fn only reads. size: the first window (WINDOW by default)
local WINDOW = 4
function A.newest_first(g, fn, size)
  local to = g:history_length()
  size = size or WINDOW
  while to >= 1 do
    local from = math.max(1, to - size + 1)
    local list = g:history(from, nil, to)
    for k = #list, 1, -1 do
      local r = fn(list[k], from + k - 1)
      if r ~= nil then return r end
    end
    to, size = from - 1, size * 2
  end
  return nil
end

-- A regeneration shield belongs to the object (419.6b): one activated by a creature that has
-- left play since protects nothing (obj.source_moved, 217.1c).
function A.regenerate(obj, g, self)
  if not obj.source_moved then g:regenerate(self) end
end

-- +dp/+dt until end of turn for "this creature": gone once it has left play (217.1c)
function A.pump(dp, dt)
  return function(obj, g, self)
    if not obj.source_moved then g:modify(self, dp, dt) end
  end
end

-- The creature an Aura's activated or triggered ability affects as it resolves: the one the
-- Aura enchants now; an Aura gone since the ability was activated or triggered (obj.source_moved:
-- a new object, 217.1c), or no longer on the battlefield, reads its last departure from the
-- battlefield in the history (ev.last.attached_to, 413.2).
-- Nil when that creature is no longer on the battlefield (a new object elsewhere, 217.1c).
function A.enchanted(obj, g, aura)
  local c
  if not obj.source_moved and aura.zone == "battlefield" then
    c = aura.attached_to
  else
    local ev = A.newest_first(g, function(e)
      if e.type == "zone_change" and e.card == aura and e.from == "battlefield" then return e end
    end)
    c = ev and ev.last and ev.last.attached_to
  end
  if c and c.zone == "battlefield" then return c end
  return nil
end

-- +dp/+dt until end of turn for "enchanted creature" (A.enchanted)
function A.pump_enchanted(dp, dt)
  return function(obj, g, aura)
    local creature = A.enchanted(obj, g, aura)
    if creature then g:modify(creature, dp, dt) end
  end
end

-- A regeneration shield (419.6b) for "enchanted creature" (A.enchanted)
function A.regenerate_enchanted(obj, g, aura)
  local creature = A.enchanted(obj, g, aura)
  if creature then g:regenerate(creature) end
end

-- A shield preventing the next n damage to target this turn (419.6: a replacement of the next
-- damage events to it, up to n in all, ending at cleanup). A creature's shield has the creature
-- as its source (it ends when the creature leaves play, a new object, 217.1c); a player's names
-- the player by index, the same in a clone. Used in part, it hands the rest to a new shield.
function A.prevent_next(g, target, n, name)
  local h
  local spec = { event = "damage", duration = "end_of_turn", name = name }
  if arbiter.core.kind(target) == "card" then
    spec.source = target
    spec.applies = function(ev, _, creature) return ev.target == creature and ev.amount > 0 end
  else
    local index = target.index
    spec.applies = function(ev, game) return ev.target == game.players[index] and ev.amount > 0 end
  end
  spec.replace = function(ev, game)
    game:remove_replacement(h)
    local prevented = math.min(n, ev.amount)
    if prevented < n then A.prevent_next(game, ev.target, n - prevented, name) end
    ev.amount = ev.amount - prevented
    return ev
  end
  h = g:add_replacement(spec)
end

-- The cycle of Throne of Bone and Wooden Sphere: a trigger on the "cast" event (410: on the
-- stack above the spell, it resolves first) for spells of one color as they are cast (the
-- spell's card of the color its words.color names now: a declared card word the core tests, no
-- condition); "you may pay {1}" on resolution (arbiter.ask_pay: nothing asked of a player who
-- can't pay); "you" is the artifact's controller as the ability resolves.
function A.pay_for_life(_, name)   -- (the color: the card's words.color, as its text reads now)
  local function pay(_, game, artifact)
    local you = artifact.controller
    if arbiter.ask_pay(game, you, "{1}", { source = artifact }) then game:gain_life(you, 1) end
  end
  return arbiter.installer(function(g, card)
    return g:trigger{ event = "cast", controller = card.controller, source = card, name = name,
      card = { is_word = "color" }, effect = pay }
  end)
end

-- This turn's events newest first (only those of type `kind` when given: the others are only
-- compared in the core, g:history(from, type)), until fn(ev) is true: that event, or nil.
-- The turn's first event is found by the core (g:history_length(turn)): no table is made for an
-- earlier turn's event.
function A.find_this_turn(g, fn, kind)
  local list = g:history(g:history_length(g.turn) + 1, kind)
  for k = #list, 1, -1 do
    if fn(list[k]) then return list[k] end
  end
  return nil
end

-- Power and toughness functions (a definition's characteristic-defining ones, c, g; or an
-- effect's, c, g, source) whose values come from one count, count(c, g, source) (Gaea's Liege's
-- Forests: whose depends on its attack; a count of permanents alone is declared instead,
-- arbiter.count_pt, and the core counts it), through p_of and t_of (nil: the count itself). The core
-- computes a card's power and then at once its toughness, once per card and recomputation
-- (docs/API.md, g:add_static; nothing happens between the two), so the count power read is kept
-- for that card's toughness right after it and used once: the permanents are read once, not
-- twice. A toughness asked with nothing kept for its card counts for itself. (The upvalues hold
-- no game's state: a count for the card in hand, dropped when used.)
function A.counted_pt(count, p_of, t_of)
  local kept_for, kept = nil, 0
  local function power(c, g, source)
    kept_for = nil
    kept = count(c, g, source)
    kept_for = c
    if p_of then return p_of(kept) end
    return kept
  end
  local function toughness(c, g, source)
    local n
    if kept_for == c then n = kept else n = count(c, g, source) end
    kept_for = nil
    if t_of then return t_of(n) end
    return n
  end
  return power, toughness
end

return A
