-- Red team (issue 15): attacks on arbiter.load_script, one per category and one per standard
-- library function the sandbox exposes. Each asserts the promise: the call ends within its
-- budget (an error naming the budget, never wall-clock), or with a clear error; the game's
-- state_hash and history are unchanged and the host's objects are as they were.
local H = require("helpers")
local arbiter = H.arbiter
local core = arbiter.core

local BUDGET = { instructions = 20000, memory = 64 * 1024, lifetime_memory = 256 * 1024 }

local function load(src, name, extra)
  local o = { name = name or "red" }
  for k, v in pairs(BUDGET) do o[k] = v end
  for k, v in pairs(extra or {}) do o[k] = v end
  return arbiter.load_script(src, o)
end

local function board()
  local g, ann, bob = H.game{ seed = 5 }
  H.deck(g, ann, 5)
  H.deck(g, bob, 5)
  return g, ann, bob
end

-- fn(...) must raise an error matching pattern, leave g unchanged and no budgeted call open.
local function refused(g, pattern, fn, ...)
  local hash, len = g:state_hash(true), g:history_length()
  local ok, err = pcall(fn, ...)
  assert.is_false(ok, "no error")
  assert.are.equal("string", type(err))
  assert.truthy(err:find(pattern), err)
  assert.are.equal(hash, g:state_hash(true))
  assert.are.equal(len, g:history_length())
  assert.is_nil(core._sandbox_usage())
  return err
end

local OVER = "exceeded its instruction budget"

