-- arbiter — a rules engine for Magic-style card games.
-- This is the public Lua API (docs/API.md) over the C core
-- (require "arbiter.core"). The core owns the game state, the event pipeline and the
-- journal; this layer adds option tables, agents, house rules and the card DSL.
local core = require("arbiter.core")
local check = require("arbiter.check")
local compat = require("arbiter.compat")
local agents = require("arbiter.agents")

local arbiter = { VERSION = "0.2.0", core = core, agents = agents }
-- The modules' view of arbiter: the public API plus the internal functions they share
-- (underscore names), which stay off the public table (lua/arbiter/internal.lua).
local internal = require("arbiter.internal")._bind(arbiter)
local Game = core.game_methods()
local fail, describe = check.fail, check.describe
local guard = core._guard        -- card-script functions run under their budgets (sandbox.lua)
local shield, unshield = core._shield, core._unshield
local function is_budgeted(f) return arbiter.sandbox.is_script(f) end   -- card-script code
local function sandbox_view(v) return arbiter.sandbox.view(v) end

-- ---------------------------------------------------------------- card definitions

local TYPES = { Creature = true, Land = true, Artifact = true, Enchantment = true,
  Instant = true, Sorcery = true }
local SUPERTYPES = { Basic = true, Snow = true, Legendary = true }
local COLORS = { white = true, blue = true, black = true, red = true, green = true }

local CardDef = { __name = "arbiter.CardDefinition" }
-- (no __index = CardDef: a script reading def.__index would reach the shared metatable)
CardDef.__tostring = function(d) return "card definition " .. d.name end

local function list_of(spec, field, allowed)
  local v = spec[field]
  if v == nil then return {} end
  if type(v) ~= "table" then fail("card", 1, field .. " must be a list of strings, got " .. describe(v), 3) end
  local out = {}
  for i, s in ipairs(v) do
    if type(s) ~= "string" then fail("card", 1, field .. "[" .. i .. "] must be a string, got " .. describe(s), 3) end
    if allowed and not allowed[s] then
      fail("card", 1, string.format("unknown %s %q in %s", field:gsub("s$", ""), s, spec.name), 3)
    end
    out[i] = s
  end
  return out
end

--- arbiter.card{...}: a card definition, checked once, reusable across games.
function arbiter.card(spec)
  check.table("card", 1, spec)
  if type(spec.name) ~= "string" or spec.name == "" then fail("card", 1, "name (a string) is required", 2) end
  local def = setmetatable({}, CardDef)
  for k, v in pairs(spec) do def[k] = v end
  def.types = list_of(spec, "types", TYPES)
  def.supertypes = list_of(spec, "supertypes", SUPERTYPES)
  def.colors = list_of(spec, "colors", COLORS)
  def.subtypes = list_of(spec, "subtypes")
  def.abilities = list_of(spec, "abilities")
  for _, a in ipairs(def.abilities) do
    if not core.is_ability(a) then fail("card", 1, string.format("unknown ability %q in %s", a, spec.name), 2) end
  end
  local creature = false
  for _, t in ipairs(def.types) do creature = creature or t == "Creature" end
  for _, f in ipairs({ "power", "toughness" }) do
    local v = spec[f]
    if v ~= nil and not check.integer(v) then
      fail("card", 1, string.format("%s of %s must be an integer, got %s", f, spec.name, describe(v)), 2)
    end
    v = check.integer(v)
    if v ~= nil and (v > 1000000000 or v < -1000000000) then   -- the core's range (no wrap-around)
      fail("card", 1, string.format("%s of %s is out of range (-10^9 to 10^9), got %d", f, spec.name, v), 2)
    end
    def[f] = v
    if creature and v == nil then fail("card", 1, string.format("%s is required for creature %s", f, spec.name), 2) end
  end
  if type(spec.cost) == "number" then     -- an integer N (2.0 too) means {N}
    if not (check.integer(spec.cost) and spec.cost >= 0 and spec.cost <= 1000000000) then
      fail("card", 1, string.format("cost of %s must be a non-negative integer or a cost string, got %s", spec.name,
        describe(spec.cost)), 2)
    end
    def.cost = check.integer(spec.cost)
  elseif spec.cost ~= nil then
    local ok, err = arbiter.parse_cost(spec.cost)
    if not ok then fail("card", 1, string.format("cost of %s: %s", spec.name, err), 2) end
  end
  local tok, terr = internal._check_targets(spec.targets)
  if not tok then fail("card", 1, spec.name .. ": " .. terr, 2) end
  if spec.activated ~= nil then internal._check_activated(spec) end
  for _, f in ipairs({ "can_attack", "can_block", "can_be_blocked_by", "resolve" }) do
    if spec[f] ~= nil and type(spec[f]) ~= "function" then
      fail("card", 1, string.format("%s of %s must be a function, got %s", f, spec.name, describe(spec[f])), 2)
    end
  end
  return def
