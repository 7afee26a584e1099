-- arbiter.sandbox — card scripts from strangers (issue 7 item 4).
--
-- arbiter.load_script(source, opts) compiles Lua text (never bytecode) in a fresh environment
-- of its own and runs it under budgets; it returns what the script returns, with every function
-- in it wrapped: called from the host or the engine it runs under the script's budgets, and
-- called with a game as its first argument it is one atomic action (undone as a whole if it
-- raises). opts: name (for messages, default "script"), instructions and memory (per call,
-- defaults below), game (the game math.random draws from when a call has none in its
-- arguments).
--
-- The environment: assert error ipairs next pairs pcall select tonumber tostring type xpcall
-- rawequal rawget rawlen _VERSION _G, copies of string (no dump) table math utf8 coroutine,
-- and: setmetatable (only on the script's own tables; the metatable is copied with its
-- function metamethods wrapped in the budgets; __gc refused), getmetatable (only metatables the
-- script set; nil for strings and host objects), load (text only, in the script's
-- environment), require("arbiter") (card, is_card_definition, EVENT_TYPES, VERSION; nothing
-- else can be required), math.random (the game's seeded RNG, g:random). Absent: io, os, debug,
-- package, dofile, loadfile, collectgarbage, rawset, print, string.dump, math.randomseed.
--
-- Budgets and guards are C (csrc/lsandbox.c): a count hook, an allocator wrapper, and
-- arb_l_guard, through which the engine passes every script function it calls. Pattern
-- functions (find, match, gmatch, gsub) charge their worst case, also as string methods: during
-- a budgeted call the string metatable's __index is the charged table.
local core = require("arbiter.core")
local compat = require("arbiter.compat")
local toint = compat.toint
-- Script chunks: 5.2+'s load on every Lua, and never JIT-compiled (LuaJIT's count hook, the
-- instruction budget, doesn't fire in compiled code)
local function load(chunk, name, mode, env)
  local f, err = compat.load(chunk, name, mode, env)
  return f and compat.nojit(f), err
end
local check = require("arbiter.check")

local M = {}
M.defaults = { instructions = 1000000, memory = 1048576 }   -- per call

local real_getmetatable, real_setmetatable = debug.getmetatable, setmetatable
local getinfo = debug.getinfo
local guard, budgeted, charge = core._guard, core._budgeted, core._sandbox_charge

local scripts = {}                                   -- chunk name -> script record
local guards = setmetatable({}, { __mode = "k" })    -- function -> budgeted wrapper | false
local made = setmetatable({}, { __mode = "k" })      -- metatable copy -> the script's table
local ready = false

-- Called from C (arb_l_guard) the first time the engine meets a function: is it card-script
-- code? Its chunk name says which script (load_script names every chunk it compiles).
local function classify(f)
  local w = false
  local info = type(f) == "function" and getinfo(f, "S")
  local s = info and scripts[info.source]
  if s then w = budgeted(f, s.name, s.instructions, s.memory) end
  guards[f] = w
  return w
end

local function copy(t, drop)
  local c = {}
  for k, v in next, t do if not (drop and drop[k]) then c[k] = v end end
  return c
end

local function fail(fname, msg) error(string.format("%s: %s", fname, msg), 3) end

-- setmetatable for scripts: only the script's own tables (no host object's metatable can be
-- replaced); the metatable is copied, so metamethods can't change after the check, and its
-- functions are wrapped: the host may trigger them (reading a field of a returned table).
local function sb_setmetatable(t, mt)
  if type(t) ~= "table" then fail("setmetatable", "table expected, got " .. type(t)) end
  local cur = real_getmetatable(t)
  if cur ~= nil and not made[cur] then fail("setmetatable", "cannot change the metatable of a host object") end
  if cur ~= nil and rawget(cur, "__metatable") ~= nil then
    fail("setmetatable", "cannot change a protected metatable")
  end
  if mt == nil then return real_setmetatable(t, nil) end
  if type(mt) ~= "table" then fail("setmetatable", "nil or table expected, got " .. type(mt)) end
  local c = {}
  for k, v in next, mt do
    if k == "__gc" then fail("setmetatable", "__gc metamethods are not allowed in card scripts") end
    if type(v) == "function" then v = guard(v) end
    c[k] = v
  end
  made[c] = mt
  return real_setmetatable(t, c)
end

local function sb_getmetatable(x)
  local mt = real_getmetatable(x)
  local orig = mt and made[mt]
  if not orig then return nil end                    -- strings, host objects: hidden
  local protected = rawget(mt, "__metatable")
  if protected ~= nil then return protected end
  return orig
