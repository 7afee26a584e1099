-- Numbers like Lua's own (issue 17 item 4): wherever the API asks for an integer, an integral
-- float (2.0, 1e6) is that integer, exactly as luaL_checkinteger takes it; a non-integral one
-- (2.5) is refused with an error naming the function and the argument, and the game is left as
-- it was (422). Each case runs the same call with 2, 2.0 and 2.5 on games made alike.
local H = require("helpers")
local arbiter = H.arbiter
local mathtype = require("arbiter.compat").mathtype   -- math.type, or its meaning on 5.1/5.2

local function board()
  local g, ann, bob = H.game{ seed = 7 }
  H.deck(g, ann, 12)
  H.deck(g, bob, 12)
  g:draw(ann, 5)
  g:draw(bob, 5)
  g:declare_event("tick")
  return g, ann, bob
end

-- { name, call(g, ann, bob, n), what the error must contain (in order) }
local cases = {
  { "g:draw", function(g, a, _, n) g:draw(a, n) end, { "#2", "'draw'", "2.5" } },
  { "g:draw with options", function(g, a, _, n) g:draw(a, n, { optional = false }) end, { "#2", "'draw'", "2.5" } },
  { "g:draw_each(n)", function(g, _, _, n) g:draw_each(n) end, { "#1", "'draw_each'", "2.5" } },
  { "g:draw_each{[p] = n}", function(g, a, b, n) g:draw_each{ [a] = n, [b] = 1 } end, { "#1", "'draw_each'", "2.5" } },
  { "g:discard", function(g, a, _, n) g:discard(a, n, { random = true }) end, { "#2", "'discard'", "2.5" } },
  { "p.life =", function(_, a, _, n) a.life = 18 + n end, { "life", "20.5" } },
  { "g:gain_life", function(g, a, _, n) g:gain_life(a, n) end, { "#2", "'gain_life'", "2.5" } },
  { "g:lose_life", function(g, a, _, n) g:lose_life(a, n) end, { "#2", "'lose_life'", "2.5" } },
  { "g:pay_life", function(g, a, _, n) assert(g:pay_life(a, n)) end, { "#2", "'pay_life'", "2.5" } },
  { "g:damage", function(g, a, _, n) g:damage(nil, a, n) end, { "'damage'", "2.5" } },
  { "g:random", function(g, _, _, n) g:random(n * 3) end, { "'random'", "7.5" } },
  { "g:set_limits replacement_depth", function(g, _, _, n) g:set_limits{ replacement_depth = n + 6 } end,
    { "#1", "'set_limits'", "replacement_depth", "8.5" } },
  { "g:set_limits settle_rounds", function(g, _, _, n) g:set_limits{ settle_rounds = n + 98 } end,
    { "#1", "'set_limits'", "settle_rounds", "100.5" } },
  { "g:set_limits loop_iterations", function(g, _, _, n) g:set_limits{ loop_iterations = n + 98 } end,
    { "#1", "'set_limits'", "loop_iterations", "100.5" } },
  { "g:emit amount", function(g, a, _, n) g:emit("tick", { player = a, amount = n }) end,
    { "#2", "'emit'", "amount", "2.5" } },
  { "g:loop max", function(g, a, _, n)
      g:loop{ max = n, steps = { { player = a, action = function(gg) gg:draw(a) end } } }
    end, { "#1", "'loop'", "max", "2.5" } },
  { "g:loop min", function(g, a, _, n)
      g:loop{ max = 3, min = n, steps = { { player = a, action = function(gg) gg:draw(a) end } } }
    end, { "#1", "'loop'", "min", "2.5" } },
  { "g:play max_turns", function(g, _, _, n) g:play{ max_turns = n } end, { "#1", "'play'", "max_turns", "2.5" } },
  { "g:require_block count", function(g, a, b, n)
      g:require_block(b.hand:cards()[1], a.hand:cards()[1], { count = n })
    end, { "#3", "'require_block'", "count", "2.5" } },
  { "c:add_counters", function(g, a, _, n)
      arbiter.atomic(g, function()       -- the creature and the counters: one action
        g:create(H.bear, { owner = a, zone = "battlefield" }):add_counters("+1/+1", n)
      end)
    end, { "#2", "'add_counters'", "2.5" } },
  { "g:add_static power", function(g, a, _, n)
      arbiter.atomic(g, function()
        g:add_static{ affects = g:create(H.bear, { owner = a, zone = "battlefield" }), power = n, toughness = n }
      end)
    end, { "'add_static'", "integer expected", "2.5" } },
  { "g:add_static rules.max_hand_size", function(g, a, _, n)
      g:add_static{ affects = a, rules = { max_hand_size = n + 3 } }
    end, { "'add_static'", "max_hand_size", "5.5" } },
  { "c:grant count", function(_, a, _, n) a.hand:cards()[1]:grant("flying", n) end, { "#2", "'grant'" } },
}

