-- arbiter.view — g:view(p): the game as one player sees it, as plain data (strings, numbers,
-- booleans and tables of them: no handles, no functions), for a UI, a network peer or a fair AI.
-- The contract's "Version 3: the details" form. Hidden information: a hand is its owner's, a
-- library no one's (its count only): 217.2a, 217.3a; a hidden card is {hidden = true, id = n}.
-- Every other zone is public (graveyard 217.4a, in play, the stack, removed from game).
-- JSON-encodable: arrays without holes, no mixed keys, finite numbers (spec/view_spec.lua
-- round-trips it through dkjson).
-- Issue 30 extends what a player can see (g:can_see, g:reveal): `visible` is the one place.
local check = require("arbiter.check")
local core = require("arbiter.core")
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions (internal.lua)

return function(arbiter, Game)
  local index_of, players_of = arbiter._index, arbiter._players
  local TYPES = { "Artifact", "Creature", "Enchantment", "Instant", "Land", "Sorcery" }
  local COLORS = { "white", "blue", "black", "red", "green" }

  local env, atomic, note = arbiter._env, arbiter._atomic, arbiter._note_setting
  local watch          -- (below) the observers that forget a revealed card that moved
  local fail, describe = check.fail, check.describe

  -- What was revealed or looked at (g:reveal): env.reveals, an array of records {id, zone, to =
  -- {[index] = true} | nil (everyone), turn (until end of turn) | nil}, replaced whole on each
  -- change (undone with a failed action, 422; indices, so a clone reads its own players). A
  -- record holds while its card stays in the zone it was shown in: a card that moves is a new
  -- object (217.1c), and a revealed card shuffled into a library is hidden again.
  local function revealed(g, viewer, c)
    local list = env[g].reveals
    if not list then return false end
    local vi, id, zone, turn = index_of[viewer], c.id, c.zone, g.turn
    for i = 1, #list do
      local r = list[i]
      if r.id == id and r.zone == zone and (r.turn == nil or r.turn == turn) and (r.to == nil or r.to[vi]) then
        return true
      end
    end
    return false
  end

  -- who may see a card where it is now: a hand its owner (217.3a), a library no one (217.2a),
  -- the rest everyone; and whoever it was revealed to
  -- a face-down permanent its controller (504: "its controller may look at it")
  local function visible(viewer, c, g)
    local zone = c.zone
    if zone == "library" then return g ~= nil and revealed(g, viewer, c) end
    if zone == "hand" then return c.owner == viewer or (g ~= nil and revealed(g, viewer, c)) end
    if zone == "battlefield" and c.face_down then
      return c.controller == viewer or (g ~= nil and revealed(g, viewer, c))
    end
    return true
  end
  arbiter._visible = visible   -- what agents are handed goes through it too (ask.lua: hide)

  local function has_each(c, names)
    local out = {}
    for _, n in ipairs(names) do if c:is(n) then out[#out + 1] = n end end
    return out
  end

  -- the card's current characteristics (every continuous effect applied: c:is, c.power and its
  -- subtypes read the layers: "enchanted land is a Swamp" shows Swamp)
  local face_down_view   -- (below)
  local function card_view(viewer, c, g)
    if not visible(viewer, c, g) then
      if c.face_down then return face_down_view(c, false, g) end
      return { hidden = true, id = c.id }
    end
    local counters = {}
    for kind, n in pairs(c:counters()) do counters[kind] = n end   -- a map: order doesn't reach the game
    local on = c.zone == "battlefield"
    local v = { id = c.id, name = c.name, owner = index_of[c.owner], controller = index_of[c.controller],
      zone = c.zone, types = has_each(c, TYPES), subtypes = GI._subtypes(g, c),
      colors = has_each(c, COLORS), tapped = on and c.tapped or false, counters = counters,
      abilities = c:abilities() }
    if c:is("Creature") then v.power, v.toughness, v.damage = c.power, c.toughness, c.damage end
    if on then v.sick = c.sick; v.attacking = c.attacking or nil; v.blocked = c.blocked or nil end
    if c.attached_to then v.attached_to = c.attached_to.id end
    if c.face_down then v.face_down = true; v.front = face_down_view(c, true, g).front end
    return v
  end

  -- A face-down permanent (504.1): to everyone what it is, a 2/2 creature with no name, and
  -- whether it is tapped, attacking ...; to whoever may look (its controller), also its front:
  -- the card's own name, types, subtypes and colors as printed.
  function face_down_view(c, look, g)
    local v = { hidden = true, face_down = true, id = c.id, owner = index_of[c.owner],
      controller = index_of[c.controller], zone = c.zone, types = has_each(c, TYPES), subtypes = {},
      colors = {}, power = c.power, toughness = c.toughness, damage = c.damage, tapped = c.tapped,
      sick = c.sick, attacking = c.attacking or nil, blocked = c.blocked or nil, counters = {}, abilities = {} }
    for kind, n in pairs(c:counters()) do v.counters[kind] = n end   -- a map: order doesn't reach the game
    if look then
      local d = arbiter._front(g, c)
      local f = { name = d.name, types = {}, subtypes = {}, colors = {}, power = d.power, toughness = d.toughness }
      for i, t in ipairs(d.types or {}) do f.types[i] = t end
      for i, t in ipairs(d.subtypes or {}) do f.subtypes[i] = t end
      for i, t in ipairs(d.colors or {}) do f.colors[i] = t end
      if type(f.power) ~= "number" then f.power = nil end             -- */*: its value isn't printed
      if type(f.toughness) ~= "number" then f.toughness = nil end
      v.front = f
    end
    return v
  end

  local function cards_view(viewer, zone, g)
    local out = {}
    for i, c in ipairs(zone:cards()) do out[i] = card_view(viewer, c, g) end
    return out
  end

  -- a target: a card {what = "card", id}, a player {what = "player", index}, a stack object
  -- {what = "object", card = id}, or {what = "gone"} (a target that changed zones: 217.1c)
  local function target_view(t)
    if t == false or t == nil then return { what = "gone" } end
    local kind = core.kind(t)
    if kind == "player" then return { what = "player", index = index_of[t] } end
    if kind == "card" then return { what = "card", id = t.id } end
    return { what = "object", card = t.card and t.card.id or nil }
  end

  local function stack_view(g, viewer)
    local out = {}
    for i, o in ipairs(g:stack_objects()) do
      local targets = {}
      for j, t in ipairs(o.targets or {}) do targets[j] = target_view(t) end
      -- (an ability a player has from no permanent has no card: g:add_ability)
      out[i] = { kind = o.kind, card = o.card and card_view(viewer, o.card, g), controller = index_of[o.controller],
        targets = targets, x = o.x, ability = o.ability }
    end
    return out
  end

  local function player_view(g, viewer, p)
    local mana = {}
    for k, n in pairs(p.mana) do mana[k] = n end
    return { index = index_of[p], name = p.name, life = p.life, lost = p.lost or false,
      mana = mana, hand = cards_view(viewer, p.hand, g), library = { count = #p.library },
      graveyard = cards_view(viewer, p.graveyard, g), ante = p.ante and cards_view(viewer, p.ante, g) or {} }
  end

  --- g:can_see(viewer, c): whether viewer may see card c now (hidden information)
  function Game:can_see(viewer, c)
    check.object(self, "can_see", 1, viewer, "player")
    check.object(self, "can_see", 2, c, "card")
    return visible(viewer, c, self)
  end

  local function player_set(g, to)
    if to == nil then return nil end
    local list = core.kind(to) == "player" and { to } or to
    if type(list) ~= "table" or list[1] == nil then
      fail("reveal", 2, "a player, a list of players or nil (everyone) expected, got " .. describe(to), 4)
    end
    local set = {}
    for i = 1, #list do
      check.object(g, "reveal", 2, list[i], "player")
      set[index_of[list[i]]] = true
    end
    return set
  end

  -- A revealed card that moves is a new object (217.1c): its records go. Observers of the
  -- events that move cards, registered once per game at its first reveal (noted: undone too).
  local MOVES = { "zone_change", "draw", "discard" }
  local function forget(ev, g)
    local list, c = env[g].reveals, ev.card
    if not list or core.kind(c) ~= "card" then return end
    local keep, gone = {}, false
    for i = 1, #list do
      if list[i].id == c.id then gone = true else keep[#keep + 1] = list[i] end
    end
    if not gone then return end
    note(g, "top", { key = "reveals", old = list })
    env[g].reveals = keep[1] and keep or nil
  end
  function watch(g)
    if env[g].reveal_watch then return end
    note(g, "top", { key = "reveal_watch", old = nil })
    env[g].reveal_watch = true
    for _, t in ipairs(MOVES) do g:on(t, forget) end
  end

  --- g:reveal(cards, to, duration): cards shown to players (nil: everyone) while they stay
  -- in their zones, for the rest of the game or until end of turn
  function Game:reveal(cards, to, duration)
    local list = core.kind(cards) == "card" and { cards } or cards
    if type(list) ~= "table" then fail("reveal", 1, "a card or a list of cards expected, got " .. describe(cards)) end
    for i = 1, #list do check.object(self, "reveal", 1, list[i], "card") end
    local set = player_set(self, to)
    if duration ~= nil and duration ~= "end_of_turn" then
      fail("reveal", 3, "duration must be nil (the rest of the game) or \"end_of_turn\", got " .. describe(duration))
    end
    return atomic(self, function(g)
      watch(g)
      local old = env[g].reveals
      local new = {}
      for i = 1, #(old or {}) do new[i] = old[i] end
      for i = 1, #list do
        new[#new + 1] = { id = list[i].id, zone = list[i].zone, to = set,
          turn = duration == "end_of_turn" and g.turn or nil }
      end
      note(g, "top", { key = "reveals", old = old })
      env[g].reveals = new
    end)
  end

  -- ---------------------------------------------------------------- history as p saw it

  -- events about objects in play or on the stack: their cards were public as they happened
  local PUBLIC = { life = true, damage = true, attack = true, block = true, tap = true, untap = true,
    destroy = true, counter = true, control = true, attach = true, unattach = true, sacrifice = true,
    cast = true, activate = true, mana = true }

  -- whether viewer saw zone `zone` (a zone name) holding card c
  local function zone_shows(viewer, c, zone)
    if zone == nil or zone == "library" then return false end
    if zone == "hand" then return c.owner == viewer end
    return true
  end

  -- whether viewer saw ev.card as the event happened (the seed's Hymn to Tourach / Library of
  -- Leng: a card discarded to the graveyard is seen, one put on top of the library is not;
  -- a drawn card by its owner only); what viewer may see now it may see in the history too
  local function event_shows(g, viewer, ev, c)
    if visible(viewer, c, g) then return true end
    local t = ev.type
    if t == "draw" then return c.owner == viewer end
    if t == "discard" then return zone_shows(viewer, c, "hand") or zone_shows(viewer, c, ev.to or "graveyard") end
    if ev.from or ev.to then return zone_shows(viewer, c, ev.from) or zone_shows(viewer, c, ev.to) end
    return PUBLIC[t] == true
  end

  local function plain(g, viewer, ev, v, shows)
    local kind = core.kind(v)
    if kind == "player" then return index_of[v] end
    if kind == "card" then
      if shows or v ~= ev.card then return { id = v.id, name = v.name } end
      return { hidden = true, id = v.id }
    end
    local tv = type(v)
    if tv == "string" or tv == "boolean" or (tv == "number" and v == v and v ~= math.huge and v ~= -math.huge) then
      return v
    end
    return nil                     -- handles, stack objects, functions: not plain data
  end

  --- g:history_for(p, from): the history as p saw it, as plain data
  function Game:history_for(p, from)
    check.object(self, "history_for", 1, p, "player")
    if from ~= nil and (not check.integer(from) or from < 1) then
      fail("history_for", 2, "from must be a positive integer, got " .. describe(from))
    end
    local out = {}
    for i, ev in ipairs(self:history(from)) do
      local c = ev.card
      local shows = c == nil or core.kind(c) ~= "card" or event_shows(self, p, ev, c)
      local e = {}
      for k, v in pairs(ev) do   -- each field converted alone: the order reaches nothing
        if type(k) == "string" then e[k] = plain(self, p, ev, v, shows) end
      end
      out[i] = e
    end
    return out
  end

  --- g:view(p): the game as p sees it (docs/API.md).
  function Game:view(p)
    check.object(self, "view", 1, p, "player")
    local ps = {}
    for i, q in ipairs(players_of[self]) do ps[i] = player_view(self, p, q) end
    local active, priority = self.active_player, self.priority
    return { you = index_of[p], turn = self.turn, step = self.step,
      active = active and index_of[active] or nil, priority = priority and index_of[priority] or nil,
      players = ps, battlefield = cards_view(p, self.battlefield, self), exile = cards_view(p, self.exile, self),
      stack = stack_view(self, p) }
  end
end
