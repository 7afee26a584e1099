-- arbiter — a rules engine for Magic-style card games.
-- This is the public Lua API (docs/API.md) over the C core
-- (require "arbiter.core"). The core owns the game state, the event pipeline and the
-- journal; this layer adds option tables, agents, house rules and the card DSL.
-- This file sets the module up (the caches and arbiter.atomic the other modules share, the
-- house-rule hooks, g:start); the API by concept is in carddef.lua, newgame.lua, ask.lua,
-- draw.lua, effects.lua and the modules required below.
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions (internal.lua)
local core = require("arbiter.core")
local check = require("arbiter.check")
local compat = require("arbiter.compat")
local agents = require("arbiter.agents")

-- arbiter.core: the C module's public functions only (its other functions are the Lua layer's)
local arbiter = { VERSION = "0.2.0", agents = agents,
  core = { kind = core.kind, is_ability = core.is_ability, card_keys = core.card_keys } }
-- The modules' view of arbiter: the public API plus the internal functions they share
-- (underscore names), which stay off the public table (lua/arbiter/internal.lua).
local internal = require("arbiter.internal")._bind(arbiter)
local Game = core.game_methods()
local fail, describe = check.fail, check.describe
local guard = core._guard        -- card-script functions run under their budgets (sandbox.lua)
local shield = core._shield

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
-- A card turned face down or up (504) reads another definition (face_down.lua): what its
-- caches hold is dropped, and it is never cached again (it may turn again; a failed action may
-- undo a turn: its reads follow c.definition, which follows the core's journaled flag).
local per_card, uncached = {}, setmetatable({}, { __mode = "k" })
local function once_per_definition(read)
  local by_def = once_per(read)
  local known
  known = setmetatable({}, { __mode = compat.cache_mode,
    __index = function(_, c)
      local v = by_def[c.definition]
      if not uncached[c] then known[c] = v end
      return v
    end,
    __call = function(_, c) return known[c] end })
  per_card[#per_card + 1] = known
  return known
end
-- (copies.lua calls it too: a permanent that becomes a copy reads the copied definition, 503)
internal._face_changed = function(c)
  uncached[c] = true
  for i = 1, #per_card do rawset(per_card[i], c, nil) end
end

local env = once_per(core.env)                                   -- a game's Lua-side state
local index_of = once_per(function(p) return p.index end)        -- a player's index
local team_of = once_per(function(p) return p.team end)          -- a player's team (never changes)
-- g.players makes a fresh array each time (callers may keep or change it); the Lua layer
-- reads the list once
local players = once_per(function(g) return g.players end)
internal._env, internal._index, internal._players, internal._once_per = env, index_of, players, once_per
internal._team = team_of
internal._once_per_definition = once_per_definition

-- The one accessor for a card's types (issue 26): a card's are its current ones, every
-- continuous effect applied (c:is, 418.5: an animated land is a creature to combat, costs and
-- every rules check); a definition's are its printed ones. The Lua layer reads no printed type
-- of a card elsewhere (spec/layered_reads_spec.lua checks the sources).
function arbiter.has_type(c, t)
  if type(c) == "userdata" then
    local is = c.is                  -- a card's method; a player or zone has none: not a card
    if not is then check.fail("has_type", 1, "card or definition expected, got " .. check.describe(c)) end
    return is(c, t)
  end
  local types = type(c) == "table" and c.types
  if type(types) ~= "table" then return false end
  for i = 1, #types do if types[i] == t then return true end end
  return false
end

-- arbiter.count_pt{count = {...}, halve = "down" | "up"}: a power or toughness "equal to the number
-- of ..." permanents, declared (docs/API.md): a function (c, g, source) -> the count, which the core
-- counts itself in the P/T layer as a definition's characteristic-defining P/T (418.5) or as
-- g:add_static's (csrc/lptcount.c)
arbiter.count_pt = core.count_pt

--- Runs fn as one action: undone as a whole if it raises; the error is re-raised.
-- (a tail call into C: nothing is allocated between the commit and the return, so a memory
-- error can't report a failure for an action that happened)
-- arbiter.atomic checks its arguments (scripts call it); the engine's own calls, whose game
-- and function are known, use internal._atomic (so do _ask_may / _ask_choose: ask.lua).
local game_atomic = GI._atomic
local function atomic(g, fn, ...) return game_atomic(g, fn, ...) end
function arbiter.atomic(g, fn, ...)
  if core.kind(g) ~= "game" then fail("atomic", 1, "game expected, got " .. describe(g), 2) end
  if type(fn) ~= "function" then fail("atomic", 2, "function expected, got " .. describe(fn), 2) end
  return game_atomic(g, fn, ...)
end
internal._atomic = atomic

-- ---------------------------------------------------------------- the API by concept

require("arbiter.carddef")(internal, Game)   -- arbiter.card, installer
require("arbiter.influence")(internal, Game)   -- attack direction, range of influence (601, 604)
require("arbiter.newgame")(internal, Game)   -- arbiter.new_game
local bind_replay = require("arbiter.ask")(internal, Game)   -- agents, ask_may, ask_choose
require("arbiter.draw")(internal, Game)      -- draw, draw_each, discard, apnap
require("arbiter.effects")(internal, Game)   -- replacements, observers, triggers, events

-- ---------------------------------------------------------------- house rules and start

require("arbiter.settings")(internal, Game)
require("arbiter.combat")(internal, Game)
require("arbiter.turns")(internal, Game)    -- extra turns, skipped turns and steps
require("arbiter.turn")(internal, Game)
require("arbiter.mana")(internal, Game)
require("arbiter.targets")(internal)
require("arbiter.copies")(internal, Game)   -- as_enters, copy_spell
require("arbiter.stack")(internal, Game)
require("arbiter.pay")(internal, Game)     -- ask_pay, the cost tables payments read
require("arbiter.rules")(internal, Game)   -- spell_cost, ability_cost, mana_as, land_plays
require("arbiter.player_abilities")(internal, Game)   -- g:add_ability, g:abilities
require("arbiter.forced_mana")(internal, Game)   -- g:activate_mana_abilities (Drain Power)
require("arbiter.store")(internal, Game)   -- g:store: house rules' plain data (after rules: the hash)
require("arbiter.piles")(internal)         -- ask_piles
require("arbiter.loop")(internal, Game)
require("arbiter.replay")(internal, Game)
require("arbiter.save")(internal)          -- arbiter.save, arbiter.load (saves of recordings)
bind_replay()

require("arbiter.sandbox").install(internal)
require("arbiter.driver")(internal, Game)
require("arbiter.view")(internal, Game)    -- g:view(p)
require("arbiter.ante")(internal, Game)    -- g:set_owner, the ante (house.ante)
require("arbiter.face_down")(internal, Game)   -- g:turn_face_down, g:turn_face_up (504)
arbiter.deck = require("arbiter.deck")
arbiter.house = require("arbiter.house")
--- arbiter.sim(opts): N games of two decks under one rule set, or N paired games under two
function arbiter.sim(opts) return require("arbiter.sim").run(arbiter, opts) end


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

-- The mulligans (the rules' opening_hand hooks): one player after another in APNAP order; a
-- mulligan rule's players together (mulligans.lua) in a Two-Headed Giant team (606.6a, the
-- starting team first) or, under house.simultaneous_mulligans, all players at once
local function opening_hands(g, rules)
  local all = false
  for _, r in ipairs(rules) do all = all or r.simultaneous_mulligans == true end
  local mulligans = require("arbiter.mulligans")
  local groups = (all or env[g].teams) and mulligans.groups(g, all) or nil
  if not groups then
    groups = {}
    for i, p in ipairs(g:apnap()) do groups[i] = { p } end
  end
  for _, group in ipairs(groups) do
    for _, r in ipairs(rules) do
      if r.mulligan and #group > 1 then mulligans.simultaneous(r.mulligan, g, group)
      elseif r.opening_hand then
        for _, p in ipairs(group) do guard(r.opening_hand)(g, p) end
      end
    end
  end
end

--- g:start(): deck checks, starting life, shuffled libraries, opening hands of 7, mulligans,
-- then the house rules' game_start hooks (the ante)
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
    opening_hands(self, env[self].house_rules)
    for _, r in ipairs(env[self].house_rules) do      -- every mulligan done (the ante: after them)
      if r.game_start then guard(r.game_start)(self) end
    end
  end)
end

-- g.draw(p) for g:draw(p), or a method called on something else: name the function and the
-- bad self before the method indexes it. Lua-layer methods only (C methods check their
-- self); a tail call, so error levels and locations inside the method are unchanged.
-- draw and draw_each are left alone (the per-card hot path; their argument checks reject a
-- bad self as a player of another game or a missing player).
-- internal._unchecked[name]: the method without the check, for the Lua layer's own calls on a
-- game it holds (turn.lua's steps: ~400 checks in 10 games of the bench, each a getmetatable call)
do
  local hot = { draw = true, draw_each = true }
  local game_mt = debug.getregistry()["arbiter.Game"]   -- a game is a userdata with this metatable
  local getmetatable = getmetatable
  local unchecked = {}
  internal._unchecked = unchecked
  for name, f in pairs(Game) do
    if type(f) == "function" and not hot[name] and debug.getinfo(f, "S").what == "Lua" then
      unchecked[name] = f
      local function bad(self)
        error(string.format("calling '%s' on bad self: game expected, got %s (use g:%s(...))",
          name, describe(self), name), 3)
      end
      -- a method of fixed arity (up to 4 parameters) gets a wrapper without varargs (a vararg
      -- call copies its frame: ~0.15 K instructions a call); f drops extra arguments anyway
      local info = debug.getinfo(f, "u")
      local n = not info.isvararg and info.nparams or 0
      if n == 1 then
        Game[name] = function(self)
          if getmetatable(self) ~= game_mt then bad(self) end
          return f(self)
        end
      elseif n == 2 then
        Game[name] = function(self, a)
          if getmetatable(self) ~= game_mt then bad(self) end
          return f(self, a)
        end
      elseif n == 3 then
        Game[name] = function(self, a, b)
          if getmetatable(self) ~= game_mt then bad(self) end
          return f(self, a, b)
        end
      elseif n == 4 then
        Game[name] = function(self, a, b, c)
          if getmetatable(self) ~= game_mt then bad(self) end
          return f(self, a, b, c)
        end
      else
        Game[name] = function(self, ...)
          if getmetatable(self) ~= game_mt then bad(self) end
          return f(self, ...)
        end
      end
    end
  end
end

return arbiter