describe("numbers like Lua's own: an integral float is the integer (17.4)", function()
  for _, case in ipairs(cases) do
    local name, call, want = case[1], case[2], case[3]
    it(name .. ": 2.0 acts exactly as 2; 2.5 is refused naming the argument, the game unchanged", function()
      local gi, ai, bi = board()
      call(gi, ai, bi, 2)
      local gf, af, bf = board()
      call(gf, af, bf, 2.0)
      assert.are.equal(gi:state_hash(), gf:state_hash())
      assert.are.equal(gi:history_length(), gf:history_length())

      local g, a, b = board()
      local hash, len = g:state_hash(), g:history_length()
      local ok, err = pcall(call, g, a, b, 2.5)
      assert.is_false(ok)
      local at = 1
      for _, w in ipairs(want) do
        local s, e = tostring(err):find(w, at, true)
        assert.truthy(s, "expected '" .. w .. "' in: " .. tostring(err))
        at = e + 1
      end
      assert.are.equal(hash, g:state_hash())
      assert.are.equal(len, g:history_length())
    end)
  end

  it("g:draw(p, 2.0) draws two cards (423.2), one draw event each", function()
    local g, ann = board()
    local drawn = g:draw(ann, 2.0)
    assert.are.equal(2, #drawn)
    assert.are.equal(7, #ann.hand)
  end)

  it("new_game: seed 42.0 and starting_life 20.0 make the game seed 42, life 20 makes", function()
    local a = arbiter.new_game{ players = { "A", "B" }, seed = 42, starting_life = 20 }
    local b = arbiter.new_game{ players = { "A", "B" }, seed = 42.0, starting_life = 2e1 }
    assert.are.equal(a:state_hash(), b:state_hash())
    assert.are.equal(a:random(1000000), b:random(1000000))
    assert.are.equal("integer", mathtype(b.players[1].life))
    assert.error_matches(function() arbiter.new_game{ players = { "A", "B" }, seed = 42.5 } end,
      "bad argument #1 to 'new_game' %(seed must be an integer, got 42.5%)")
    assert.error_matches(function() arbiter.new_game{ players = { "A", "B" }, starting_life = 19.5 } end,
      "bad argument #1 to 'new_game' %(starting_life must be an integer, got 19.5%)")
  end)

  it("arbiter.card: power 2.0 and cost 1.0 are stored as the integers 2 and 1", function()
    local d = arbiter.card{ name = "Float Bear", types = { "Creature" }, power = 2.0, toughness = 1e0, cost = 1.0 }
    assert.are.equal("integer", mathtype(d.power))
    assert.are.equal("integer", mathtype(d.toughness))
    assert.are.equal(2, d.power)
    local g, ann = H.game()
    local c = g:create(d, { owner = ann, zone = "battlefield" })
    assert.are.equal(2, c.power)
    assert.are.equal(1, c.toughness)
    assert.error_matches(function() arbiter.card{ name = "Z", types = { "Creature" }, power = 2.5, toughness = 1 } end,
      "bad argument #1 to 'card' %(power of Z must be an integer or a function, got 2.5%)")
  end)

  it("house.starting_life(30.0) starts everyone at 30 and is named with the integer", function()
    local rule = arbiter.house.starting_life(30.0)
    assert.are.equal("starting life 30", rule.name)
    assert.error_matches(function() arbiter.house.starting_life(29.5) end,
      "bad argument #1 to 'starting_life' %(integer expected, got 29.5%)")
  end)

  it("load_script takes instructions = 1e6 (the README's example); 1e6 + 0.5 is refused", function()
    local f = arbiter.load_script("return function(x) return x + 1 end",
      { name = "one", instructions = 1e6, memory = 1048576 })
    assert.are.equal(3, f(2))
    assert.error_matches(function() arbiter.load_script("return 1", { instructions = 1e6 + 0.5 }) end,
      "bad argument #2 to 'load_script' %(instructions must be an integer >= 1, got 1000000.5%)")
  end)

  it("a replacement that sets ev.amount to an integral float changes the amount (a damage doubler)", function()
    local function run(k)
      local g, ann = board()
      g:add_replacement{ event = "damage", replace = function(ev) ev.amount = ev.amount * k; return ev end }
      g:damage(nil, ann, 3)
      return ann.life
    end
    assert.are.equal(14, run(2))
    assert.are.equal(14, run(2.0))
  end)

  it("a trigger condition returning 2.0 triggers twice, as returning 2 does (502.3b)", function()
    local function run(k)
      local g, ann = board()
      local n = 0
      g:trigger{ event = "draw", controller = ann, condition = function() return k end,
        effect = function() n = n + 1 end }
      g:draw(ann)
      g:settle()
      return n
    end
    assert.are.equal(2, run(2))
    assert.are.equal(2, run(2.0))
  end)

  it("in a card script, math.random(6.0) is math.random(6); table.move with float bounds is charged", function()
    local f = arbiter.load_script([[return function(g) return math.random(6.0), math.random(1.0, 6) end]],
      { name = "dice", instructions = 1e5, memory = 262144 })
    local h = arbiter.load_script([[return function(g) return math.random(6), math.random(1, 6) end]],
      { name = "dice2", instructions = 1e5, memory = 262144 })
    local g1, g2 = board(), board()
    local a1, b1 = f(g1)
    local a2, b2 = h(g2)
    assert.are.same({ a2, b2 }, { a1, b1 })
    assert.are.equal(g2:state_hash(), g1:state_hash())
    -- ten million moves done in C, beyond the count hook: charged as such, float bounds or not
    local mover = arbiter.load_script([[return function(g) local t = {} table.move(t, 1.0, 1e7, 1) end]],
      { name = "mover", instructions = 1e5, memory = 262144 })
    local ok, err = pcall(mover, board())
    assert.is_false(ok)
    assert.truthy(tostring(err):find("exceeded", 1, true), err)
  end)
end)
