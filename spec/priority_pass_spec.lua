-- A priority pass where nobody can act (116, csrc/stack.c arb_could_act) costs no call into Lua
-- and allocates nothing: the core's priority loop passes for a player who has nothing to cast
-- or activate without asking its agent. (Issue 12's speed target; not a timed test: the calls
-- and the bytes are counted.)
local H = require("spec.helpers")
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions
local arbiter = H.arbiter
-- read once: inside the hook a global would be a call (busted's environment looks globals up)
local sethook, getinfo, collectgarbage = debug.sethook, debug.getinfo, collectgarbage

local mountain = arbiter.card{ name = "Mountain", types = { "Land" }, subtypes = { "Mountain" },
  supertypes = { "Basic" } }
local bears = arbiter.card{ name = "Bears", types = { "Creature" }, power = 2, toughness = 2, cost = "{1}{G}" }
local bolt = arbiter.card{ name = "Bolt", types = { "Instant" }, cost = "{R}", targets = { "creature or player" },
  resolve = function(obj, g, source) if obj.targets[1] then g:damage(source, obj.targets[1], 3) end end }

-- Each player has a land and a creature on the battlefield and a creature card in hand; the
-- first `askers` players' agents answer priority (and count the questions); the first
-- player's turn, upkeep.
local function board(names, askers)
  local g = H.game{ players = names or { "Ann", "Bob" } }
  local asked = { n = 0 }
  for i, p in ipairs(g.players) do
    g:create(mountain, { owner = p, zone = "battlefield" })
    g:create(bears, { owner = p, zone = "battlefield" })
    g:create(bears, { owner = p, zone = "hand" })
    if i <= (askers or #g.players) then g:set_agent(p, { priority = function() asked.n = asked.n + 1 end }) end
  end
  g:begin_turn(g.players[1])
  g:untap_step()
  g:upkeep_step()
  return g, g.players[1], g.players[2], asked
end

-- g:settle() measured: the calls made (a hook counting every call, Lua or C, including
-- settle's own and the debug.sethook that ends the count) and the bytes allocated (the
-- collector stopped meanwhile; the count itself allocates nothing).
local function measure(g)
  local settle = g.settle
  local n = 0
  local function hook() n = n + 1 end
  collectgarbage("collect")
  collectgarbage("stop")
  local k0 = collectgarbage("count")
  sethook(hook, "c")
  settle(g)
  sethook()
  local k1 = collectgarbage("count")
  collectgarbage("restart")
  return n, (k1 - k0) * 1024
end

-- What those calls were: true when any of them was a Lua function.
local function any_lua_call(g)
  local settle = g.settle
  local lua_calls = 0
  sethook(function()
    if getinfo(2, "S").what ~= "C" then lua_calls = lua_calls + 1 end
  end, "c")
  settle(g)
  sethook()
  return lua_calls > 0
end

describe("a priority pass where nobody can act (116)", function()
  it("asks no agent and calls no Lua function", function()
    local g, ann, bob, asked = board()
    assert.is_false(GI._could_act(g, ann))
    assert.is_false(GI._could_act(g, bob))
    measure(g)                                  -- warm: the core's buffers at their size
    local calls = measure(g)
    -- settle, its one protected core call, and the debug.sethook that stops the count
    assert.is_true(calls <= 3, "calls: " .. calls)
    assert.is_false(any_lua_call(g))
    assert.equal(0, asked.n)
  end)

  it("costs nothing: four players passing cost the calls and bytes one player's pass does", function()
    local names = { "Ann", "Bob", "Cid", "Dee" }
    local four, one = board(names, 4), board(names, 1)
    measure(four)
    measure(one)
    local calls4, bytes4 = measure(four)
    local calls1, bytes1 = measure(one)
    assert.equal(calls1, calls4)
    assert.equal(bytes1, bytes4)
    -- Lua 5.4 makes no closure for the protected call around the whole loop (5.1 and LuaJIT
    -- do, once per settle): there the settle allocates nothing at all
    if _VERSION == "Lua 5.4" and not rawget(_G, "jit") then assert.equal(0, bytes4) end
  end)

  it("a player who could act is asked: the measure sees the call (the check can fail)", function()
    local g, ann, _, asked = board()
    g:create(bolt, { owner = ann, zone = "hand" })   -- an instant: Ann may act in her upkeep
    assert.is_true(GI._could_act(g, ann))
    assert.is_true(any_lua_call(g))
    assert.equal(1, asked.n)
    local calls = measure(g)
    assert.is_true(calls > 3)
    assert.equal(2, asked.n)
  end)
end)

-- arb_could_act keeps its answers per player while nothing changed (csrc/spell.c: keyed on the
-- game's change count and the characteristics' computations); each kind of change below makes
-- the next priority pass ask again, and the kept answer is the one a fresh look gives.
describe("whether a player could act, kept between priority moments (116)", function()
  local tim = arbiter.card{ name = "Pinger", types = { "Creature" }, power = 1, toughness = 1,
    activated = { { cost = "{T}", targets = { "creature or player" },
      resolve = function(obj, g, src) g:damage(src, obj.targets[1], 1) end } } }

  it("follows the hand: an instant drawn, moved away, brought back by an action undone (422)", function()
    local g, ann, _, asked = board()
    assert.is_false(GI._could_act(g, ann))
    g:settle(); assert.equal(0, asked.n)
    local b = g:create(bolt, { owner = ann, zone = "hand" })
    assert.is_true(GI._could_act(g, ann))
    g:settle(); assert.equal(1, asked.n)
    g:move(b, "graveyard")
    assert.is_false(GI._could_act(g, ann))
    g:settle(); assert.equal(1, asked.n)
    local ok = g:attempt(function(g2) g2:move(b, "hand"); assert.is_true(GI._could_act(g2, ann)); error("no") end)
    assert.is_false(ok)
    assert.equal("graveyard", b.zone)
    assert.is_false(GI._could_act(g, ann))       -- the state before the attempt: its answer
    g:settle(); assert.equal(1, asked.n)
  end)

  it("follows the step, a player's agent and control of a permanent with an ability", function()
    local g, ann, bob, asked = board()
    local pinger = g:create(tim, { owner = ann, zone = "battlefield", sick = false })
    assert.is_true(GI._could_act(g, ann))
    assert.is_false(GI._could_act(g, bob))
    g:gain_control(pinger, bob)                  -- a control effect: the characteristics' layer
    assert.is_false(GI._could_act(g, ann))
    assert.is_true(GI._could_act(g, bob))
    g:set_agent(bob, nil)                        -- no agent answering priority: passes unasked
    assert.is_false(GI._could_act(g, bob))
    g:settle(); assert.equal(0, asked.n)
  end)

  it("a clone answers as the original does, each after its own changes", function()
    local g, ann = board()
    assert.is_false(GI._could_act(g, ann))
    local c = g:clone()
    assert.is_false(GI._could_act(c, c.players[1]))
    c:create(bolt, { owner = c.players[1], zone = "hand" })
    assert.is_true(GI._could_act(c, c.players[1]))
    assert.is_false(GI._could_act(g, ann))
  end)
end)
