-- A priority pass where nobody can act (116, csrc/stack.c arb_could_act) costs no call into Lua
-- and allocates nothing: the core's priority loop passes for a player who has nothing to cast
-- or activate without asking its agent. (Issue 12's speed target; not a timed test: the calls
-- and the bytes are counted.)
local H = require("spec.helpers")
local arbiter = H.arbiter
-- read once: inside the hook a global would be a call (busted's environment looks globals up)
local sethook, getinfo, collectgarbage = debug.sethook, debug.getinfo, collectgarbage

local mountain = arbiter.card{ name = "Mountain", types = { "Land" }, subtypes = { "Mountain" },
  supertypes = { "Basic" } }
local bears = arbiter.card{ name = "Bears", types = { "Creature" }, power = 2, toughness = 2, cost = "{1}{G}" }
local bolt = arbiter.card{ name = "Bolt", types = { "Instant" }, cost = "{R}", targets = { "creature or player" },
  resolve = function(obj, g, source) if obj.targets[1] then g:damage(source, obj.targets[1], 3) end end }

-- Both players' agents answer priority (and count the questions); each has a land and a
-- creature on the battlefield and a creature card in hand; Ann's turn, upkeep.
local function board()
  local g, ann, bob = H.game()
  local asked = { n = 0 }
  for _, p in ipairs({ ann, bob }) do
    g:create(mountain, { owner = p, zone = "battlefield" })
    g:create(bears, { owner = p, zone = "battlefield" })
    g:create(bears, { owner = p, zone = "hand" })
    g:set_agent(p, { priority = function() asked.n = asked.n + 1 end })
  end
  g:begin_turn(ann)
  g:untap_step()
  g:upkeep_step()
  return g, ann, bob, asked
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
  it("asks no agent, calls no Lua function and allocates nothing", function()
    local g, ann, bob, asked = board()
    assert.is_false(g:_could_act(ann))
    assert.is_false(g:_could_act(bob))
    measure(g)                                  -- warm: the core's buffers at their size
    local calls, bytes = measure(g)
    -- settle, its one protected core call, and the debug.sethook that stops the count
    assert.is_true(calls <= 3, "calls: " .. calls)
    assert.equal(0, bytes)
    assert.is_false(any_lua_call(g))
    assert.equal(0, asked.n)
  end)

  it("costs the same with or without agents that answer priority", function()
    local g = board()
    local plain = H.game()
    plain:begin_turn(plain.players[1])
    plain:untap_step()
    plain:upkeep_step()
    measure(g)
    measure(plain)
    local with_agents, bytes = measure(g)
    local without = measure(plain)
    assert.equal(0, bytes)
    assert.is_true(with_agents - without <= 1)  -- at most the protected call around the loop
  end)

  it("a player who could act is asked: the measure sees the call (the check can fail)", function()
    local g, ann, _, asked = board()
    g:create(bolt, { owner = ann, zone = "hand" })   -- an instant: Ann may act in her upkeep
    assert.is_true(g:_could_act(ann))
    assert.is_true(any_lua_call(g))
    assert.equal(1, asked.n)
    local calls = measure(g)
    assert.is_true(calls > 3)
    assert.equal(2, asked.n)
  end)
end)