end

function arbiter.is_card_definition(x) return getmetatable(unshield(x)) == CardDef end

--- arbiter.installer(fn) -> install: fn(g, card, ...) registers a permanent's abilities (its
--- replacements, triggers, statics with source = card) and returns their handles. The engine
--- calls a definition's install each time the card enters the battlefield; a script may also
--- call it by hand (card.install(g, g:create(...))). The wrapper registers them once per stay
--- on the battlefield: called again while they still apply, it returns the same handles (even
--- from another copy of the script, loaded again). What it remembers is a setting (422: undone
--- with a failed action).
local installed = setmetatable({}, { __mode = "k" })   -- card -> {at = history length, handles}
function arbiter.installer(fn)
  if type(fn) ~= "function" then fail("installer", 1, "function expected, got " .. describe(fn), 2) end
  local done = installed
  return function(g, card, ...)
    local d = done[card]
    if d and card.zone == "battlefield" and g:history_length() >= d.at then
      local left = false
      for _, ev in ipairs(g:history(d.at + 1)) do
        if ev.card == card and ev.from == "battlefield" and ev.type == "zone_change" then left = true break end
      end
      if not left then return d.handles end
    end
    local h = guard(fn)(g, card, ...)       -- the one guarded path
    internal._note_setting(g, "field", { t = done, key = card, old = d })
    done[card] = { at = g:history_length(), handles = h }
    return h
  end
end

-- ---------------------------------------------------------------- games

-- What never changes for a game or one of its objects is read once (each read is a C call
-- otherwise): read(x) the first time, then remembered. Weak keys: games and proxies are
-- collected; a clone is another key, with its own env and players. The cache is indexed,
-- known[x] (a hit is a table read, no call), or called, known(x).
local function once_per(read)
  local known
  known = setmetatable({}, { __mode = compat.cache_mode,   -- "kv" without ephemerons
    __index = function(_, x)
      local v = read(x)
      known[x] = v
      return v
    end,
    __call = function(_, x) return known[x] end })
  return known
end

-- A card's printed characteristics are its definition's, shared by every card made from it
-- in every game: what is derived from them (types, parsed costs, abilities) is derived once
-- per definition, read(def), and each card finds its definition once.
local function once_per_definition(read)
  local by_def = once_per(read)
  return once_per(function(c) return by_def[c.definition] end)
end

local env = once_per(core.env)                                   -- a game's Lua-side state
local index_of = once_per(function(p) return p.index end)        -- a player's index
-- g.players makes a fresh array each time (callers may keep or change it); the Lua layer
-- reads the list once
local players = once_per(function(g) return g.players end)
internal._env, internal._index, internal._players, internal._once_per = env, index_of, players, once_per
internal._once_per_definition = once_per_definition