describe("red team: hangs (bounded by the instruction budget)", function()
  local cases = {
    { "xpcall's message handler runs under the budget",
      [[xpcall(function() while true do end end, function() while true do end end)]] },
    { "string.rep of an empty string is charged per repetition", [[return #string.rep("", 1099511627776)]] },
    { "many short charged calls add up", [[while true do string.rep("", 1000) end]] },
    { "many short sorts add up", [[local t = { 3, 2, 1 } while true do table.sort(t) end]] },
    { "string.rep with an empty separator as well", [[return #(""):rep(1099511627776, "")]] },
    { "? backtracking", [[return (("a"):rep(3000)):find(("a?"):rep(25) .. "b")]] },
    { "* backtracking", [[return (("a"):rep(3000)):match(("a*"):rep(6) .. "b")]] },
    { "%b backtracking", [[return (("("):rep(3000)):find(("%b()"):rep(4))]] },
    { "gsub over a long subject", [[return (("ab"):rep(4000)):gsub(("a-b-"):rep(5), "x")]] },
    { "gmatch iterations", [[for w in (("ab"):rep(4000)):gmatch(("a*b*"):rep(6)) do end]] },
    { "table.concat of many pieces", [[local t = {} for i = 1, 1e6 do t[i] = "x" end return #table.concat(t)]] },
    { "table.sort of a long list", [[local t = {} for i = 1, 1e5 do t[i] = -i end table.sort(t)]] },
    { "load of a huge chunk", [[return load(function() return ("x=1 "):rep(1000) end)]] },
    { "coroutines spinning", [[local co = coroutine.wrap(function() while true do coroutine.yield() end end)
      while true do co() end]] },
    { "pcall can't swallow the budget error", [[while true do pcall(function() while true do end end) end]] },
  }
  for _, c in ipairs(cases) do
    it(c[1], function()
      local g = board()
      local f = load("return function(g) " .. c[2] .. " end", "hang")
      local err = refused(g, "card script 'hang'", f, g)
      assert.truthy(err:find(OVER, 1, true) or err:find("memory budget", 1, true)
        or err:find("longer than", 1, true), err)
    end)
  end

  -- the cap reads the allocator's type tag (Lua 5.2+); on 5.1 and LuaJIT the memory budget bounds strings
  local cap = _VERSION ~= "Lua 5.1" and it or pending
  cap("comparing long strings costs a bounded amount: scripts can't make strings past 4 KiB", function()
    local g = board()
    local f = load([[return function(g) local a = ("x"):rep(20000) return a == a .. "" end]], "long")
    refused(g, "made a string longer than 4096 bytes", f, g)
    local ok = load([[return function() local a = ("x"):rep(4000) return #a end]], "short", { memory = 1048576 })
    assert.are.equal(4000, ok())
  end)
end)

describe("red team: script code never runs without its budget", function()
  it("functions nested in returned tables are budgeted", function()
    local g = board()
    local m = load([[return { deep = { deeper = { f = function() while true do end end } } }]], "nest")
    refused(g, "'nest' " .. OVER, m.deep.deeper.f)
  end)

  it("a coroutine the script created and the host resumes raises at its first instruction", function()
    local g = board()
    local th = load([[return function() return coroutine.create(function() while true do end end) end]], "co")()
    local ok, err = coroutine.resume(th)
    assert.is_false(ok)
    assert.truthy(err:find("outside a budgeted call", 1, true), err)
    local w = load([[return function() return coroutine.wrap(function() while true do end end) end]], "wr")()
    refused(g, "'wr' " .. OVER, w)
  end)

  it("metamethods the host triggers run budgeted (__index, __len, __tostring, __eq, __call)", function()
    local g = board()
    local t = load([[
      local spin = function() while true do end end
      return { obj = setmetatable({}, { __index = spin, __len = spin, __tostring = spin, __call = spin }) }
    ]], "meta")
    refused(g, "'meta' " .. OVER, function() return t.obj.x end)
    if _VERSION ~= "Lua 5.1" then refused(g, "'meta' " .. OVER, function() return #t.obj end) end   -- 5.2+: __len
    refused(g, "'meta' " .. OVER, function() return tostring(t.obj) end)
    refused(g, "'meta' " .. OVER, function() return t.obj() end)
  end)

  it("agents' main, attack and block run budgeted even when a script fills a host's agent later", function()
    local g, ann = board()
    local agent = {}
    g:set_agent(ann, agent)
    load([[return function(a) a.main = function() while true do end end end]], "filler")(agent)
    refused(g, "'filler' " .. OVER, g.main_phase, g)
  end)

  it("house-rule hooks run budgeted", function()
    local m = load([[return { starting_life = function() while true do end end }]], "house")
    local g = arbiter.new_game{ players = { "A", "B" }, seed = 1, house_rules = { m } }
    refused(g, "'house' " .. OVER, g.house_hook, g, "starting_life", 20)
  end)

  it("a raw script function reaching the host by an unguarded path stops within the backstop", function()
    -- debug.getinfo finds the raw function under its wrapper: no real call site does this
    local w = load([[return function() while true do end end]], "raw")
    local raw
    for i = 1, 3 do
      local k, v = debug.getupvalue(w, i)
      if k and type(v) == "function" then raw = debug.getupvalue(v, 1) and select(2, debug.getupvalue(v, 1)) end
    end
    if type(raw) == "function" and raw ~= w then
      local ok, err = pcall(raw)
      assert.is_false(ok)
      assert.truthy(tostring(err):find("outside a budgeted call", 1, true), err)
    end
  end)
end)

describe("red team: host objects are out of reach", function()
  it("agents, house rules, definitions, handles are read-only; host metatables can't be set", function()
    local g, ann = board()
    local agent = { may = function() return true end }
    g:set_agent(ann, agent)
    local c = g:create(H.bear, { owner = ann, zone = "battlefield" })
    local h = g:on("draw", function() end)
    local f = load([[return function(g, p, c, h, what)
      if what == "agent" then g:agent(p).may = nil
      elseif what == "rules" then g:house_rules()[1] = {}
      elseif what == "def" then c.definition.power = 99
      elseif what == "types" then c.definition.types[1] = "Land"
      elseif what == "handle" then local x = g:on("draw", function() end) x.fn = nil
      elseif what == "meta" then setmetatable(c.definition, {})
      elseif what == "hostmeta" then setmetatable(h, {}) end
    end]], "reach")
    for _, what in ipairs({ "agent", "rules", "def", "types", "handle", "meta", "hostmeta" }) do
      local err = refused(g, "", f, g, ann, c, h, what)
      assert.truthy(err:find("read-only", 1, true) or err:find("host object", 1, true), what .. ": " .. err)
    end
    assert.are.equal(2, H.bear.power)
    assert.are.equal("Creature", H.bear.types[1])
    assert.is_function(agent.may)
  end)

  it("a clone can't change its original through what a script holds", function()
    local g, ann = board()
    local c = g:create(H.bear, { owner = ann, zone = "battlefield" })
    local g2 = g:clone()
    local f = load([[return function(g, c) c.definition.power = 50 end]], "clone")
    refused(g2, "read%-only", f, g2, g2:card(c.id))
    assert.are.equal(2, c.power)
  end)

  it("an agent's answer that is a changed option is refused (checked by content)", function()
    local g, ann = board()
    local options = { { amount = 2 }, { amount = 3 } }
    g:set_agent(ann, { choose = function(_, _, opts) opts[1].amount = 50 return opts[1] end })
    local err = refused(g, "changed", arbiter.ask_choose, g, ann, "damage", options)
    assert.truthy(err:find("checked by content", 1, true), err)
    options[1].amount = 2
    local m = load([[return { choose = function(p, what, opts) opts[1].amount = 50 return opts[1] end }]], "editor")
    g:set_agent(ann, m)
    refused(g, "read%-only", arbiter.ask_choose, g, ann, "damage", options)
    assert.are.equal(2, options[1].amount)
  end)

  it("integer inputs beyond the core's range are refused by name, never wrapped", function()
    local g, ann = board()
    local c = g:create(H.bear, { owner = ann, zone = "battlefield" })
    refused(g, "count 4294967297 is out of range", c.grant, c, "flying", 4294967297)
    refused(g, "amount", g.damage, g, c, ann, 4294967296)
    assert.has_error(function() arbiter.card{ name = "Big", types = { "Creature" }, power = 1099511627776, toughness = 1 } end)
    g:add_replacement{ event = "damage", replace = function(ev) ev.amount = 8589934592; return ev end }
    refused(g, "out of range", g.damage, g, c, ann, 1)
  end)
end)

describe("red team: no nondeterminism, no dumps", function()
  it("tostring and %p give no addresses; string.dump is gone, also as a string method", function()
    local t = load([[return function()
      local a, b = {}, function() end
      return { tostring(a), tostring(b), tostring(a), string.format("%s", a), ("").dump,
        pcall(string.format, "%p", a) }
    end]], "det")()
    local n = tonumber(t[1]:match("^table: #(%d+)$"))
    assert.is_not_nil(n, t[1])
    assert.are.equal("function: #" .. (n + 1), t[2])
    assert.are.equal(t[1], t[3])
    assert.are.equal(t[1], t[4])
    assert.is_nil(t[5])
    assert.is_false(t[6])
  end)
end)

describe("red team: memory", function()
  it("the per-call budget counts the script's own allocations, whatever the host's heap", function()
    local g = board()
    local src = [[return function() local t = {} for i = 1, 2000 do t[i] = { i } end return #t end]]
    local f = load(src, "alloc", { memory = 256 * 1024, instructions = 1e6 })
    local r1 = { pcall(f) }
    do                                               -- host garbage freed during the next call
      local junk = {}
      for i = 1, 20000 do junk[i] = { i } end
      assert.are.equal(20000, #junk)
    end
    local r2 = { pcall(f) }
    assert.are.same(r1, r2)
    local big = load(src, "alloc2", { memory = 32 * 1024, instructions = 1e6 })
    refused(g, "memory budget", big)
  end)

  it("a lifetime budget bounds what a script keeps across calls", function()
    local g = board()
    local f = load([[local keep = {} return function() for i = 1, 100 do keep[#keep + 1] = { i, i } end end]],
      "keeper", { memory = 1048576, lifetime_memory = 64 * 1024, instructions = 1e6 })
    local ok, err
    for _ = 1, 100 do
      ok, err = pcall(f)
      if not ok then break end
    end
    assert.is_false(ok)
    assert.truthy(err:find("lifetime memory budget", 1, true), err)
    refused(g, "lifetime memory budget", f)
  end)
end)

describe("red team: recordings are data", function()
  it("load_recording runs no code", function()
    for _, src in ipairs({ "return {a=1,} while true do end", "return (function() while true do end end)()",
      "return {x=os.exit()}", "return " .. ("{"):rep(100) }) do
      local ok, err = pcall(arbiter.load_recording, src)
      assert.is_false(ok)
      assert.truthy(err:find("load_recording", 1, true), err)
    end
  end)
end)

-- One case per function the environment exposes: a hostile call of each ends within budget or
-- with an error; a new function in the environment fails this spec until it has its case.
local PER_FUNCTION = {
  assert = [[assert(false, ("x"):rep(100))]], error = [[error(setmetatable({}, { __tostring = function() while true do end end }))]],
  ipairs = [[for _ in ipairs(setmetatable({}, { __index = function(_, i) return i end })) do end]],
  next = [[local t = {} for i = 1, 1e6 do t[i] = i end while true do next(t) end]],
  pairs = [[for _ in pairs(setmetatable({}, { __pairs = function() return function() return 1 end end })) do end]],
  pcall = [[while true do pcall(error) end]], select = [[while true do select("#", table.unpack({}, 1, 200)) end]],
  tonumber = [[local s = ("1"):rep(4000) while true do tonumber(s) end]],
  tostring = [[local t = {} while true do tostring(t) end]], type = [[while true do type(1) end]],
  rawequal = [[while true do rawequal(1, 1) end]], rawget = [[local t = {} while true do rawget(t, 1) end]],
  rawlen = [[local s = ("x"):rep(4000) while true do rawlen(s) end]],
  xpcall = [[xpcall(error, function() while true do end end)]],
  setmetatable = [[while true do setmetatable({}, { __index = {} }) end]],
  getmetatable = [[while true do getmetatable("") end]],
  load = [[while true do load(("x=1 "):rep(1000)) end]], require = [[while true do pcall(require, "os") end]],
}
local LIB = {
  string = [[local s = ("ab%"):rep(5000) while true do string.%s(s, s, 1, s) end]],
  table = [[local t = {} for i = 1, 1e4 do t[i] = i end while true do table.%s(t, 1, #t, 1, t) end]],
  math = [[while true do math.%s(1e300, 3) end]],
  utf8 = [[local s = ("\u{7FF}"):rep(5000) while true do utf8.%s(s, 1, -1) end]],
  coroutine = [[local co = coroutine.create(function() while true do coroutine.yield() end end)
    while true do coroutine.%s(co) end]],
}

describe("red team: every exposed function", function()
  local names = load([[return function()
    local out = {}
    for k, v in pairs(_G) do
      if type(v) == "function" then out[#out + 1] = k
      elseif type(v) == "table" and k ~= "_G" then
        for f, x in pairs(v) do if type(x) == "function" then out[#out + 1] = k .. "." .. f end end
      end
    end
    table.sort(out)
    return out
  end]], "names", { instructions = 1e6, memory = 1048576 })()
  assert.is_true(#names > 60)
  for _, name in ipairs(names) do
    local lib, f = name:match("^(%w+)%.(%w+)$")
    local body = lib and LIB[lib] and LIB[lib]:gsub("%%s", f) or PER_FUNCTION[name]
    it(name, function()
      assert.is_not_nil(body, "no red-team case for " .. name)
      local g = board()
      local run = load("return function(g) " .. body .. " end", "fn")
      local hash = g:state_hash(true)
      local ok, err = pcall(run, g)
      if not ok then assert.are.equal("string", type(err)) end    -- a clear error, or within budget
      assert.are.equal(hash, g:state_hash(true))
      assert.is_nil(core._sandbox_usage())
      assert.are.equal(string, getmetatable("").__index)
    end)
  end
end)

describe("red team: new call sites go through the guard", function()
  it("a driver's event handler from a script runs budgeted", function()
    local g, ann = board()
    local d = g:driver(function(game) game:draw(ann) end)
    d:on("draw", load([[return function() while true do end end]], "drvh"))
    local ok, err = pcall(d.resume, d)
    assert.is_false(ok)
    assert.truthy(tostring(err):find("'drvh' " .. OVER, 1, true), err)
    assert.is_nil(core._sandbox_usage())
  end)
end)
