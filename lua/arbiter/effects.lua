-- arbiter.effects — replacement effects, observers and triggers as Lua records over the
-- core's raw registration (csrc/leffect.c): arbiter.EVENT_TYPES, g:declare_event, g:emit,
-- g:add_replacement / g:remove_replacement, g:on / g:off, g:trigger / g:remove_trigger.
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions (internal.lua)
local core = require("arbiter.core")
local check = require("arbiter.check")
local fail, describe = check.fail, check.describe
local guard = core._guard        -- card-script functions run under their budgets (sandbox.lua)
local shield, unshield = core._shield, core._unshield
local object_kind = core.kind    -- "card" | "player" | ..., and the object's game

return function(internal, Game)
  local arbiter = internal   -- a public name written here lands on the public table (internal.lua)
  local env = internal._env
  local atomic = internal._atomic

  -- ---------------------------------------------------------------- effects

  local EVENT_TYPES = { draw = true, discard = true, zone_change = true, life = true, damage = true,
    attack = true, block = true, lose = true, win = true, tap = true, untap = true, shuffle = true,
    create = true, step = true,
    destroy = true, counter = true, control = true, attach = true, unattach = true,
    sacrifice = true }   -- continuous effects (lstatic.c)
  arbiter.EVENT_TYPES = EVENT_TYPES
  -- Built-in events that no replacement pipeline runs for: a replacement on them would never apply.
  local NOT_REPLACED = { attack = true, block = true, shuffle = true, create = true, step = true }

  -- A built-in event type, or a name declared with g:declare_event (a generic named event).
  local function check_event(g, fname, argn, ev)
    if EVENT_TYPES[ev] then return end
    local named = env[g].event_names
    if type(ev) == "string" and named and named[ev] then return end
    fail(fname, argn, "unknown event type " .. describe(ev) .. " (declare your own with g:declare_event)", 3)
  end

  --- g:declare_event(name): a generic event type of this game, for g:emit, g:on, g:trigger and
  --- g:add_replacement (e.g. "cycle", "explore"); a built-in name is an error.
  function Game:declare_event(name)
    if type(name) ~= "string" or not name:match("^[%a_][%w_ ]*$") then
      fail("declare_event", 1, "event name (letters, digits, _ and spaces) expected, got " .. describe(name))
    end
    if EVENT_TYPES[name] or name == "named" then
      fail("declare_event", 1, describe(name) .. " is a built-in event type")
    end
    local e = env[self]
    e.event_names = e.event_names or {}
    if e.event_names[name] then return end
    internal._note_setting(self, "env", { field = "event_names", key = name })   -- 422: undone with a failed call
    GI._env_own(self, "event_names")[name] = true   -- a clone's shared table copied first (lgame.c)
  end

  --- g:emit(name, {player =, card =, amount =, source =, target =, from =, to =}) -> true, or
  --- false when a replacement replaced it entirely. A declared named event through the whole
  --- pipeline: replacements (which may change player, amount, target, to), history, observers,
  --- triggers. from and to are zone names ("library", "hand", ...), as in zone_change events.
  local ZONE_NAMES = { library = true, hand = true, graveyard = true, ante = true, battlefield = true, exile = true }
  function Game:emit(name, fields)
    check_event(self, "emit", 1, name)
    if EVENT_TYPES[name] then
      fail("emit", 1, describe(name) .. " is a built-in event: use its action (draw, move, ...)")
    end
    fields = check.table("emit", 2, fields, true)
    for _, k in ipairs({ "card", "source" }) do
      if fields[k] ~= nil then check.object(self, "emit", 2, fields[k], "card") end
    end
    if fields.player ~= nil then check.object(self, "emit", 2, fields.player, "player") end
    if fields.target ~= nil then
      check.object(self, "emit", 2, fields.target, core.kind(fields.target) == "player" and "player" or "card")
    end
    if fields.amount ~= nil and not check.integer(fields.amount) then
      fail("emit", 2, "amount must be an integer, got " .. describe(fields.amount))
    end
    for _, k in ipairs({ "from", "to" }) do
      if fields[k] ~= nil and not ZONE_NAMES[fields[k]] then
        fail("emit", 2, k .. " must be a zone name, got " .. describe(fields[k]))
      end
    end
    return (GI._emit(self, name, fields))
  end

  local Handle = { __name = "arbiter.Handle" }
  -- (no __index = Handle, for the same reason: handles are plain records)
  Handle.__tostring = function(h) return string.format("%s(%s)#%d", h.kind, h.event, h.id) end

  -- spec.duration = "end_of_turn" | "end_of_combat": the effect ends then (cleanup step, end of combat)
  local function check_duration(fname, spec)
    local d = spec.duration
    if d ~= nil and d ~= "end_of_turn" and d ~= "end_of_combat" then
      fail(fname, 1, "duration must be \"end_of_turn\" or \"end_of_combat\", got " .. describe(d), 3)
    end
  end

  -- the filters a record has, as g:_effect's `has` counts them (csrc/leffect.c's FL_* bits)
  local FILTER = { step = 1, zone = 2, from = 4, to = 8, card = 16, turn = 32, targets = 64, adds = 128 }

  -- Registers the effect; with a duration, the registration and its end are one action (an
  -- allocation failure between them leaves no effect behind).
  -- (no closure per registration: most have no duration)
  -- (fixed parameters, g:_effect's: a vararg function copies its frame on each call)
  local function add(game, kind, spec, h, source, controller, leaves, has)
    h.id = GI._effect(game, kind, spec.event, h, source, controller, leaves, has)
    if spec.duration ~= nil then GI._until_effect(game, h.id, spec.duration) end
    return h
  end
  local function register(g, kind, spec, h, source, controller, leaves, has)
    h.id = false   -- the key made before the effect exists: setting it after can't fail for memory
    if spec.duration == nil then return add(g, kind, spec, h, source, controller, leaves, has) end
    return atomic(g, add, kind, spec, h, source, controller, leaves, has)
  end

  --- g:add_replacement{event, source, applies, replace, duration} -> handle
  -- (each check called only when its quick test fails, as in g:trigger: the same errors)
  function Game:add_replacement(spec)
    if type(spec) ~= "table" then check.table("add_replacement", 1, spec) end
    if not EVENT_TYPES[spec.event] then check_event(self, "add_replacement", 1, spec.event) end
    if NOT_REPLACED[spec.event] then
      fail("add_replacement", 1, string.format(
        "\"%s\" events are never replaced (observe them with g:on or trigger on them)", spec.event), 2)
    end
    if type(spec.replace) ~= "function" then check.func("add_replacement", 1, spec.replace, "replace") end
    if type(spec.applies) ~= "function" then check.func("add_replacement", 1, spec.applies, "applies", true) end
    if spec.duration ~= nil then check_duration("add_replacement", spec) end
    if spec.source ~= nil then check.object(self, "add_replacement", 1, spec.source, "card") end
    local h = setmetatable({ kind = "replacement", event = spec.event, source = spec.source,
      applies = spec.applies, replace = spec.replace, name = spec.name, card = spec.card }, Handle)
    return shield(register(self, "replacement", spec, h, spec.source, spec.controller,
      spec.while_on_battlefield == false, spec.card ~= nil and FILTER.card or 0))   -- (its only filter)
  end

  local function remove(g, fname, h, kind)
    h = unshield(h)
    if getmetatable(h) ~= Handle or h.kind ~= kind then
      fail(fname, 1, kind .. " handle expected, got " .. describe(h), 3)
    end
    if not GI._effect_remove(g, h.id, h) then fail(fname, 1, kind .. " handle of another game: " .. describe(h), 3) end
  end

  function Game:remove_replacement(h) remove(self, "remove_replacement", h, "replacement") end

  -- to: a zone kind, the core calls fn only for zone changes to it (notify's filter, as a trigger's)
  local function observe(g, event, fn, source, to)
    local h = setmetatable({ kind = "observer", event = event, fn = fn, source = source, to = to }, Handle)
    h.id = GI._effect(g, "observer", event, h, source, nil, false, to ~= nil and FILTER.to or 0)
    return shield(h)
  end

  --- g:on(type, fn) -> handle: fn(ev, g) is called right after each event of that type
  --- g:on(type, fn, {source = card}): with a source on the battlefield, the observer ends when
  --- the source leaves it (as a trigger with a source does)
  function Game:on(event, fn, opts)
    check_event(self, "on", 1, event)
    check.func("on", 2, fn)
    opts = check.table("on", 3, opts, true)
    for k in pairs(opts) do
      if k ~= "source" then fail("on", 3, "unknown option " .. describe(k) .. " (options: source)") end
    end
    if opts.source ~= nil then check.object(self, "on", 3, opts.source, "card") end
    return observe(self, event, fn, opts.source)
  end

  function Game:off(h) remove(self, "off", h, "observer") end
  -- the engine's own observers (the install watch, newgame.lua) are part of the game: registered
  -- without the driver's wrapper (driver.lua), they run on every run of a driver as its other
  -- game-changing observers do; internal._on(g, "zone_change", fn, "battlefield"): the core
  -- calls fn for zone changes to the battlefield only (most zone changes are draws, casts, deaths)
  function internal._on(g, event, fn, to) return observe(g, event, fn, nil, to) end

  -- ---- a triggered mana ability's declared mana (406.1b) ----
  -- "Whenever a land [tapped] is tapped for mana, [to] adds [mana]", declared as
  --   adds = { tapped = { is = "Land" } | { is_word = "type" } | { enchanted = true },
  --            mana = "{R}" | "produced", to = "controller" | "player" }
  -- tapped: the source of the mana event is of that type (is_word: the type the trigger's source's
  -- word names now, 418.5a: Gauntlet of Might's Mountain), or the land the trigger's source
  -- enchants (Wild Growth); mana: that mana, or one mana of the kind the land produced (Mana
  -- Flare); to: the land's controller or the player the mana went to. The trigger's condition
  -- and effect are made from it (it fires through the event's pipeline as any mana trigger), and
  -- payments' plans (mana.lua) read the same declaration to count its mana: one truth for both.

  -- one mana of the kind `mana` (an event's text) is: "{R}" of "{R}{R}", "{1}" of "{2}"
  local function one_of(mana)
    local sym = mana and mana:match("^{[^}]*}")
    if sym and sym:match("^{%d+}$") then return "{1}" end
    return sym
  end

  -- does declaration d of trigger source `source` trigger as `land` is tapped for mana?
  local function declared_land(d, source, land)
    local t = d.tapped
    if t.enchanted then return land == source.attached_to end
    return land:is(t.is or source.words[t.is_word])
  end
  -- the mana (text) d adds for a land that produced `produced` (the mana event's text), or nil
  local function declared_mana(d, produced)
    if d.mana ~= "produced" then return d.mana end
    return one_of(produced)
  end
  internal._declared_land, internal._declared_mana = declared_land, declared_mana   -- (mana.lua's plan)

  local TAPPED = { is = "string", is_word = "string", enchanted = "boolean" }
  -- the trigger spec with its condition and effect made from spec.adds
  local function from_declared(spec)
    local d = spec.adds
    local why = type(d) ~= "table" and "a table" or type(d.tapped) ~= "table" and "tapped (a table)"
      or (d.mana ~= "produced" and not (type(d.mana) == "string" and internal._parse_mana(d.mana)))
        and "mana (mana text or \"produced\")"
      or d.to ~= "controller" and d.to ~= "player" and "to (\"controller\" or \"player\")"
    local n = 0
    for k, v in pairs(type(d) == "table" and type(d.tapped) == "table" and d.tapped or {}) do
      if type(v) ~= TAPPED[k] then why = why or "tapped: is, is_word or enchanted = true" end
      n = n + 1
    end
    if not why and n ~= 1 then why = "tapped: one of is, is_word, enchanted" end
    if why then fail("trigger", 1, "adds (a triggered mana ability's declared mana) needs " .. why, 3) end
    if spec.mana ~= true or spec.condition ~= nil or spec.effect ~= nil or spec.resolve ~= nil then
      fail("trigger", 1, "adds goes with mana = true, without condition, effect or resolve (made from it)", 3)
    end
    local function condition(ev, _, source)
      return ev.source ~= nil and declared_land(d, source, ev.source) and declared_mana(d, ev.mana) ~= nil
    end
    local function effect(ev, game)   -- (the condition just held: the land matches)
      game:add_mana(d.to == "player" and ev.player or ev.source.controller, declared_mana(d, ev.mana))
    end
    return setmetatable({ condition = condition, effect = effect }, { __index = spec })
  end

  -- A triggered mana ability (406.1b of the era: it triggers from a mana ability and adds
  -- mana; it doesn't use the stack): it resolves at once, right after its event, so its mana
  -- can pay the payment in progress (Mana Flare, Wild Growth). Kept as an observer of the
  -- event with the trigger's source and controller; effect(ev, g, source, obj) as a trigger's.
  local function mana_trigger(g, spec)
    if spec.mana ~= true then fail("trigger", 1, "mana must be true (a triggered mana ability), got " ..
      describe(spec.mana), 3) end
    if spec.targets ~= nil then fail("trigger", 1, "a triggered mana ability has no targets (406.1)", 3) end
    if spec.event ~= "mana" then
      fail("trigger", 1, "a triggered mana ability triggers on \"mana\" events, got " .. describe(spec.event), 3)
    end
    local cond, effect, p = spec.condition, spec.effect, spec.controller
    local h = setmetatable({ kind = "observer", event = spec.event, controller = p, source = spec.source,
      name = spec.name, mana = true, adds = spec.adds }, Handle)
    -- its controller is read as it triggers (410; as g:trigger's): whoever controls its source
    -- then (a card elsewhere: its owner), or spec.controller for a trigger with no source
    h.fn = function(ev, game, source)
      if cond and not guard(cond)(ev, game, source) then return end
      local by = p
      if source ~= nil then by = source.zone == "battlefield" and source.controller or source.owner end
      guard(effect)(ev, game, source, { kind = "ability", card = source, controller = by, targets = {}, x = 0 })
    end
    return atomic(g, function(game)
      local e = env[game]
      if not e.mana_triggers then            -- payments read the pool again (mana.lua)
        internal._note_setting(game, "top", { key = "mana_triggers", old = nil })
        e.mana_triggers = true
      end
      h.id = GI._effect(game, "observer", spec.event, h, spec.source, p, spec.while_on_battlefield == false)
      if spec.duration ~= nil then GI._until_effect(game, h.id, spec.duration) end
      return shield(h)
    end)
  end

  -- ---- state triggers (410.10 in the era: "when you control no Islands") ----
  -- A state trigger is a trigger on the game's own "state trigger" event: after each
  -- state-based check of a settle (csrc/stack.c asks env.state_check), every state trigger
  -- whose state holds and that isn't waiting to resolve signals that event with its number
  -- (ev.amount), so it triggers once; it may trigger again only once it has resolved.
  local STATE_EVENT = "state trigger"

  local function state_check(g)
    local e = env[g]
    local list, pending = e.state_triggers, e.state_pending
    for k = 1, #list do
      local t = list[k]
      local src = t.source and g:card(t.source)   -- by id: a clone's own card
      if not pending[k] and (src == nil or src.zone == "battlefield") and guard(t.state)(g, src) then
        internal._note_setting(g, "env", { field = "state_pending", key = k, old = nil })   -- 422
        pending[k] = true
        GI._emit(g, STATE_EVENT, { amount = k })
      end
    end
  end

  local function state_trigger(g, spec)
    check.func("trigger", 1, spec.state, "state")
    if spec.event ~= nil then fail("trigger", 1, "a state trigger (state =) has no event", 3) end
    local e = env[g]
    -- declared with each registration (a no-op once declared): a failed action undoes the
    -- declaration (422) but not the lists below, which only ever grow
    g:declare_event(STATE_EVENT)
    if not e.state_triggers then
      e.state_triggers, e.state_pending, e.state_check = {}, {}, state_check
      GI._state_triggers_on(g)
    end
    local k = #e.state_triggers + 1
    local fn = spec.effect
    local t = {}
    for key, v in pairs(spec) do t[key] = v end
    t.state, t.event = nil, STATE_EVENT
    t.condition = function(ev) return ev.amount == k end
    t.effect = function(ev, game, source, obj)
      internal._note_setting(game, "env", { field = "state_pending", key = k, old = true })
      env[game].state_pending[k] = nil      -- resolved: it may trigger again
      return guard(fn)(ev, game, source, obj)
    end
    internal._note_setting(g, "env", { field = "state_triggers", key = k, old = nil })
    e.state_triggers[k] = { state = spec.state, source = spec.source and spec.source.id }
    return Game.trigger(g, t)
  end

  -- ---- delayed triggers that remember their objects ("destroy that creature at end of
  -- combat": Cockatrice) ----
  -- A trigger that works once, whatever happens to its source (410.10's delayed triggered
  -- abilities); each remembered object is the same object only while it stays in its zone
  -- (217.1c): one that changed zones since reads false in obj.objects (a zone change out of its
  -- zone is in the history after the moment it was remembered).
  -- Remembered objects are kept by number (a card's id, a player's index), so a clone finds its
  -- own (its env is copied, and a clone's look-ahead must never reach its original's objects).
  local function same_object(g, ref, at)
    if ref.player then return g.players[ref.player] end   -- a player stays the same
    local c = g:card(ref.card)
    if c and GI._moved(g, c, nil, at) then return false end
    return c
  end

  -- objects (an array of cards or players of g, checked naming fname) -> their numbers, to be
  -- recalled later with internal._recall (g:add_ability's objects too)
  function internal._remember(g, fname, objects)
    if objects ~= nil and type(objects) ~= "table" then
      fail(fname, 1, "objects must be an array of cards or players, got " .. describe(objects), 3)
    end
    local refs, n = {}, objects and #objects or 0
    for i = 1, n do
      local o = objects[i]
      local kind = core.kind(o) == "player" and "player" or "card"
      check.object(g, fname, 1, o, kind)
      refs[i] = kind == "player" and { player = o.index } or { card = o.id }
    end
    return refs
  end
  -- refs remembered when the history was `at` long -> the objects, each a card only while it
  -- stayed in its zone (false once it changed zones: a new object, 217.1c)
  function internal._recall(g, refs, at)
    local list = {}
    for i = 1, #refs do list[i] = same_object(g, refs[i], at) end
    return list
  end

  --- g:delayed_trigger{event, controller, source, condition, effect, objects, name, step} -> handle
  --- step (with event = "step"): only that step's events wake it (its condition asked for them only)
  function Game:delayed_trigger(spec)
    check.table("delayed_trigger", 1, spec)
    check_event(self, "delayed_trigger", 1, spec.event)
    if spec.step ~= nil and spec.event ~= "step" then
      fail("delayed_trigger", 1, "step (one step's events) goes with event = \"step\"", 2)
    end
    if spec.step ~= nil and not arbiter._is_step(spec.step) then   -- (the core's error would name g:trigger)
      fail("delayed_trigger", 1, "step: a step's name (\"upkeep\", \"draw\", \"end\", ...) expected, got " ..
        describe(spec.step), 2)
    end
    local objects = internal._remember(self, "delayed_trigger", spec.objects)
    check.func("delayed_trigger", 1, spec.condition, "condition", true)
    check.func("delayed_trigger", 1, spec.effect, "effect")
    local e = env[self]
    e.delayed_done = e.delayed_done or {}
    e.delayed_n = (e.delayed_n or 0) + 1
    local k, at, cond, fn = e.delayed_n, self:history_length(), spec.condition, spec.effect
    local t = {}
    for key, v in pairs(spec) do t[key] = v end
    t.objects, t.while_on_battlefield = nil, false       -- it outlives its source
    t.condition = function(ev, game, source)
      if env[game].delayed_done[k] then return false end
      if cond and not guard(cond)(ev, game, source) then return false end
      internal._note_setting(game, "env", { field = "delayed_done", key = k, old = nil })   -- 422
      env[game].delayed_done[k] = true                     -- it triggers once
      return true
    end
    t.effect = function(ev, game, source, obj)
      obj = obj or {}
      obj.objects = internal._recall(game, objects, at)
      return guard(fn)(ev, game, source, obj)
    end
    return Game.trigger(self, t)
  end

  -- ---- abilities that work from a graveyard or hand (zone = "graveyard" | "hand": Nether
  -- Shadow's "at the beginning of your upkeep, if ~ is in your graveyard ..."): the trigger
  -- triggers only while its source is in that zone (404.1 of today's rules: an ability works
  -- from the zone its text says), and it doesn't end when its source moves. The core checks the
  -- zone (csrc/event.c, the effect's zone): elsewhere its condition isn't asked.
  local ZONES = { graveyard = true, hand = true }
  local function from_zone(spec)
    if not ZONES[spec.zone] then
      fail("trigger", 1, "zone must be \"graveyard\" or \"hand\" (a permanent's triggers need none), got "
        .. describe(spec.zone), 3)
    end
    if spec.source == nil then fail("trigger", 1, "a trigger with zone needs its source (the card in that zone)", 3) end
    return setmetatable({ while_on_battlefield = false }, { __index = spec })
  end

  --- g:trigger{event, controller, source, condition, effect} -> handle
  --- g:trigger{state = fn, controller, source, effect}: a state trigger
  -- Most checks are called only when their quick test fails (~3 K instructions less a
  -- registration: a trigger is registered at each of its source's entries); the same errors.
  function Game:trigger(spec)
    if type(spec) ~= "table" then check.table("trigger", 1, spec) end
    if spec.state ~= nil then return state_trigger(self, spec) end
    if not EVENT_TYPES[spec.event] then check_event(self, "trigger", 1, spec.event) end
    if spec.controller == nil then fail("trigger", 1, "controller (a player) is required", 2) end
    -- (check.object called only when the quick test fails: the same errors, two Lua calls less)
    local k, owner = object_kind(spec.controller)
    if k ~= "player" or owner ~= self then check.object(self, "trigger", 1, spec.controller, "player") end
    if spec.source ~= nil then
      k, owner = object_kind(spec.source)
      if k ~= "card" or owner ~= self then check.object(self, "trigger", 1, spec.source, "card") end
    end
    if spec.condition ~= nil and type(spec.condition) ~= "function" then
      check.func("trigger", 1, spec.condition, "condition")
    end
    if spec.adds ~= nil then spec = from_declared(spec) end
    -- one signature with spells and activated abilities: resolve(obj, g, source, ev), obj the
    -- ability on the stack; effect(ev, g, source, obj) is the older one, still taken
    if spec.resolve ~= nil then
      check.func("trigger", 1, spec.resolve, "resolve")
      if spec.effect ~= nil then fail("trigger", 1, "give resolve or effect, not both", 2) end
      local resolve = spec.resolve
      spec = setmetatable({ effect = function(ev, g, source, obj) return guard(resolve)(obj, g, source, ev) end },
        { __index = spec })
    end
    if type(spec.effect) ~= "function" then check.func("trigger", 1, spec.effect, "effect") end
    if spec.duration ~= nil then check_duration("trigger", spec) end
    if spec.targets ~= nil then
      local ok, err = internal._check_targets(spec.targets)
      if not ok then fail("trigger", 1, err, 2) end
    end
    if spec.step ~= nil and (spec.event ~= "step" or spec.mana ~= nil) then
      fail("trigger", 1, "step (one step's events) goes with event = \"step\"", 2)
    end
    if spec.mana ~= nil then return mana_trigger(self, spec) end
    if spec.zone ~= nil then spec = from_zone(spec) end
    local effect = spec.effect
    if spec.targets ~= nil then         -- 413: re-checked on resolution; all illegal: countered
      local list, fn = spec.targets, spec.effect
      effect = function(ev, g, source, obj)
        if obj and internal._recheck_targets(g, obj, list, source) then return end
        return guard(fn)(ev, g, source, obj)
      end
    end
    -- The binding reads only the filters the record has (has: their FILTER bits, ~170
    -- instructions a field read); a record without any is made with the fields it has only
    -- (8 slots, id's among them, not 16 with seven nils written): ~2.7 K instructions less a
    -- registration without filters, ~1 K with
    local has = 0
    if spec.step ~= nil then has = has + FILTER.step end
    if spec.card ~= nil then has = has + FILTER.card end
    if spec.turn ~= nil then has = has + FILTER.turn end
    if spec.targets ~= nil then has = has + FILTER.targets end
    if spec.from ~= nil then has = has + FILTER.from end
    if spec.to ~= nil then has = has + FILTER.to end
    if spec.zone ~= nil then has = has + FILTER.zone end
    local h
    if has == 0 then
      h = setmetatable({ kind = "trigger", event = spec.event, controller = spec.controller,
        source = spec.source, condition = spec.condition, effect = effect, name = spec.name, id = false }, Handle)
    else
      h = setmetatable({ kind = "trigger", event = spec.event, controller = spec.controller,
        source = spec.source, condition = spec.condition, effect = effect, name = spec.name, id = false,
        targets = spec.targets, step = spec.step, zone = spec.zone, from = spec.from, to = spec.to,
        card = spec.card, turn = spec.turn }, Handle)
    end
    return shield(register(self, "trigger", spec, h, spec.source, spec.controller,
      spec.while_on_battlefield == false, has))
  end

  function Game:remove_trigger(h)
    local r = unshield(h)
    if getmetatable(r) == Handle and r.mana then return remove(self, "remove_trigger", h, "observer") end
    remove(self, "remove_trigger", h, "trigger")
  end
end
