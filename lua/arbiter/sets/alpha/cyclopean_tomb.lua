-- Cyclopean Tomb {4} (Artifact)
-- Oracle: "{2}, {T}: Put a mire counter on target non-Swamp land. That land is a Swamp for as long as
--   it has a mire counter on it. Activate only during your upkeep.
--   When Cyclopean Tomb is put into a graveyard from the battlefield, at the beginning of each of your
--   upkeeps for the rest of the game, remove all mire counters from a land that a mire counter was put
--   onto with Cyclopean Tomb but that a mire counter has not been removed from with Cyclopean Tomb."
-- Leans on: an activated ability with {T} (406; 502.5b) and an activation condition (its
--   controller's upkeep); a target filter checked again on resolution (413); counters; subtypes set
--   by an effect (418.5a layer 4: the land's land types become Swamp, 212.6e: it taps for {B}) for
--   as long as the land has a mire counter (a predicate on that object: it ends with the counters
--   or the object, 217.1c); "Swamp" is a word of its text (words.type: Magical Hack on the Tomb
--   makes it put counters on non-Islands that become Islands). A trigger on its own zone change to
--   a graveyard (410) that begins a triggered ability for the rest of the game on its controller's
--   upkeeps (no source: it outlives the Tomb; turn = that player). Which lands "a mire counter was put onto with
--   Cyclopean Tomb" is read from the history: the Tomb's own events "mire" (a counter put) and
--   "mire removed" (its counters removed by the Tomb's upkeep ability), each naming the land and
--   the Tomb and tagged with the history length as this Tomb entered (this object, 217.1c); a land
--   that left the battlefield since is another object. Its controller chooses the land
--   (choose(p, "land", options, ctx)); with none, nothing happens.
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

local function your_upkeep(g, p) return g.step == "upkeep" and g:is_active(p), "only during your upkeep" end

local function declare(g)
  g:declare_event("mire")
  g:declare_event("mire removed")
end

local function entry_of(tomb, ev)
  return ev.type == "zone_change" and ev.card == tomb and ev.to == "battlefield"
end

-- The history length as the Tomb entered, in this stay: its last zone change to the battlefield
local function entered_at(g, tomb)
  return A.newest_first(g, function(ev, i) if entry_of(tomb, ev) then return i end end) or 0
end

-- The same, read as its install runs: its entry is then the history's last event (the install
-- watch runs right after it is logged), read alone; else (created on the battlefield) the search
local function entered_now(g, tomb)
  local n = g:history_length()
  local last = n > 0 and g:history(n)[1]
  if last and entry_of(tomb, last) then return n end
  return entered_at(g, tomb)
end

local function mire(obj, g, tomb)
  local land = obj.targets[1]
  local word = tomb.words.type       -- its text as it reads now (418.5a layer 3)
  declare(g)
  land:add_counters("mire", 1)
  local id = land.id     -- by id: a clone of the game (g:clone) shares this function, with its own cards
  g:add_static{ subtypes = { word }, affects = function(c) return c.id == id and c:counters("mire") > 0 end }
  g:emit("mire", { card = land, source = tomb, amount = entered_at(g, tomb) })
end

-- The lands (in the order their first counters came) that this Tomb (entered at `since`, gone by
-- history length `upto`) put a mire counter onto and hasn't removed them from, still those objects
local function marked(g, tomb, since, upto)
  local out, at = {}, {}
  for i, ev in ipairs(g:history(since + 1)) do
    local c = ev.card
    if ev.type == "mire" and ev.source == tomb and ev.amount == since and since + i <= upto and not at[c] then
      out[#out + 1] = c
      at[c] = #out
    elseif at[c] and ((ev.type == "mire removed" and ev.source == tomb and ev.amount == since) or
        (ev.type == "zone_change" and ev.from == "battlefield")) then
      table.remove(out, at[c])
      at = {}
      for k, x in ipairs(out) do at[x] = k end
    end
  end
  return out
end

-- Whether this Tomb (entered at `since`) put any mire counter in its stay: read once as it goes
-- (its stay's events are then the history's end; they never change afterwards)
local function any_mire(g, tomb, since)
  for _, ev in ipairs(g:history(since + 1, "mire")) do     -- (only the "mire" events made)
    if ev.source == tomb and ev.amount == since then return true end
  end
  return false
end

-- A Tomb that put no mire counter marked no land: its upkeep ability then has nothing to read
-- (marked() is empty) and doesn't read the game's history since its entry again each upkeep.
-- The ability reads the Tomb and its player in the game it runs in (by id and seat: a clone of
-- the game, g:clone, runs the same function with its own cards and players).
local function every_upkeep(game, tomb, you, since, upto)
  local some, id, seat = any_mire(game, tomb, since), tomb.id, you.index
  game:trigger{ event = "step", controller = you, name = "Cyclopean Tomb",
    step = "upkeep", turn = you,
    effect = function(_, g)
      local t = g:card(id)
      local lands = some and marked(g, t, since, upto) or {}
      if #lands == 0 then return end
      local land = arbiter.ask_choose(g, g.players[seat], "land", lands, { source = t })
      declare(g)
      land:remove_counters("mire", land:counters("mire"))
      g:emit("mire removed", { card = land, source = t, amount = since })
    end }
end

-- The entry that began this stay is read as the install runs (the Tomb has just entered: its
-- entry is at the history's end, found at once) and kept for the ability that ends the stay: a
-- Tomb that hasn't moved since that ability triggered (obj.source_moved) entered no later, so
-- the history need not be read back to its entry again (a long game: hundreds of events).
local install = arbiter.installer(function(g, card)
  local since = entered_now(g, card)
  return g:trigger{ event = "zone_change", source = card, controller = card.controller, name = "Cyclopean Tomb",
    from = "battlefield", to = "graveyard", card = { self = true },
    effect = function(ev, game, tomb, obj)
      local you = ev.last and ev.last.controller or tomb.owner
      local at = (obj and obj.source_moved == false) and since or entered_at(game, tomb)
      every_upkeep(game, tomb, you, at, game:history_length())
    end }
end)

local function non_swamp_land(x, _, tomb) return x:is("Land") and not x:is(tomb.words.type) end

return arbiter.card{
  name = "Cyclopean Tomb", types = { "Artifact" }, cost = "{4}", words = { type = "Swamp" }, install = install,
  activated = { { cost = "{2},{T}", condition = your_upkeep, targets = { { what = "land", filter = non_swamp_land } },
    resolve = mire } },
  oracle = "{2}, {T}: Put a mire counter on target non-Swamp land. That land is a Swamp for as long as it has a "
    .. "mire counter on it. Activate only during your upkeep.\nWhen Cyclopean Tomb is put into a graveyard from the "
    .. "battlefield, at the beginning of each of your upkeeps for the rest of the game, remove all mire counters "
    .. "from a land that a mire counter was put onto with Cyclopean Tomb but that a mire counter has not been "
    .. "removed from with Cyclopean Tomb.",
}
