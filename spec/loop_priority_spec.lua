-- 421.5 through priority: optional actions of different players that bring the game back to
-- an earlier state are a loop; the active player names a number of steps, the others in APNAP
-- order agree or raise (choose(p, "loop_iterations", ...)), and the loop ends there — without
-- anyone calling g:loop. The seeds' own example (001): "{0}: [this creature] gains flying"
-- against "{0}: target creature loses flying"; the nonactive player has the final choice.
local H = require("spec.helpers")
local arbiter = H.arbiter

local bird = arbiter.card{ name = "Bird", types = { "Creature" }, power = 1, toughness = 1,
  activated = { { cost = "{0}", effect = function(_, g, source) g:grant(source, "flying") end } } }
local net = arbiter.card{ name = "Net", types = { "Artifact" },
  activated = { { cost = "{0}", targets = { "creature" },
    effect = function(obj, _) if obj.targets[1] then obj.targets[1]:revoke("flying") end end } } }

-- Ann gives her creature flying whenever it lacks it; Bob takes it away whenever it has it.
-- Each acts only with an empty stack (they let the other's ability resolve).
local function setup(ann_pick, bob_pick)
  local g, ann, bob = H.game()
  local b = g:create(bird, { owner = ann, zone = "battlefield" })
  local n = g:create(net, { owner = bob, zone = "battlefield" })
  local asked = {}
  g:set_agent(ann, {
    priority = function(_, game)
      if #game:stack_objects() == 0 and not b:has("flying") then return { activate = b, ability = 1 } end
    end,
    choose = function(p, what, options, ctx)
      if what == "loop_iterations" then asked[#asked + 1] = { p.name, options[1], ctx.proposal } return ann_pick(options, ctx) end
      return options[1]
    end })
  g:set_agent(bob, {
    priority = function(_, game)
      if #game:stack_objects() == 0 and b:has("flying") then return { activate = n, ability = 1, targets = { b } } end
    end,
    choose = function(p, what, options, ctx)
      if what == "loop_iterations" then asked[#asked + 1] = { p.name, options[1], ctx.proposal } return bob_pick(options, ctx, p) end
      return options[1]
    end })
  return g, b, asked
end

-- the first number whose last step is p's own action
local function last_is_mine(options, ctx, p)
  for _, n in ipairs(options) do
    if ctx.steps[(n - 1) % #ctx.steps + 1].player == p then return n end
  end
end

describe("421.5 through priority (the seeds' flying example)", function()
  it("ends by the loop rule without g:loop; the nonactive player has the final choice", function()
    for _, first in ipairs({ 1, 2, 3, 4 }) do
      local g, b, asked = setup(function(o) return o[first] end, last_is_mine)
      local loop_called = false
      local raw = g.loop
      assert.is_true(g:settle())                          -- returns: no cascade-limit error
      assert.is_false(b:has("flying"), "Ann named " .. first)
      assert.equal("Ann", asked[1][1])                    -- the active player names the number
      assert.equal("Bob", asked[2][1])                    -- then Bob agrees or raises
      assert.equal(asked[2][3], asked[2][2])              -- Bob's options start at Ann's number
      assert.is_false(loop_called)
      assert.equal(raw, g.loop)
      assert.is_nil(g:result())
    end
  end)

  it("Bob agreeing to an even number leaves the flying Ann gave last", function()
    local g, b = setup(function(o) return o[2] end, function(o) return o[1] end)
    g:settle()
    assert.is_true(b:has("flying"))
  end)

  it("without answers (default agents' choose) the loop still ends", function()
    local g, b = setup(function(o) return o[1] end, function(o) return o[1] end)
    g:settle()
    assert.is_false(b:has("flying"))                     -- 1 step from the repeated state: Bob's
  end)
end)

-- A growing exchange: each player's "{0}: you gain 1 life" in response to the other's. The
-- stack grows, so no state repeats; the repeating pattern (the same actions over the same board,
-- nothing resolving) is the loop (421.5).
local chime = arbiter.card{ name = "Chime", types = { "Artifact" },
  activated = { { cost = "{0}", effect = function(obj, g) g:gain_life(obj.controller, 1) end } } }
local bolt = dofile("examples/cards/lightning_bolt.lua").def

local function exchange(ann_pick, bob_pick)
  local g, ann, bob = H.game()
  local ca = g:create(chime, { owner = ann, zone = "battlefield" })
  local cb = g:create(chime, { owner = bob, zone = "battlefield" })
  local started, asked = false, {}
  local function top() return g:stack_objects()[1] end
  g:set_agent(ann, {
    priority = function()
      if (top() == nil and not started) or (top() and top().controller == bob and top().kind == "ability") then
        started = true
        return { activate = ca, ability = 1 }
      end
    end,
    choose = function(p, what, options, ctx)
      if what == "loop_iterations" then asked[#asked + 1] = { p.name, #ctx.steps } return ann_pick(options) end
      return options[1]
    end })
  g:set_agent(bob, {
    priority = function()
      if top() and top().controller == ann then return { activate = cb, ability = 1 } end
    end,
    choose = function(p, what, options, ctx)
      if what == "loop_iterations" then asked[#asked + 1] = { p.name, #ctx.steps } return bob_pick(options) end
      return options[1]
    end })
  return g, ann, bob, asked
end

describe("421.5 for an exchange that grows the stack", function()
  it("is found and ends by the number agreed; everything on the stack then resolves", function()
    for _, n in ipairs({ 1, 2, 5 }) do
      local g, ann, bob, asked = exchange(function(o) return o[n] end, function(o) return o[1] end)
      assert.is_true(g:settle())                       -- not the cascade-limit error
      assert.same({ { "Ann", 2 }, { "Bob", 2 } }, asked)   -- a 2-step loop: AP names, Bob agrees
      -- 5 actions until the pattern repeated twice (A B A B A), then n more
      local total = 5 + n
      assert.equal(20 + math.ceil(total / 2), ann.life)
      assert.equal(20 + math.floor(total / 2), bob.life)
      assert.equal(0, #g:stack_objects())
      assert.is_nil(g:result())
    end
  end)

  it("a nonactive player naming a higher number gets it", function()
    local g, ann, bob = exchange(function(o) return o[1] end, function(o) return o[4] end)
    g:settle()
    assert.equal(25, ann.life)                       -- 5 + 4 = 9 actions: Ann 5, Bob 4
    assert.equal(24, bob.life)
  end)

  it("afterwards players receive priority again: Bob's Bolt once the stack is empty", function()
    local g, ann, bob = exchange(function(o) return o[1] end, function(o) return o[1] end)
    local b = g:create(bolt, { owner = bob, zone = "hand" })
    g:add_mana(bob, "{R}")
    local agent = g:agent(bob)
    local prio = agent.priority
    agent.priority = function(p, game)
      if #game:stack_objects() == 0 and b.zone == "hand" then return { cast = b, targets = { ann } } end
      return prio(p, game)
    end
    g:settle()
    assert.equal("graveyard", b.zone)
    assert.equal(20 + 3 - 3, ann.life)               -- 3 chimes of Ann's (A B A B A, B), then the Bolt
    assert.equal(23, bob.life)
  end)
end)

describe("after a loop is shortcut (421.5)", function()
  it("the others receive priority normally; the loop's players pass where the loop went", function()
    local g, ann, bob, cid = H.game{ players = { "Ann", "Bob", "Cid" } }
    local b = g:create(bird, { owner = ann, zone = "battlefield" })
    local n = g:create(net, { owner = bob, zone = "battlefield" })
    local bl = g:create(bolt, { owner = cid, zone = "hand" })
    g:add_mana(cid, "{R}")
    local agreed = false
    local function chooser(_, what, options)
      if what == "loop_iterations" then agreed = true end
      return options[1]
    end
    g:set_agent(ann, { choose = chooser, priority = function(_, game)
      if #game:stack_objects() == 0 and not b:has("flying") then return { activate = b, ability = 1 } end
    end })
    g:set_agent(bob, { choose = chooser, priority = function(_, game)
      if #game:stack_objects() == 0 and b:has("flying") then return { activate = n, ability = 1, targets = { b } } end
    end })
    g:set_agent(cid, { choose = chooser, priority = function()
      if agreed and bl.zone == "hand" then return { cast = bl, targets = { b } } end
    end })
    assert.is_true(g:settle())
    assert.is_true(agreed)
    assert.equal("graveyard", bl.zone)               -- Cid was asked after the loop
    assert.equal("graveyard", b.zone)
  end)
end)
