-- Sandboxed card scripts (issue 7 item 4): arbiter.load_script runs untrusted Lua without
-- io/os/debug/require/collectgarbage/dofile/loadfile/binary chunks, with the game's seeded RNG,
-- an instruction budget and a memory budget per call. Every escape below must end in a clean
-- error, leave the game as it was before the call (422: the action is undone as a whole), and
-- leave the host healthy: a normal call works afterwards.
local H = require("helpers")
local arbiter = H.arbiter

local SMALL = { instructions = 200000, memory = 256 * 1024 }

local function opts(name, extra)
  local o = { name = name, instructions = SMALL.instructions, memory = SMALL.memory }
  for k, v in pairs(extra or {}) do o[k] = v end
  return o
end

local function load(src, name, extra) return arbiter.load_script(src, opts(name or "test", extra)) end

-- A game with a library, for "a normal call still works".
local function board()
  local g, ann, bob = H.game{ seed = 11 }
  H.deck(g, ann, 10)
  H.deck(g, bob, 10)
  return g, ann, bob
end

-- fn must raise an error matching pattern; the game is unchanged; a normal draw works.
local function escapes_cleanly(g, pattern, fn, ...)
  local hash, len = g:state_hash(true), g:history_length()
  local ok, err = pcall(fn, ...)
  assert.is_false(ok, "no error")
  assert.are.equal("string", type(err))
  assert.truthy(err:find(pattern), err)
  assert.are.equal(hash, g:state_hash(true))
  assert.are.equal(len, g:history_length())
  local p = g.players[2]
  local n = #p.hand
  g:draw(p)
  assert.are.equal(n + 1, #p.hand)
  return err
end

describe("load_script: the environment", function()
  it("has no io, os, debug, package, dofile, loadfile, collectgarbage, rawset, print", function()
    local t = load([[
      return { io = io, os = os, debug = debug, package = package, dofile = dofile,
        loadfile = loadfile, collectgarbage = collectgarbage, rawset = rawset, print = print,
        dump = string.dump, randomseed = math.randomseed }
    ]])
    for _, k in ipairs({ "io", "os", "debug", "package", "dofile", "loadfile", "collectgarbage",
      "rawset", "print", "dump", "randomseed" }) do
      assert.is_nil(t[k], k)
    end
  end)

  it("require knows only \"arbiter\", and that is a small read-only facade", function()
    local t = load([[
      local a = require("arbiter")
      local ok, err = pcall(require, "os")
      return { card = a.card, new_game = a.new_game, core = a.core, ok = ok, err = err }
    ]])
    assert.are.equal("function", type(t.card))
    assert.is_nil(t.new_game)
    assert.is_nil(t.core)
    assert.is_false(t.ok)
    assert.truthy(t.err:find("only require", 1, true))
  end)

  it("refuses binary chunks, as the script and through load", function()
    local bytecode = string.dump(function() return 1 end)
    assert.has_error(function() arbiter.load_script(bytecode) end)
    local f = arbiter.load_script([[return function(b) return load(b) end]], opts("bin"))
    local chunk, err = f(bytecode)
    assert.is_nil(chunk)
    assert.truthy(err:find("binary", 1, true), err)
  end)

  it("scripts share nothing: one can't change what another requires, nor host metatables", function()
    local a = load([[
      local arbiter = require("arbiter")
      arbiter.card = function() return "hijacked" end
      string.format = nil
      return function(def) return pcall(function() def.__index = nil end), def.__index end
    ]], "a")
    local b = load([[return { card = require("arbiter").card{ name = "Fine", types = { "Land" } },
      fmt = string.format("%d", 7) }]], "b")
    assert.is_true(arbiter.is_card_definition(b.card))
    assert.are.equal("7", b.fmt)
    local def = arbiter.card{ name = "Host", types = { "Land" } }
    assert.is_false((a(def)))              -- handed to a script: a read-only view (issue 24 item 7)
    assert.are.equal("card definition Host", tostring(def))
  end)

  it("load of text runs in the script's own environment", function()
    local f = load([[return function() return load("return io, string.rep ~= nil")() end]])
    local io_, has_rep = f()
    assert.is_nil(io_)
    assert.is_true(has_rep)
  end)

  it("string metatable tricks reach nothing: getmetatable('') is nil, the host's strings are intact", function()
    local t = load([[
      local out = { mt = getmetatable(""), typ = type(getmetatable("x")) }
      string.rep = function() return "pwned" end        -- the script's own copy
      out.set = pcall(function() getmetatable("").__index.upper = nil end)
      out.mine = string.rep("a", 2)
      out.method = ("ab"):upper()
      return out
    ]])
    assert.is_nil(t.mt)
    assert.are.equal("nil", t.typ)
    assert.is_false(t.set)
    assert.are.equal("pwned", t.mine)
    assert.are.equal("AB", t.method)
    assert.are.equal("aa", string.rep("a", 2))
    assert.are.equal("xx", ("x"):rep(2))
    assert.are.equal(string, getmetatable("").__index)
  end)

  it("setmetatable works on the script's tables, refuses host objects and __gc", function()
    local g = board()
    local h = g:on("draw", function() end)
    local t = load([[
      local Class = {}
      Class.__index = Class
      function Class.hello() return "hi" end
      local obj = setmetatable({}, Class)
      local host = ...
      return {
        oop = obj.hello(), same = getmetatable(obj) == Class,
        host = select(2, pcall(setmetatable, host, {})),
        gc = select(2, pcall(setmetatable, {}, { __gc = function() end })),
      }
    ]], "mt")
    assert.are.equal("hi", t.oop)
    assert.is_true(t.same)
    local f = load([[return function(host) return pcall(setmetatable, host, {}) end]], "mt2")
    local ok, err = f(h)
    assert.is_false(ok)
    assert.truthy(err:find("host object", 1, true))
    assert.truthy(t.gc:find("__gc", 1, true))
  end)

  it("math.random is the game's seeded RNG: same seed, same numbers", function()
    local f = load([[return function(g) local t = {} for i = 1, 5 do t[i] = math.random(100) end return t end]], "rng")
    local g1, g2 = board(), board()
    assert.are.same(f(g1), f(g2))
    assert.are.equal(g1:state_hash(), g2:state_hash())
    local h = g1:state_hash()
    f(g1)
    assert.are_not.equal(h, g1:state_hash())     -- it drew from the game's RNG (journaled state)
    local no = load([[return function() return math.random(6) end]], "rng2")
    assert.has_error(function() no() end)         -- no game in the call: no RNG
  end)
end)

describe("load_script: budgets", function()
  it("an infinite loop exceeds the instruction budget; the action is undone", function()
    local g, ann = board()
    local f = load([[return function(g, p) g:draw(p, 2); while true do end end]], "looper")
    local err = escapes_cleanly(g, "card script 'looper' exceeded its instruction budget", f, g, ann)
    assert.truthy(err:find(tostring(SMALL.instructions), 1, true))
  end)

  it("a string.rep memory bomb exceeds the memory budget; the host's memory comes back", function()
    local g = board()
    collectgarbage()
    local before = collectgarbage("count")
    local f = load([[return function(g) local s = string.rep("x", 268435456) return #s end]], "rep")
    escapes_cleanly(g, "card script 'rep' exceeded its memory budget", f, g)
    local grow = load([[return function(g) local t = {} for i = 1, 1e8 do t[i] = ("x"):rep(100) .. i end end]], "grow")
    escapes_cleanly(g, "exceeded its memory budget", grow, g)
    for _ = 1, 12 do collectgarbage() end     -- LuaJIT halves its string buffer once per cycle
    assert.is_true(collectgarbage("count") - before < 200, "host heap grew " .. (collectgarbage("count") - before) .. " KiB")
  end)

  it("pathological patterns pay their worst case, as functions and as string methods", function()
    local g = board()
    local m = load([[
      return function(g, n) return (string.rep("a", n)):find(string.rep("a-", 12) .. "b") end
    ]], "pattern")
    escapes_cleanly(g, "'pattern' exceeded its instruction budget", m, g, 40)
    local f = load([[
      return function(g, n) return string.match(string.rep("a", n), string.rep("a*", 12) .. "b") end
    ]], "pattern2")
    escapes_cleanly(g, "'pattern2' exceeded its instruction budget", f, g, 40)
    local ok = load([[return function() return ("Grizzly Bears"):match("^(%w+)%s+(%w+)$") end]], "names")
    assert.are.same({ "Grizzly", "Bears" }, { ok() })
    assert.are.equal(string, getmetatable("").__index)     -- the host's strings, once the call is over
  end)

  it("deep recursion ends in a clean error", function()
    local g = board()
    local f = load([[return function(g) local function r(n) return 1 + r(n + 1) end return r(1) end]], "deep")
    escapes_cleanly(g, require("arbiter.compat").luajit and "stack overflow" or "deep", f, g)   -- LuaJIT's has no place
    local viaindex = load([[
      return function(g)
        local t = setmetatable({}, {})
        getmetatable(t)                          -- a metatable copy with a wrapped __index:
        local u = setmetatable({}, { __index = function(self, k) return self[k] end })
        return u.x                               -- C-stack recursion through the wrapper
      end]], "deepmeta")
    -- (LuaJIT may call an __index function without recursing in C: then the budget ends it)
    local err = escapes_cleanly(g, "", viaindex, g)
    assert.truthy(err:find("stack overflow", 1, true) or err:find("budget", 1, true), err)
  end)

  it("pcall can't swallow a budget error: it raises again at the next instruction", function()
    local g = board()
    local f = load([[
      return function(g)
        local n = 0
        while true do
          pcall(function() while true do end end)
          n = n + 1
        end
      end]], "swallow")
    escapes_cleanly(g, "'swallow' exceeded its instruction budget", f, g)
    local m = load([[
      return function(g)
        while true do pcall(string.rep, "x", 1073741824) end
      end]], "swallowmem")
    escapes_cleanly(g, "'swallowmem' exceeded its memory budget", m, g)
  end)

  it("error objects whose __tostring raises reach the host as a plain message", function()
    local g = board()
    local f = load([[
      return function(g)
        error(setmetatable({}, { __tostring = function() while true do end end }))
      end]], "errobj")
    escapes_cleanly(g, "card script 'errobj' raised a non%-string error %(table%)", f, g)
  end)

  it("coroutine abuse: wrap loops, yields across the call, coroutines handed to the host", function()
    local g = board()
    local spin = load([[
      return function(g)
        local co = coroutine.wrap(function() while true do coroutine.yield() end end)
        while true do co() end
      end]], "spin")
    escapes_cleanly(g, "'spin' exceeded its instruction budget", spin, g)
    local across = load([[return function(g) coroutine.yield(1) end]], "across")
    escapes_cleanly(g, "yield", across, g)
    local handed = load([[return function() return coroutine.wrap(function() while true do end end) end]], "handed")
    local co = handed()
    escapes_cleanly(g, "'handed' exceeded its instruction budget", co)
    local raw = load([[return function() return coroutine.create(function() while true do end end) end]], "raw")
    local th = raw()
    local ok, err = coroutine.resume(th)              -- the host resumes it: it runs under the budget
    assert.is_false(ok)
    assert.truthy(err:find("'raw' exceeded its instruction budget", 1, true), err)
  end)

  it("functions a script hands out stay budgeted: returned, registered, metamethods, agents", function()
    local g, ann = board()
    local f = load([[
      return function(g, p)
        g:add_replacement{ event = "draw",
          applies = function(ev) while ev.player == p do end return false end,
          replace = function() end }
        g:set_agent(p, { may = function() while true do end end })
        local lazy = setmetatable({}, { __index = function() while true do end end })
        return function() while true do end end, lazy
      end]], "handout")
    local loop, lazy = f(g, ann)
    escapes_cleanly(g, "'handout' exceeded", loop)
    escapes_cleanly(g, "'handout' exceeded", function() return lazy.anything end)
    escapes_cleanly(g, "'handout' exceeded", g.draw, g, ann)                    -- the registered applies
    escapes_cleanly(g, "'handout' exceeded", g.draw, g, ann, 1, { optional = true })
  end)

  it("handles and definitions are read-only to scripts: a swap after registering raises", function()
    local g, ann = board()
    local swap = load([[
      return function(g, p)
        local h = g:add_replacement{ event = "draw", applies = function() return false end, replace = function() end }
        h.applies = function() while true do end end
      end]], "swapper")
    escapes_cleanly(g, "read%-only %(field applies%)", swap, g, ann)
    local m = load([[
      local arbiter = require("arbiter")
      local def = arbiter.card{ name = "Trojan", types = { "Artifact" } }
      return { def = def, arm = function() def.install = function() while true do end end end }
    ]], "trojan")
    escapes_cleanly(g, "card definition Trojan is read%-only %(field install%)", m.arm)
    assert.is_true(arbiter.is_card_definition(m.def))
    local c = g:create(m.def, { owner = ann, zone = "battlefield" })
    assert.are.equal("Trojan", c.name)
  end)

  it("an agent set by a script is kept as a budgeted copy; later changes don't reach the game", function()
    local g, ann = board()
    local f = load([[
      return function(g, p)
        local agent = { may = function() return true end }
        g:set_agent(p, agent)
        agent.may = function() while true do end end   -- too late: the game keeps its copy
        return agent
      end]], "agent")
    f(g, ann)
    local got = g:draw(ann, 1, { optional = true })
    assert.are.equal(1, #got)
    local loops = load([[return function(g, p) g:set_agent(p, { may = function() while true do end end }) end]], "agent2")
    loops(g, ann)
    escapes_cleanly(g, "'agent2' exceeded", g.draw, g, ann, 1, { optional = true })
  end)

  -- ask_may / ask_choose skip the replay and recording calls for a plain game: the agent's
  -- functions must still run under their budgets there (a mulligan simulation's hot path).
  it("a script's agent asked about mulligans (may, choose) stays budgeted", function()
    local g, ann = board()
    g:draw(ann, 7)
    local m = load([[
      return {
        may = function(p, what) if what == "mulligan" then while true do end end return false end,
        choose = function() while true do end end,
      }]], "mullagent")
    g:set_agent(ann, m)
    escapes_cleanly(g, "'mullagent' exceeded", arbiter.house.paris.opening_hand, g, ann)
    escapes_cleanly(g, "'mullagent' exceeded", arbiter.ask_choose, g, ann, "bottom", ann.hand:cards())
    -- a host's agent table (kept as it is) that a script fills in after set_agent
    local agent = {}
    g:set_agent(ann, agent)
    -- handed to a script, the host's table is a read-only view (issue 24 item 7); the host
    -- itself puts the script's function there
    local fill = load([[return function(a) a.may = function() while true do end end end]], "filler")
    assert.has_error(function() fill(agent) end)
    assert.is_nil(agent.may)
    agent.may = load([[return function() while true do end end]], "filler")
    escapes_cleanly(g, "'filler' exceeded", arbiter.house.paris.opening_hand, g, ann)
  end)

  -- Found by the nearest-legal work: a host's declaration handed to a script reached the
  -- combat calls as the script's read-only view, whose keys next() can't see: an array failed
  -- with "invalid key to 'next'" and a map read as no attack at all
  it("a host's declaration and bands handed to a script work in the combat calls (views read as their tables)", function()
    local g, ann, bob = board()
    local bear = arbiter.card{ name = "Bear", types = { "Creature" }, power = 2, toughness = 2 }
    local hero = arbiter.card{ name = "Hero", types = { "Creature" }, power = 1, toughness = 1, abilities = { "banding" } }
    local x = g:create(bear, { owner = ann, zone = "battlefield" })
    local y = g:create(bear, { owner = ann, zone = "battlefield" })
    local h = g:create(hero, { owner = ann, zone = "battlefield" })
    local z = g:create(bear, { owner = bob, zone = "battlefield" })
    g:begin_turn(ann)
    g:beginning_of_combat()
    local fns = load([[return {
      check = function(g, decl, opts) return g:check_attack(decl, opts) end,
      nearest = function(g, decl) local d, changes = g:nearest_legal_attack(decl); return changes end,
      declare = function(g, decl, opts) g:declare_attackers(decl, opts) end,
      block = function(g, decl) return g:check_block(decl) end }]], "combat")
    assert.is_true((fns.check(g, { x, y })))
    assert.is_true((fns.check(g, { [x] = bob })))
    assert.equal(0, fns.nearest(g, { x }))
    local ok, why = fns.check(g, { x, y, h }, { bands = { { x, y } } })
    assert.is_false(ok)
    assert.truthy(why:find("502.10b", 1, true))
    fns.declare(g, { x, h }, { bands = { { h, x } } })
    assert.same({ true, true, false }, { x.attacking, h.attacking, y.attacking })
    assert.is_true((fns.block(g, { [z] = x })))
  end)

  it("a card's can_attack that loops makes check_attack fail cleanly", function()
    local g, ann = board()
    local m = load([[
      local arbiter = require("arbiter")
      return { def = arbiter.card{ name = "Looper", types = { "Creature" }, power = 1, toughness = 1,
        can_attack = function() while true do end end } }
    ]], "canattack")
    local c = g:create(m.def, { owner = ann, zone = "battlefield" })
    escapes_cleanly(g, "'canattack' exceeded", g.check_attack, g, { c })
  end)

  it("budgets nest: a script's draw runs another script's replacement under what is left", function()
    local g, ann = board()
    local inner = load([[
      return { install = function(g, p)
        g:add_replacement{ event = "draw", applies = function(ev) return ev.player == p end,
          replace = function() while true do end end }
      end }]], "inner")
    inner.install(g, ann)
    local outer = load([[return function(g, p) g:draw(p) end]], "outer")
    local err = escapes_cleanly(g, "card script 'outer' ran out of its instruction budget", outer, g, ann)
    assert.truthy(err:find("in card script 'inner'", 1, true), err)
  end)

  it("a failed script call leaves no core block and no budget behind", function()
    local core = require("arbiter.core")
    collectgarbage()
    collectgarbage()
    local blocks = core._blocks()
    local g, ann = board()
    local f = load([[return function(g, p) for i = 1, 200 do g:create(require("arbiter").card{ name = "t" .. i, types = { "Land" } }, { owner = p }) end while true do end end]], "creator")
    escapes_cleanly(g, "'creator' exceeded", f, g, ann)
    assert.is_nil(core._sandbox_usage())              -- no budgeted call is open
    g, ann, f = nil, nil, nil -- luacheck: ignore 311 (dropped for the collector)
    collectgarbage()
    collectgarbage()
    assert.are.equal(blocks, core._blocks())
  end)
end)

describe("load_script: example cards run unchanged", function()
  it("Thought Reflection from its file draws two instead, like the dofile version (614.5)", function()
    local fh = assert(io.open("examples/cards/thought_reflection.lua"))
    local src = fh:read("*a")
    fh:close()
    local function play(card)
      local g, ann = board()
      local c = g:create(card.def, { owner = ann, zone = "battlefield" })
      card.install(g, c)
      g:draw(ann)
      return #ann.hand, g:state_hash()
    end
    local n1, h1 = play(arbiter.load_script(src, { name = "Thought Reflection" }))
    local n2, h2 = play(dofile("examples/cards/thought_reflection.lua"))
    assert.are.equal(2, n1)
    assert.are.equal(n2, n1)
    assert.are.equal(h2, h1)
  end)

  it("bad arguments name the argument", function()
    assert.has_error(function() arbiter.load_script(42) end,
      "bad argument #1 to 'load_script' (Lua source text expected, got number)")
    assert.has_error(function() arbiter.load_script("return 1", { instructions = 0 }) end,
      "bad argument #2 to 'load_script' (instructions must be an integer >= 1, got 0)")
    assert.has_error(function() arbiter.load_script("return (") end)
  end)
end)