end

local function sb_random(m, n)
  local g = core._sandbox_game()
  if not g then error("math.random: this call has no game (card scripts draw from the game's seeded RNG)", 2) end
  if m == nil then return (g:random(1073741824) - 1) / 1073741824 end
  if n == nil then m, n = 1, m end
  m, n = check.integer(m), check.integer(n)       -- 6.0 is 6, as math.random takes it
  if not m or not n or m > n or n - m >= 0x7fffffff then
    error("math.random: integer bounds m <= n (at most 2^31-1 apart) expected", 2)
  end
  return m - 1 + g:random(n - m + 1)
end

-- C loops that do work without Lua instructions are charged by size.
local function charged_table()
  local t = copy(table)
  local move, concat, insert, remove, sort = compat.move, table.concat, table.insert, table.remove, table.sort
  t.move = function(a1, f, e, ...)
    local fi, ei = check.integer(f), check.integer(e)   -- move takes 1.0 and 1e6 too: charge them
    if fi and ei and ei >= fi then charge(ei - fi + 1) end
    return move(a1, f, e, ...)
  end
  t.concat = function(l, sep, i, j)
    local n = check.integer((j or (type(l) == "table" and #l or 0)) - (i or 1) + 1)
    if n and n > 0 then charge(n) end
    return concat(l, sep, i, j)
  end
  t.insert = function(l, ...) if type(l) == "table" then charge(#l) end return insert(l, ...) end
  t.remove = function(l, ...) if type(l) == "table" then charge(#l) end return remove(l, ...) end
  t.sort = function(l, ...) if type(l) == "table" then charge(#l * 20) end return sort(l, ...) end
  return t
end

-- Lua patterns run in C, beyond the count hook, and backtrack: a pattern with q unbounded
-- quantifiers (* + -) over a subject of n bytes costs up to about n^(q+1) steps. Pattern
-- functions charge that bound (in units of 64) before they run; ordinary patterns on short
-- strings (card names, rules text) cost next to nothing, a pathological one fails its budget.
local byte = string.byte
local function quantifiers(p)
  local q, i, n = 0, 1, #p
  while i <= n do
    local c = byte(p, i)
    if c == 37 then i = i + 2                                   -- %x
    elseif c == 91 then                                         -- [set]
      i = i + 1
      if byte(p, i) == 94 then i = i + 1 end
      if byte(p, i) == 93 then i = i + 1 end
      while i <= n and byte(p, i) ~= 93 do i = i + (byte(p, i) == 37 and 2 or 1) end
      i = i + 1
    else
      if c == 42 or c == 43 or c == 45 then q = q + 1 end       -- * + -
      i = i + 1
    end
  end
  return q
end

local function pattern_cost(s, p, plain)
  if type(s) ~= "string" and type(s) ~= "number" then return end
  if type(p) ~= "string" and type(p) ~= "number" then return end
  s, p = tostring(s), tostring(p)
  local c = plain and (#s + 1) * (#p + 1) or (#s + 1.0) ^ (quantifiers(p) + 1)
  charge(toint(math.floor(math.min(c / 64, 2 ^ 60))) or 0)
end

local charged_string = copy(string)
do
  local find, match, gmatch, gsub = string.find, string.match, string.gmatch, string.gsub
  charged_string.find = function(s, p, init, plain) pattern_cost(s, p, plain) return find(s, p, init, plain) end
  charged_string.match = function(s, p, init) pattern_cost(s, p) return match(s, p, init) end
  charged_string.gmatch = function(s, p, init) pattern_cost(s, p) return gmatch(s, p, init) end
  charged_string.gsub = function(s, p, r, n) pattern_cost(s, p) return gsub(s, p, r, n) end
end

local function make_env(s, facade)
  local env = {}
  for _, k in ipairs({ "assert", "error", "ipairs", "next", "pairs", "pcall", "select", "tonumber",
    "tostring", "type", "xpcall", "rawequal", "rawget", "rawlen", "_VERSION" }) do
    env[k] = _G[k]
  end
  env._G = env
  env.setmetatable, env.getmetatable = sb_setmetatable, sb_getmetatable
  env.string = copy(charged_string, { dump = true })
  env.table = charged_table()
  env.utf8 = compat.utf8 and copy(compat.utf8)
  env.math = copy(math, { randomseed = true })
  env.math.random = sb_random
  local co = copy(coroutine)
  co.wrap = function(f)
    local w = coroutine.wrap(f)
    guards[w] = budgeted(w, s.name, s.instructions, s.memory)   -- the host may call it
    return w
  end
  -- LuaJIT's hooks are global, not inherited by a coroutine: a script's coroutine checks at each
  -- start and resume that a budgeted call is running (elsewhere the inherited hook does too)
  local create, yield, usage = coroutine.create, coroutine.yield, core._sandbox_usage
  local function inside(...)
    if usage() == nil then
      error("arbiter.sandbox: card-script code ran outside a budgeted call"
        .. " (a script's coroutine resumed by the host?)", 0)
    end
    return ...
  end
  co.create = function(f)
    if type(f) ~= "function" then return create(f) end             -- create's own error
    return create(function(...) return f(inside(...)) end)
  end
  co.yield = function(...) return inside(yield(...)) end
  env.coroutine = co
  env.load = function(chunk, _, _, e)
    if type(chunk) ~= "string" and type(chunk) ~= "function" then
      error("load: string or function expected, got " .. type(chunk), 2)
    end
    if e ~= nil and type(e) ~= "table" then error("load: env must be a table", 2) end
    return load(chunk, s.source, "t", e or env)       -- text only; its functions are this script's
  end
  local mine = copy(facade)                           -- per script: scripts can't touch each other
  mine.EVENT_TYPES = copy(facade.EVENT_TYPES)
  env.require = function(name)
    if name == "arbiter" then return mine end
    error("require: card scripts can only require \"arbiter\", not " .. tostring(name), 2)
  end
  return env
end

local function check_budget(opts, k)
  local v = opts[k] == nil and M.defaults[k] or opts[k]
  local n = check.integer(v)                  -- 1e6 is 1000000, as luaL_checkinteger takes it
  if not n or n < 1 then
    error(string.format("bad argument #2 to 'load_script' (%s must be an integer >= 1, got %s)", k, tostring(v)), 3)
  end
  return n
end

-- A script record per (name, budgets): its chunks are named after it.
local function record(name, instructions, memory)
  local src, n = "=[card script " .. name .. "]", 1
  while scripts[src] and (scripts[src].instructions ~= instructions or scripts[src].memory ~= memory) do
    n = n + 1
    src = "=[card script " .. name .. " #" .. n .. "]"
  end
  scripts[src] = scripts[src] or { name = name, instructions = instructions, memory = memory, source = src }
  return scripts[src]
end

function M.install(arbiter)
  local facade = { VERSION = arbiter.VERSION, card = arbiter.card,
    is_card_definition = arbiter.is_card_definition, EVENT_TYPES = copy(arbiter.EVENT_TYPES) }

  -- a function of the script as the host sees it: budgeted, and atomic when given a game
  local function export(f)
    local w = guard(f)
    return function(first, ...)
      if core.kind(first) == "game" then return arbiter.atomic(first, w, ...) end
      return w(first, ...)
    end
  end

  --- arbiter.load_script(source, opts) -> what the script returns, its functions wrapped
  function arbiter.load_script(source, opts)
    if type(source) ~= "string" then
      error("bad argument #1 to 'load_script' (Lua source text expected, got " .. type(source) .. ")", 2)
    end
    if opts ~= nil and type(opts) ~= "table" then
      error("bad argument #2 to 'load_script' (options table expected, got " .. type(opts) .. ")", 2)
    end
    opts = opts or {}
    local name = opts.name == nil and "script" or opts.name
    if type(name) ~= "string" then error("bad argument #2 to 'load_script' (name must be a string)", 2) end
    if opts.game ~= nil and core.kind(opts.game) ~= "game" then
      error("bad argument #2 to 'load_script' (game must be a game)", 2)
    end
    local s = record(name, check_budget(opts, "instructions"), check_budget(opts, "memory"))
    if not ready then core._sandbox_init(classify, guards, charged_string); ready = true end
    local chunk, err = load(source, s.source, "t", make_env(s, facade))
    if not chunk then error("load_script: " .. err, 2) end
    local result = guard(chunk)(opts.game)
    if type(result) == "function" then return export(result) end
    if type(result) ~= "table" then return result end
    local out = {}
    for k, v in next, result do out[k] = type(v) == "function" and export(v) or v end
    return out
  end

  --- arbiter.sandbox.guard(f): f's budgeted wrapper if f is card-script code, else f
  M.guard = guard
  arbiter.sandbox = M
end

return M
