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
