-- arbiter.sandbox — card scripts from strangers (issue 7 item 4, issue 15).
--
-- arbiter.load_script(source, opts) compiles Lua text (never bytecode) in a fresh environment
-- of its own and runs it under budgets; it returns what the script returns, with every function
-- in it (nested tables included) wrapped: called from the host or the engine it runs under the
-- script's budgets, and called with a game as its first argument it is one atomic action
-- (undone as a whole if it raises). opts: name (for messages, default "script"), instructions
-- and memory (per call), lifetime_memory (the bytes the script may keep across calls), game
-- (the game math.random draws from when a call has none in its arguments).
--
-- The environment: assert error ipairs next pairs pcall select tonumber type rawequal rawget
-- rawlen _VERSION _G; tostring (no heap addresses: "table: #3", numbered per game in the
-- order scripts ask); xpcall (its handler runs after the failed call, under the budget);
-- setmetatable (only on the script's own tables; the metatable is copied with its function
-- metamethods wrapped in the budgets; __gc, __mode refused), getmetatable (only metatables the script
-- set; nil for strings and host objects), load (text only, in the script's environment, charged
-- by its length), require("arbiter") (card, is_card_definition, EVENT_TYPES, VERSION; nothing
-- else), copies of string (no dump; format without %p) table math utf8 coroutine, whose C
-- functions charge the work they do, math.random (the game's seeded RNG, g:random); next, pairs
-- and table.sort in one order on every Lua (sandbox_order.lua); coroutines whose steps run under
-- the budgets wherever they are resumed (sandbox_co.lua).
-- Absent: io, os, debug, package, dofile, loadfile, collectgarbage, rawset, print,
-- string.dump, math.randomseed.
--
-- Budgets and guards are C (csrc/lsandbox.c, csrc/lsandbox_mem.c): a count hook set only while
-- a budgeted call runs, an allocator wrapper, and arb_l_guard / core._guard, the one path
-- through which the engine calls user functions. Outside a budgeted call script code can't run:
-- every script function starts with an entry check (sandbox_entry.lua), and a script's
-- coroutines resumed by the host run each step as a budgeted call (sandbox_co.lua). Scripts
-- iterate and sort deterministically (sandbox_order.lua).
local core = require("arbiter.core")
local compat = require("arbiter.compat")
local entry = require("arbiter.sandbox_entry")
local order = require("arbiter.sandbox_order")
local sandbox_co = require("arbiter.sandbox_co")
local toint = compat.toint
-- Script chunks: 5.2+'s load on every Lua, and never JIT-compiled (LuaJIT's count hook, the
-- instruction budget, doesn't fire in compiled code)
local function load(chunk, name, mode, env)
  local f, err = compat.load(chunk, name, mode, env)
  return f and compat.nojit(f), err
end
-- Script text compiled with its entry checks: the parser reads the text first (its own syntax
-- errors), then judges the instrumented text (sandbox_entry.lua).
local function compiles(text) return (compat.load(text, "=?", "t", {})) ~= nil end
local function compile(text, name, env)
  if text:byte(1) == 27 then return nil, "attempt to load a binary chunk (mode is 't')" end
  local ok, err = compat.load(text, name, "t", {})
  if not ok then return nil, err end
  local src, why = entry.instrument(text, compiles)
  if not src then return nil, name:gsub("^=", "") .. ": " .. why end
  return load(src, name, "t", env)
end
local check = require("arbiter.check")
-- JIT compilation off for script code (LuaJIT: hooks don't fire in compiled traces).
local jit_off = compat.luajit and function(f) compat.nojit(f) end or nil

local M = {}
M.defaults = { instructions = 1000000, memory = 1048576, lifetime_memory = 4194304 }

local real_getmetatable, real_setmetatable = debug.getmetatable, setmetatable
local getinfo = debug.getinfo
local guard, budgeted, charge = core._guard, core._budgeted, core._sandbox_charge
local floor, huge = math.floor, 2 ^ 62

local scripts = {}                                   -- chunk name -> script record
local guards = setmetatable({}, { __mode = "k" })    -- function -> budgeted wrapper | false
local made = setmetatable({}, { __mode = "k" })      -- metatable copy -> the script's table
local exports = setmetatable({}, { __mode = "k" })   -- load_script's wrappers of script functions
--- is_script(f): is f card-script code as the engine calls it (a budgeted or exported wrapper)?
function M.is_script(f) return exports[f] == true or core._is_budgeted(f) end
local ready = false

-- Called from C (arb_l_guard) the first time the engine meets a function: is it card-script
-- code? Its chunk name says which script (load_script names every chunk it compiles).
local function classify(f)
  local w = false
  local info = type(f) == "function" and getinfo(f, "S")
  local s = info and scripts[info.source]
  if s then w = budgeted(f, s.name, s.instructions, s.memory, s.account) end
  guards[f] = w
  return w
end

local function copy(t, drop)
  local c = {}
  for k, v in next, t do if not (drop and drop[k]) then c[k] = v end end
  return c
end

local function fail(fname, msg) error(string.format("%s: %s", fname, msg), 3) end

-- An amount of work as an integer charge (huge and non-finite amounts saturate).
local function pay(c)
  if c ~= c or c <= 0 then return end
  charge(c >= huge and toint(huge) or toint(floor(c)))
end

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
    if k == "__mode" then   -- the collector's timing would show (issue 24: deterministic scripts)
      fail("setmetatable", "weak tables (__mode) are not allowed in card scripts")
    end
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

-- An error a script catches carries no host file path (issue 24): "lua/arbiter/draw.lua:130: "
-- positions of the engine's own files are cut; the script's chunks ("[card script x]:3:") stay.
local HOST_POSITION = "[^%s:\"']*%.lua:%d+: "
local function caught(ok, ...)
  if ok then return true, ... end
  local e = ...
  if type(e) == "string" and e:find(".lua:", 1, true) then e = e:gsub(HOST_POSITION, "") end
  return false, e
end
local function sb_pcall(f, ...) return caught(pcall(f, ...)) end

-- xpcall whose handler runs after the call failed, as an ordinary call: a budget error raised
-- by the count hook would run a real message handler with hooks off (no budget at all).
local function handled(h, ok, ...)
  if ok then return true, ... end
  return false, h((...))
end
local function sb_xpcall(f, h, ...)
  if type(h) ~= "function" then fail("xpcall", "message handler (a function) expected, got " .. type(h)) end
  return handled(h, caught(pcall(f, ...)))
end

-- tostring without heap addresses: objects without __tostring are numbered per game (the game
-- of the call that asks; calls without one share a book), in the order scripts ask about them:
-- same seed and calls, same strings, however many other games the process runs (issue 24). The
-- books' weak keys can't show: an object's number lives as long as the object, and numbers
-- only grow.
local function namer()
  local books = setmetatable({}, { __mode = "k" })   -- game -> { ids = {[object] = n}, n = n }
  local loose = { ids = setmetatable({}, { __mode = "k" }), n = 0 }
  local sandbox_game = core._sandbox_game
  return function(v)
    local t = type(v)
    if t ~= "table" and t ~= "function" and t ~= "thread" and t ~= "userdata" then return tostring(v) end
    local mt = real_getmetatable(v)
    if mt and rawget(mt, "__tostring") ~= nil then return tostring(v) end
    local g, book = sandbox_game(), loose
    if g then
      book = books[g]
      if not book then book = { ids = setmetatable({}, { __mode = "k" }), n = 0 }; books[g] = book end
    end
    local id = book.ids[v]
    if not id then book.n = book.n + 1; id = book.n; book.ids[v] = id end
    local name = mt and rawget(mt, "__name")
    return (type(name) == "string" and name or t) .. ": #" .. id
  end
end

-- Host objects (agents, house rules, definitions, handles, options...) reach script code as
-- read-only views: one per host table (same table, same view), whose fields are views in turn;
-- writing raises, and a view leaving script code (a budgeted call's result, g:create's
-- definition) is its host table again (lsandbox.c: arb_l_shield / arb_l_unshield).
local orig_of = setmetatable({}, { __mode = "k" })   -- view -> host table
local view_of = setmetatable({}, { __mode = "k" })   -- host table -> its view
local VIEW = { __name = "arbiter.ReadOnly" }
local function view(v)
  if type(v) ~= "table" or orig_of[v] then return v end
  local w = view_of[v]
  if not w then
    w = real_setmetatable({}, VIEW)
    orig_of[w], view_of[v] = v, w
  end
  return w
end
M.view, M.unview = view, function(v) return orig_of[v] or v end
VIEW.__index = function(w, k) return view(orig_of[w][k]) end
VIEW.__newindex = function(w, k)
  error(string.format("card scripts can't change host objects: %s is read-only (field %s)",
    tostring(w), tostring(k)), 2)
end
VIEW.__len = function(w) return #orig_of[w] end
VIEW.__pairs = function(w)
  local t = orig_of[w]
  return function(_, k)
    local nk, nv = next(t, k)
    if nk ~= nil then return nk, view(nv) end
  end, w, nil
end

-- C loops that do work without Lua instructions are charged by size.
local function charged_table()
  local t = copy(table)
  local move, concat, insert, remove = compat.move, table.concat, table.insert, table.remove
  t.move = function(a1, f, e, ...)
    local fi, ei = check.integer(f), check.integer(e)   -- move takes 1.0 and 1e6 too: charge them
    if fi and ei and ei >= fi then pay(ei - fi + 1) end
    return move(a1, f, e, ...)
  end
  t.concat = function(l, sep, i, j)
    local n = (j or (type(l) == "table" and #l or 0)) - (i or 1) + 1
    if type(n) == "number" and n > 0 then pay(n) end
    local r = concat(l, sep, i, j)
    pay(#r / 32)
    return r
  end
  t.insert = function(l, ...) if type(l) == "table" then pay(#l) end return insert(l, ...) end
  t.remove = function(l, ...) if type(l) == "table" then pay(#l) end return remove(l, ...) end
  t.sort = order.sort                                -- stable: the same order on every Lua
  t.unpack = function(l, i, j)
    local n = check.integer((j or (type(l) == "table" and #l or 0)) - (i or 1) + 1)
    if n and n > 0 then pay(n) end
    return compat.unpack(l, i, j)
  end
  return t
end

-- Lua patterns run in C, beyond the count hook, and backtrack. One attempt of a pattern of
-- m bytes with q multipliers (quantifiers * + - ?, %b balances and %1-%9 back-references each
-- scan up to n bytes) over n bytes costs at most (n+1)^q * (m+1) steps; an unanchored search
-- makes up to n+1 attempts (gsub and gmatch in total too). Pattern functions charge that bound
-- (in units of 16 steps) before they run: ordinary patterns on short strings (names, rules
-- text) cost little, a pathological one fails its budget instead of running.
local byte = string.byte
local function multipliers(p)
  local q, i, n = 0, 1, #p
  while i <= n do
    local c = byte(p, i)
    if c == 37 then                                             -- %x
      local d = byte(p, i + 1)
      if d == 98 then q = q + 1; i = i + 4                      -- %bxy
      elseif d == 102 then i = i + 2                            -- %f[set]: the set follows
      else
        if d and d >= 49 and d <= 57 then q = q + 1 end         -- %1-%9
        i = i + 2
      end
    elseif c == 91 then                                         -- [set]
      i = i + 1
      if byte(p, i) == 94 then i = i + 1 end
      if byte(p, i) == 93 then i = i + 1 end
      while i <= n and byte(p, i) ~= 93 do i = i + (byte(p, i) == 37 and 2 or 1) end
      i = i + 1
    else
      if c == 42 or c == 43 or c == 45 or c == 63 then q = q + 1 end   -- * + - ?
      i = i + 1
    end
  end
  return q
end

local function pattern_cost(s, p, plain, anchorable)
  if type(s) ~= "string" and type(s) ~= "number" then return end
  if type(p) ~= "string" and type(p) ~= "number" then return end
  s, p = tostring(s), tostring(p)
  if plain then return pay((#s + 1) * (#p + 1) / 16) end
  local attempts = (anchorable and byte(p, 1) == 94) and 0 or 1
  pay((#s + 1.0) ^ (multipliers(p) + attempts) * (#p + 1) / 16 + #s / 2)   -- + the scan itself
end

-- Every other string function: its work is proportional to the bytes it reads and makes.
local function bytes_of(...)
  local b = 0
  for i = 1, select("#", ...) do
    local v = select(i, ...)
    if type(v) == "string" then b = b + #v end
  end
  return b
end
local function paid_after(...) pay(bytes_of(...) / 32) return ... end
local function by_bytes(f, lib, name, per)
  per = per or 16
  if not name then return function(...) pay(1 + bytes_of(...) / per) return paid_after(f(...)) end end
  -- made from text so that an argument error names the function ("bad argument #2 to 'byte'")
  return load("local pay, bytes_of, paid_after, " .. lib .. " = ... return function(...) "
    .. "pay(1 + bytes_of(...) / " .. per .. ") return paid_after(" .. lib .. "." .. name .. "(...)) end",
    "=[arbiter.sandbox]", "t", {})(pay, bytes_of, paid_after, lib == "utf8" and compat.utf8 or string)
end

local function charged_string(namef)
  local t = {}
  for k, f in next, string do
    if k ~= "dump" then t[k] = by_bytes(f, "string", k) end
  end
  local find, match, gmatch, gsub, rep, format = string.find, string.match, string.gmatch, string.gsub,
    string.rep, string.format
  t.find = function(s, p, init, plain) pattern_cost(s, p, plain, true) return find(s, p, init, plain) end
  t.match = function(s, p, init) pattern_cost(s, p, false, true) return match(s, p, init) end
  t.gmatch = function(s, p, init) pattern_cost(s, p) return gmatch(s, p, init) end
  t.gsub = function(s, p, r, n) pattern_cost(s, p, false, true) return gsub(s, p, r, n) end
  -- rep loops n times, even for empty strings: with bytes to copy it allocates the result first
  -- (the memory budget bounds n), so it pays after; with none it pays before
  t.rep = function(s, n, sep)
    if type(n) ~= "number" or n <= 0 then return rep(s, n, sep) end
    local w = (type(s) == "string" and #s or 1) + (type(sep) == "string" and #sep or 0)
    if w == 0 then pay(1 + n / 4) return rep(s, n, sep) end
    local r = rep(s, n, sep)
    pay(1 + n / 4 + #r / 32)
    return r
  end
  -- format: no %p (an address); %s of an object uses the script's tostring
  t.format = function(fmt, ...)
    if type(fmt) ~= "string" then return paid_after(format(fmt, ...)) end
    pay(1 + #fmt / 16)
    local args, n, i, k = { ... }, select("#", ...), 1, 0
    while true do
      local a = fmt:find("%", i, true)
      if not a then break end
      local b = a + 1
      if fmt:byte(b) == 37 then i = b + 1 else
        while b <= #fmt and not fmt:sub(b, b):find("%a") do b = b + 1 end
        local conv = fmt:sub(b, b)
        k = k + 1
        if conv == "p" then error("bad argument #1 to 'format' (%p is not available to card scripts)", 2) end
        if conv == "s" and k <= n then
          local v = args[k]
          local tv = type(v)
          if tv == "table" or tv == "function" or tv == "thread" or tv == "userdata" then args[k] = namef(v) end
        end
        i = b + 1
      end
    end
    return paid_after(format(fmt, compat.unpack(args, 1, n)))
  end
  return t
end

local sb_tostring = namer()
VIEW.__tostring = function(w)
  local t = orig_of[w]
  local mt = real_getmetatable(t)
  if mt and rawget(mt, "__tostring") ~= nil then return tostring(t) end
  return "read-only " .. sb_tostring(t)
end
-- next and pairs in one order on every Lua (sandbox_order.lua); a view's keys are its host
-- table's, its values views
local function sb_next(t, k)
  if type(t) ~= "table" then error("bad argument #1 to 'next' (table expected, got " .. type(t) .. ")", 2) end
  local o = orig_of[t]
  if o then return order.next(o, k, view) end
  return order.next(t, k)
end
local function sb_rawget(t, k)
  local o = orig_of[t]
  if o then return view(rawget(o, k)) end
  return rawget(t, k)
end
-- parsing is per byte, in C; LuaJIT's exact decimal conversion costs up to ~200 ns a byte
-- (bench/sandbox.lua: 87x over the budget at 1 instruction a byte), so it pays 100
local TONUMBER_PER_BYTE = compat.luajit and 100 or 1
local function sb_tonumber(v, base)
  if type(v) == "string" then pay(1 + #v * TONUMBER_PER_BYTE) end
  return tonumber(v, base)
end
local function sb_rawlen(t) return #(orig_of[t] or t) end
local honors_pairs = (function()                   -- 5.2+: pairs calls a __pairs metamethod
  local yes = false
  for _ in pairs(setmetatable({}, { __pairs = function() yes = true return function() end end })) do end
  return yes
end)()
local function sb_pairs(t)
  if type(t) ~= "table" then error("bad argument #1 to 'pairs' (table expected, got " .. type(t) .. ")", 2) end
  local mt = real_getmetatable(t)
  if honors_pairs and mt and made[mt] and rawget(mt, "__pairs") ~= nil then return pairs(t) end
  return sb_next, t, nil
end
local strings = charged_string(sb_tostring)          -- also the strings' methods during a call
strings[entry.FIELD] = function() end                -- script functions' entry check passes
local tables = charged_table()

local function charged_utf8()
  local t = {}
  for k, v in next, compat.utf8 do t[k] = type(v) == "function" and by_bytes(v, "utf8", k, 2) or v end
  return t
end

local function make_env(s, facade)
  local env = {}
  for _, k in ipairs({ "assert", "error", "ipairs", "select", "type", "rawequal", "_VERSION" }) do
    env[k] = _G[k]
  end
  env.next, env.pairs, env.rawget, env.rawlen = sb_next, sb_pairs, sb_rawget, sb_rawlen
  env._G = env
  env.tostring, env.xpcall, env.pcall = sb_tostring, sb_xpcall, sb_pcall
  env.tonumber = sb_tonumber
  env.setmetatable, env.getmetatable = sb_setmetatable, sb_getmetatable
  env.string = copy(strings, { [entry.FIELD] = true })
  env.table = copy(tables)
  env.utf8 = compat.utf8 and charged_utf8()
  env.math = copy(math, { randomseed = true })
  env.math.random = sb_random
  env.coroutine = sandbox_co.library(s, budgeted)
  local resume = env.coroutine.resume
  env.coroutine.resume = function(co, ...) return caught(resume(co, ...)) end
  env.load = function(chunk, _, _, e)
    if type(chunk) == "string" then pay(#chunk * 2)
    elseif type(chunk) == "function" then            -- the pieces first: the text is instrumented whole
      local pieces, n = {}, 0
      while true do
        local piece = chunk()
        if piece == nil or piece == "" then break end
        if type(piece) ~= "string" then return nil, "reader function must return a string" end
        pay(#piece * 2)
        n = n + 1; pieces[n] = piece
      end
      chunk = table.concat(pieces)
    else
      error("load: string or function expected, got " .. type(chunk), 2)
    end
    if e ~= nil and type(e) ~= "table" then error("load: env must be a table", 2) end
    -- the parser may judge each word `function` the scanner took for text: a compile each
    local _, words = chunk:gsub("function", "")
    pay(#chunk * 2 * math.min(words, 257))
    local f, err = compile(chunk, s.source, e or env)   -- text only; this script's
    if f and jit_off then jit_off(f, true) end
    return f, err
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

-- A script record per (name, budgets): its chunks are named after it, and its account holds
-- the bytes its code keeps (lsandbox_mem.c).
local function record(name, instructions, memory, kept)
  local src, n = "=[card script " .. name .. "]", 1
  while scripts[src] and (scripts[src].instructions ~= instructions or scripts[src].memory ~= memory
    or scripts[src].kept ~= kept) do
    n = n + 1
    src = "=[card script " .. name .. " #" .. n .. "]"
  end
  scripts[src] = scripts[src] or { name = name, instructions = instructions, memory = memory, kept = kept,
    source = src, account = core._sandbox_account(kept) }
  return scripts[src]
end


function M.install(arbiter)
  local facade = { VERSION = arbiter.VERSION, card = function(spec) return view(arbiter.card(spec)) end,
    is_card_definition = arbiter.is_card_definition, EVENT_TYPES = copy(arbiter.EVENT_TYPES),
    installer = arbiter.installer }

  -- a function of the script as the host sees it: budgeted, and atomic when given a game
  local function export(f)
    local w = guard(f)
    local e = function(first, ...)
      if core.kind(first) == "game" then return arbiter.atomic(first, w, ...) end
      return w(first, ...)
    end
    exports[e] = true
    return e
  end

  -- what the script returned as the host sees it: functions exported, tables (nested, cycles
  -- kept) copied with their metatables (whose functions are already budgeted); card
  -- definitions and host objects as they are
  local function exported(v, seen)
    if type(v) == "function" then return export(v) end
    if type(v) ~= "table" then return v end
    v = orig_of[v] or v
    if arbiter.is_card_definition(v) then return v end
    if seen[v] then return seen[v] end
    local out = {}
    seen[v] = out
    for k, x in next, v do out[k] = exported(x, seen) end
    local mt = real_getmetatable(v)
    if mt and made[mt] then real_setmetatable(out, mt) end
    return out
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
    local s = record(name, check_budget(opts, "instructions"), check_budget(opts, "memory"),
      check_budget(opts, "lifetime_memory"))
    if not ready then core._sandbox_init(classify, guards, strings, view, orig_of, VIEW); ready = true end
    local chunk, err = compile(source, s.source, make_env(s, facade))
    if not chunk then error("load_script: " .. err, 2) end
    if jit_off then jit_off(chunk, true) end
    return exported(guard(chunk)(opts.game), {})
  end

  --- arbiter.sandbox.guard(f): f's budgeted wrapper if f is card-script code, else f
  M.guard = guard
  arbiter.sandbox = M
end

return M