--- Runs fn as one action: undone as a whole if it raises; the error is re-raised.
-- (a tail call into C: nothing is allocated between the commit and the return, so a memory
-- error can't report a failure for an action that happened)
-- arbiter.atomic checks its arguments (scripts call it); the engine's own calls, whose game
-- and function are known, use internal._atomic (so do _ask_may / _ask_choose below).
local game_atomic = Game._atomic
local function atomic(g, fn, ...) return game_atomic(g, fn, ...) end
function arbiter.atomic(g, fn, ...)
  if core.kind(g) ~= "game" then fail("atomic", 1, "game expected, got " .. describe(g), 2) end
  if type(fn) ~= "function" then fail("atomic", 2, "function expected, got " .. describe(fn), 2) end
  return game_atomic(g, fn, ...)
end
internal._atomic = atomic

-- ask_may / ask_choose's arguments (a script or house rule may call them)
local function check_ask(fname, g, p, what)
  if core.kind(g) ~= "game" then fail(fname, 1, "game expected, got " .. describe(g), 3) end
  local kind, owner = core.kind(p)
  if kind ~= "player" then fail(fname, 2, "player expected, got " .. describe(p), 3) end
  if owner ~= g then fail(fname, 2, "player of another game: " .. describe(p), 3) end
  if type(what) ~= "string" then fail(fname, 3, "question (a string) expected, got " .. describe(what), 3) end
end

local function names_of(opts)
  if opts.teams ~= nil then
    if opts.players ~= nil then fail("new_game", 1, "give players or teams, not both", 3) end
    check.table("new_game", 1, opts.teams)
    local sizes, names = {}, {}
    for t, team in ipairs(opts.teams) do
      if type(team) ~= "table" or #team == 0 then
        fail("new_game", 1, "teams[" .. t .. "] must be a list of names", 3)
      end
      sizes[t] = #team
      for _, n in ipairs(team) do names[#names + 1] = n end
    end
    if #sizes < 2 then fail("new_game", 1, "at least two teams are needed", 3) end
    return sizes, names, true
  end
  local list = opts.players
  if type(list) ~= "table" or #list < 1 then
    fail("new_game", 1, "players (a list of names) is required, got " .. describe(list), 3)
  end
  local sizes = {}
  for i = 1, #list do sizes[i] = 1 end
  return sizes, list, false
end

-- ---------------------------------------------------------------- abilities of permanents

-- A definition's install(g, card) gives a card its abilities while it is on the battlefield:
-- it runs each time the card enters the battlefield (g:create and g:create_deck with
-- zone = "battlefield" call it; this watch calls it for cards moved or cast there). The effects it registers should
-- name source = card so that they end when the card leaves.
local function install_on_entry(ev, g)
  local c = ev.card
  if ev.to == "battlefield" and ev.from ~= "battlefield" and c.zone == "battlefield" then
    local install = c.install
    if type(install) == "function" then guard(install)(g, c) end
  end
end

--- arbiter.new_game{players = {...} | teams = {{...}, ...}, seed, starting_life, house_rules}
function arbiter.new_game(opts)
  check.table("new_game", 1, opts)
  local sizes, names, teams = names_of(opts)
  for i, n in ipairs(names) do
    if type(n) ~= "string" then
      fail("new_game", 1, "player name " .. i .. " must be a string, got " .. describe(n), 2)
    end
  end
  local seed = check.integer(opts.seed or 0)
  if not seed then fail("new_game", 1, "seed must be an integer, got " .. describe(opts.seed), 2) end
  local life = check.integer(opts.starting_life or (teams and 30 or 20))
  if not life then
    fail("new_game", 1, "starting_life must be an integer, got " .. describe(opts.starting_life), 2)
  end
  local rules = opts.house_rules or {}
  if type(rules) ~= "table" then fail("new_game", 1, "house_rules must be a list of house-rule tables", 2) end
  for i, r in ipairs(rules) do
    if type(r) ~= "table" then
      fail("new_game", 1, "house_rules[" .. i .. "] must be a table, got " .. describe(r), 2)
    end
  end
  local g = core.new_game(sizes, seed, life)
  local e = env[g]
  e.players_ext = {}
  for i, n in ipairs(names) do e.players_ext[i] = { name = n } end
  e.agents = {}
  e.house_rules = rules
  e.teams = teams
  e.fields = {}
  internal._stack_env(e)      -- the priority loop's hooks; "mana", "cast", "activate" events
  e.undo_settings = internal._undo_settings   -- called by the binding after a rollback (settings.lua)
  e.choose_replacement = function(game, p, options, ev)
    local pick = internal._ask_choose(game, p, "replacement", options, ev)
    for i, o in ipairs(options) do if o == pick then return i end end
    return 1
  end
  for _, p in ipairs(g.players) do arbiter.install_flanking(g, p) end   -- 502.3, per attacker's controller
  -- the install watch starts with the first definition that has install (g:create calls this)
  e.watch_installs = function(game)
    local ge = env[game]
    if not (ge.install_watch and game:_effect_active(ge.install_watch.id)) then
      ge.install_watch = game:on("zone_change", install_on_entry)
    end
  end
  for _, r in ipairs(rules) do
    if r.setup then r.setup(g) end
  end
  if opts.record then internal._start_recording(g, opts) end   -- new_game itself is the start
  return g
end

-- ---------------------------------------------------------------- agents

-- An agent with card-script functions is kept as a copy whose functions are their budgeted
-- wrappers (later changes to the script's table don't reach the game); others as they are.
local function guard_fields(t)
  local copy
  for k, v in pairs(t) do
    if type(v) == "function" and guard(v) ~= v then
      copy = copy or {}
      copy[k] = guard(v)
    end
  end
  if not copy then return t end
  for k, v in pairs(t) do if copy[k] == nil then copy[k] = v end end
  return copy
end

function Game:set_agent(p, agent)
  check.object(self, "set_agent", 1, p, "player")
  if agent ~= nil then
    check.table("set_agent", 2, agent)
    check.func("set_agent", 2, agent.may, "may", true)
    check.func("set_agent", 2, agent.choose, "choose", true)
    for _, f in ipairs({ "attack", "block", "main", "priority" }) do check.func("set_agent", 2, agent[f], f, true) end
  end
  local set = env[self].agents
  internal._note_setting(self, "env", { field = "agents", key = p.index, old = set[p.index] })   -- 422
  set[p.index] = agent and guard_fields(agent)
  self:_asks(p, agent ~= nil and agent.priority ~= nil)   -- only such agents are asked (116)
end

function Game:agent(p)
  check.object(self, "agent", 1, p, "player")
  return shield(env[self].agents[index_of[p]])      -- read-only to card scripts
end

-- Every question to an agent goes through ask_may / ask_choose: a replay answers it from the
-- recording, a recording game notes the answer (lua/arbiter/replay.lua). A game that is
-- neither (the common case: simulations ask millions of questions) skips both.
local recordings, replays        -- game -> recording / replay state (set by replay.lua, below)

local function ask_may_watched(g, p, what, ctx)
  local replayed, answer = internal._replayed_choice(g, p, what)
  if not replayed then
    local a = env[g].agents[p.index]
    answer = false
    if a and a.may then
      local f = guard(a.may)
      answer = f(p, what, ctx and is_budgeted(f) and sandbox_view(ctx) or ctx or {}) and true or false
    end
  end
  internal._note_choice(g, p, what, answer)
  g:_choice()                    -- an optional action: not a mandatory loop (421.5)
  return answer
end

local function ask_may(g, p, what, ctx)
  if recordings[g] or replays[g] then return ask_may_watched(g, p, what, ctx) end
  local a = env[g].agents[index_of[p]]
  local may = a and a.may
  local answer = false
  if may then
    local f = guard(may)
    answer = f(p, what, ctx and is_budgeted(f) and sandbox_view(ctx) or ctx or {}) and true or false
  end
  g:_choice()                    -- 421.5, as above
  return answer
end

-- A deep copy of the options that are tables, to check an answer by content.
local function deep(v, seen)
  if type(v) ~= "table" then return v end
  if seen[v] then return seen[v] end
  local c = {}
  seen[v] = c
  for k, x in next, v do c[k] = deep(x, seen) end
  return c
end

local function snapshot(options)
  local snap
  for i = 1, #options do
    if type(options[i]) == "table" then snap = snap or {}; snap[i] = deep(options[i], {}) end
  end
  return snap
end

local function same(a, b, seen)
  if type(a) ~= "table" or type(b) ~= "table" then return a == b end
  if seen[a] then return seen[a] == b end
  seen[a] = b
  for k, v in next, a do if not same(v, b[k], seen) then return false end end
  for k in next, b do if a[k] == nil then return false end end
  return true
end

-- The agent's pick as an index into options (an error if it isn't one of them, or if it is
-- one that the agent changed: answers are checked by content too). A card script's agent
-- sees the options and ctx as read-only views.
local function pick_index(g, p, what, options, ctx, choose)
  local f = guard(choose)
  local shown, snap = options, nil
  ctx = ctx or {}
  if is_budgeted(f) then shown, ctx = sandbox_view(options), sandbox_view(ctx)
  else snap = snapshot(options) end
  local pick = f(p, what, shown, ctx)
  for i = 1, #options do
    if options[i] == pick then
      if snap and snap[i] ~= nil and not same(snap[i], pick, {}) then
        error(string.format(
          "agent of %s answered choose(%q) with option %d changed (%s): answers are checked by content",
          tostring(p), what, i, describe(pick)), 0)
      end
      return i
    end
  end
  error(string.format("agent of %s answered choose(%q) with %s, which is not one of the %d options",
    tostring(p), what, describe(pick), #options), 0)
end

local function ask_choose(g, p, what, options, ctx)
  local watched = recordings[g] or replays[g]
  local replayed, answer
  if watched then replayed, answer = internal._replayed_choice(g, p, what, #options) end
  local index = replayed and answer.index or 1
  local a = not replayed and env[g].agents[index_of[p]]
  if a and a.choose then index = pick_index(g, p, what, options, ctx, a.choose) end
  if watched then internal._note_choice(g, p, what, { index = index }) end
  if #options > 1 then g:_choice() end
  return options[index]
end

function arbiter.ask_may(g, p, what, ctx)
  check_ask("ask_may", g, p, what)
  return ask_may(g, p, what, ctx)
end

function arbiter.ask_choose(g, p, what, options, ctx)
  check_ask("ask_choose", g, p, what)
  if type(options) ~= "table" or options[1] == nil then
    fail("ask_choose", 4, "options (a non-empty array) expected, got " .. describe(options), 2)
  end
  return ask_choose(g, p, what, options, ctx)
end
internal._ask_may, internal._ask_choose = ask_may, ask_choose

-- ---------------------------------------------------------------- drawing (423)

local function check_draw_opts(fname, opts)
  if opts == nil then return nil end
  check.table(fname, 3, opts)
  if opts.after ~= nil and type(opts.after) ~= "function" then
    fail(fname, 3, "after must be a function, got " .. describe(opts.after), 3)
  end
  return opts
end

local function draw_with(g, p, n, opts)
  local drawn = {}
  for i = 1, n do
    -- 423.3: an offered draw may be taken even from an empty library
    if not opts.optional or internal._ask_may(g, p, "draw", { player = p, index = i, count = n }) then
      local got = g:_draw(p, 1)[1]
      if got then
        drawn[#drawn + 1] = got
        if opts.after then guard(opts.after)(got) end   -- 423.6c: only cards this draw put in hand
      end
    end
  end
  return drawn
end

--- g:draw(p, n, opts): n separate draws, one at a time (423.2). The common call,
--- g:draw(p[, n]), is C (csrc/lmove.c, g_draw); with options it comes here.
function Game:_draw_opts(p, n, opts)
  check.object(self, "draw", 1, p, "player")
  n = check.count("draw", 2, n, 1)
  opts = check_draw_opts("draw", opts)
  if not opts or (not opts.optional and not opts.after) then return self:_draw(p, n) end
  return atomic(self, draw_with, p, n, opts)
end

-- Players in draw order: the active team first (its primary, then the secondary), then
-- each other team in turn order (423.2a, 2HG 423.2b). The cache holds player indices, not
-- players: g:clone() copies the env, and a clone's players are its own objects.
local function teams_of(g)
  local e = env[g]
  if not e.byteam then
    local byteam = {}
    for _, p in ipairs(g.players) do
      local t = p.team
      if not byteam[t] then byteam[t] = {} end
      table.insert(byteam[t], p.index)
    end
    e.byteam = byteam
  end
  return e.byteam
end

-- The order depends only on the active team: kept per active player (player indices, so a
-- clone's players are its own); each call returns a fresh array.
function Game:apnap()
  local act, e = self.active_player, env[self]
  local orders = e.apnap_orders
  if not orders then orders = {}; e.apnap_orders = orders end
  local order = orders[index_of[act]]
  if not order then
    local byteam = teams_of(self)
    local nteams = #byteam
    order = {}
    for k = 0, nteams - 1 do
      for _, i in ipairs(byteam[(act.team - 1 + k) % nteams + 1]) do order[#order + 1] = i end
    end
    orders[index_of[act]] = order
  end
  local ps, out = players[self], {}
  for k = 1, #order do out[k] = ps[order[k]] end
  return out
end

-- The players on another team than the active player's, in APNAP order (in the game or
-- not: callers skip those who lost): teams never change, so the list is kept per game and
-- active player (weak: a clone is another key). Shared by the turn and the declarations.
local foes_by_active = once_per(function() return {} end)
function internal._foes(g)
  local byact = foes_by_active[g]
  local act = g.active_player
  local i = index_of[act]
  local foes = byact[i]
  if not foes then
    foes = {}
    local team = act.team
    for _, q in ipairs(g:apnap()) do
      if q.team ~= team then foes[#foes + 1] = q end
    end
    byact[i] = foes
  end
  return foes
end

--- g:draw_each(n) or g:draw_each{[p] = n}: every player draws, in APNAP order
function Game:draw_each(counts)
  local per = {}
  if check.integer(counts) then
    counts = check.integer(counts)
    if counts < 0 then fail("draw_each", 1, "count must be >= 0, got " .. counts) end
    for _, p in ipairs(self.players) do per[p.index] = counts end
  elseif type(counts) == "table" then
    for p, n in pairs(counts) do
      check.object(self, "draw_each", 1, p, "player")
      if not check.integer(n) or n < 0 then
        fail("draw_each", 1, "count for " .. tostring(p) .. " must be an integer >= 0, got " .. describe(n))
      end
      per[p.index] = check.integer(n)
    end
  else
    fail("draw_each", 1, "count or {[player] = count} expected, got " .. describe(counts))
  end
  return atomic(self, function()
    local drawn = {}
    for _, p in ipairs(self:apnap()) do
      for _, c in ipairs(self:_draw(p, per[p.index] or 0)) do drawn[#drawn + 1] = c end
    end
    return drawn
  end)
end

-- ---------------------------------------------------------------- discard

--- g:discard(p, n, {random = true}): one at a time; the player chooses unless random
function Game:discard(p, n, opts)
  check.object(self, "discard", 1, p, "player")
  n = check.count("discard", 2, n, 1)
  opts = check.table("discard", 3, opts, true)
  return atomic(self, function()
    local out = {}
    for i = 1, n do
      local hand = p.hand:cards()
      if #hand == 0 then break end
      local card
      if opts.random then
        card = hand[self:random(#hand)]
      else
        card = internal._ask_choose(self, p, "discard", hand, { player = p, index = i, count = n })
      end
      self:_discard(p, card)
      out[#out + 1] = card
    end
    return out
  end)
end

-- ---------------------------------------------------------------- effects

local EVENT_TYPES = { draw = true, discard = true, zone_change = true, life = true, damage = true,
  attack = true, block = true, lose = true, win = true, tap = true, untap = true, shuffle = true,
  create = true, step = true,
  destroy = true, counter = true, control = true, attach = true }   -- continuous effects (lstatic.c)
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
--- g:add_replacement (e.g. "cycle", "sacrifice"); a built-in name is an error.
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
  e.event_names[name] = true
end

--- g:emit(name, {player =, card =, amount =, source =, target =, from =, to =}) -> true, or
--- false when a replacement replaced it entirely. A declared named event through the whole
--- pipeline: replacements (which may change player, amount, target, to), history, observers,
--- triggers. from and to are zone names ("library", "hand", ...), as in zone_change events.
local ZONE_NAMES = { library = true, hand = true, graveyard = true, battlefield = true, exile = true }
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
  return self:_emit(name, fields)
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

-- Registers the effect; with a duration, the registration and its end are one action (an
-- allocation failure between them leaves no effect behind).
local function register(g, kind, spec, h, ...)
  h.id = false   -- the key made before the effect exists: setting it after can't fail for memory
  local function add(game, ...)
    h.id = game:_effect(kind, spec.event, h, ...)
    if spec.duration ~= nil then game:_until_effect(h.id, spec.duration) end
    return h
  end
  if spec.duration == nil then return add(g, ...) end
  return atomic(g, add, ...)
end

--- g:add_replacement{event, source, applies, replace, duration} -> handle
function Game:add_replacement(spec)
  check.table("add_replacement", 1, spec)
  check_event(self, "add_replacement", 1, spec.event)
  if NOT_REPLACED[spec.event] then
    fail("add_replacement", 1, string.format(
      "\"%s\" events are never replaced (observe them with g:on or trigger on them)", spec.event), 2)
  end
  check.func("add_replacement", 1, spec.replace, "replace")
  check.func("add_replacement", 1, spec.applies, "applies", true)
  check_duration("add_replacement", spec)
  if spec.source ~= nil then check.object(self, "add_replacement", 1, spec.source, "card") end
  local h = setmetatable({ kind = "replacement", event = spec.event, source = spec.source,
    applies = spec.applies, replace = spec.replace, name = spec.name }, Handle)
  return shield(register(self, "replacement", spec, h, spec.source, spec.controller,
    spec.while_on_battlefield == false))
end

local function remove(g, fname, h, kind)
  h = unshield(h)
  if getmetatable(h) ~= Handle or h.kind ~= kind then
    fail(fname, 1, kind .. " handle expected, got " .. describe(h), 3)
  end
  if not g:_effect_remove(h.id, h) then fail(fname, 1, kind .. " handle of another game: " .. describe(h), 3) end
end

function Game:remove_replacement(h) remove(self, "remove_replacement", h, "replacement") end

--- g:on(type, fn) -> handle: fn(ev, g) is called right after each event of that type
function Game:on(event, fn)
  check_event(self, "on", 1, event)
  check.func("on", 2, fn)
  local h = setmetatable({ kind = "observer", event = event, fn = fn }, Handle)
  h.id = self:_effect("observer", event, h)
  return shield(h)
end

function Game:off(h) remove(self, "off", h, "observer") end

--- g:trigger{event, controller, source, condition, effect} -> handle
function Game:trigger(spec)
  check.table("trigger", 1, spec)
  check_event(self, "trigger", 1, spec.event)
  if spec.controller == nil then fail("trigger", 1, "controller (a player) is required", 2) end
  check.object(self, "trigger", 1, spec.controller, "player")
  if spec.source ~= nil then check.object(self, "trigger", 1, spec.source, "card") end
  check.func("trigger", 1, spec.condition, "condition", true)
  check.func("trigger", 1, spec.effect, "effect")
  check_duration("trigger", spec)
  local ok, err = internal._check_targets(spec.targets)
  if not ok then fail("trigger", 1, err, 2) end
  local effect = spec.effect
  if spec.targets ~= nil then         -- 413: re-checked on resolution; all illegal: countered
    local list, fn = spec.targets, spec.effect
    effect = function(ev, g, source, obj)
      if obj and internal._recheck_targets(g, obj, list, source) then return end
      return guard(fn)(ev, g, source, obj)
    end
  end
  local h = setmetatable({ kind = "trigger", event = spec.event, controller = spec.controller,
    source = spec.source, condition = spec.condition, effect = effect, name = spec.name,
    targets = spec.targets }, Handle)
  return shield(register(self, "trigger", spec, h, spec.source, spec.controller,
    spec.while_on_battlefield == false))
end

function Game:remove_trigger(h) remove(self, "remove_trigger", h, "trigger") end

-- ---------------------------------------------------------------- house rules and start

require("arbiter.settings")(internal, Game)
require("arbiter.combat")(internal, Game)
require("arbiter.turn")(internal, Game)
require("arbiter.mana")(internal, Game)
require("arbiter.stack")(internal, Game)
require("arbiter.loop")(internal, Game)
require("arbiter.replay")(internal, Game)
recordings, replays = internal._recordings, internal._replays

require("arbiter.sandbox").install(internal)
require("arbiter.driver")(internal, Game)
arbiter.deck = require("arbiter.deck")
arbiter.house = require("arbiter.house")


-- Runs hook `name` of every active house rule, in list order; a hook returning a value
-- replaces `value` for the next one (starting life, hand size, ...).
function Game:house_hook(name, value, ...)
  if type(name) ~= "string" then fail("house_hook", 1, "hook name expected, got " .. describe(name), 2) end
  for _, r in ipairs(env[self].house_rules) do
    local f = r[name]
    if f then
      local v = guard(f)(self, value, ...)
      if v ~= nil then value = v end
    end
  end
  return value
end

function Game:house_rules() return shield(env[self].house_rules) end   -- read-only to card scripts

--- g:add_house_rule(rule): adds a house-rule table to the game (after those of new_game) and
--- runs its setup(g); one action: undone as a whole if setup raises, and by a failed g:attempt
--- around it (422). The list new_game was given is not changed.
function Game:add_house_rule(rule)
  check.table("add_house_rule", 1, rule)
  if rule.setup ~= nil then check.func("add_house_rule", 1, rule.setup, "setup") end
  return atomic(self, function(g)
    local e = env[g]
    local list = {}
    for i, r in ipairs(e.house_rules) do list[i] = r end
    list[#list + 1] = rule
    internal._note_setting(g, "top", { key = "house_rules", old = e.house_rules })
    e.house_rules = list
    if rule.setup then guard(rule.setup)(g) end
  end)
end

--- g:start(): deck checks, starting life, shuffled libraries, opening hands of 7, mulligans
function Game:start()
  return atomic(self, function()
    local problems = {}
    for _, p in ipairs(self.players) do
      for _, r in ipairs(env[self].house_rules) do
        if r.check_deck then
          local ok, errs = guard(r.check_deck)(self, p, p.library:cards())
          if not ok then
            for _, e in ipairs(errs or { "deck rejected" }) do problems[#problems + 1] = tostring(p) .. ": " .. e end
          end
        end
      end
    end
    if #problems > 0 then error("start: illegal deck(s): " .. table.concat(problems, "; "), 0) end
    for _, p in ipairs(self:apnap()) do
      local life = self:house_hook("starting_life", p.life, p)
      if life ~= p.life then p.life = life end
      self:shuffle(p.library)
    end
    for _, p in ipairs(self:apnap()) do
      self:draw(p, self:house_hook("opening_hand_size", 7, p))
    end
    for _, p in ipairs(self:apnap()) do
      for _, r in ipairs(env[self].house_rules) do
        if r.opening_hand then guard(r.opening_hand)(self, p) end
      end
    end
  end)
end

-- g.draw(p) for g:draw(p), or a method called on something else: name the function and the
-- bad self before the method indexes it. Lua-layer methods only (C methods check their
-- self); a tail call, so error levels and locations inside the method are unchanged.
-- draw and draw_each are left alone (the per-card hot path; their argument checks reject a
-- bad self as a player of another game or a missing player).
do
  local hot = { draw = true, draw_each = true }
  local game_mt = debug.getregistry()["arbiter.Game"]   -- a game is a userdata with this metatable
  local getmetatable = getmetatable
  for name, f in pairs(Game) do
    if type(f) == "function" and not hot[name] and debug.getinfo(f, "S").what == "Lua" then
      Game[name] = function(self, ...)
        if getmetatable(self) ~= game_mt then
          error(string.format("calling '%s' on bad self: game expected, got %s (use g:%s(...))",
            name, describe(self), name), 2)
        end
        return f(self, ...)
      end
    end
  end
end

return arbiter
