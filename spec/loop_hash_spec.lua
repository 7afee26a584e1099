-- Loop detection's hashes (infinity.c, hash.c's arb_loop_hash): one walk of the game makes the
-- board's hash and the stack's, a word at a time; the full state's (the board, the stack, who
-- holds and who receives priority) is made of those. A loop is still found at the moment the
-- state first repeats, and a board that comes back with another stack is no loop (421.5).
local H = require("spec.helpers")
local arbiter = H.arbiter

local bird = arbiter.card{ name = "Bird", types = { "Creature" }, power = 1, toughness = 1,
  activated = { { cost = "{0}", effect = function(_, g, source) g:grant(source, "flying") end } } }
local net = arbiter.card{ name = "Net", types = { "Artifact" },
  activated = { { cost = "{0}", targets = { "creature" },
    effect = function(obj, _) if obj.targets[1] then obj.targets[1]:revoke("flying") end end } } }

-- p's agent: priority answered by fn, every choice its first option; asked() tells whether a
-- loop's number of iterations was ever asked (421.5: a loop found)
local function asking(g, p, fn)
  local asked = false
  g:set_agent(p, {
    priority = fn,
    choose = function(_, what, options)
      if what == "loop_iterations" then asked = true end
      return options[1]
    end })
  return function() return asked end
end

describe("loop detection's hashes (421.5)", function()
  it("find the flying loop at the moment its state first repeats", function()
    local g, ann, bob = H.game()
    local b = g:create(bird, { owner = ann, zone = "battlefield" })
    local n = g:create(net, { owner = bob, zone = "battlefield" })
    local actions, at = 0, nil
    local function choose(_, what, options)
      if what == "loop_iterations" then at = at or actions end
      return options[1]
    end
    g:set_agent(ann, { choose = choose, priority = function(_, game)
      if #game:stack_objects() == 0 and not b:has("flying") then
        actions = actions + 1
        return { activate = b, ability = 1 }
      end
    end })
    g:set_agent(bob, { choose = choose, priority = function(_, game)
      if #game:stack_objects() == 0 and b:has("flying") then
        actions = actions + 1
        return { activate = n, ability = 1, targets = { b } }
      end
    end })
    assert.is_true(g:settle())
    -- Ann, Bob, Ann: after Ann's second ability resolves the game is where her first left it
    assert.equal(3, at)
  end)

  it("a board that comes back with another stack under it is no loop", function()
    local resolved = 0
    local function count() resolved = resolved + 1 end
    local chime = arbiter.card{ name = "Chime", types = { "Artifact" },    -- three abilities alike
      activated = { { cost = "{0}", effect = count }, { cost = "{0}", effect = count },
        { cost = "{0}", effect = count } } }
    local g, ann = H.game()
    local c = g:create(chime, { owner = ann, zone = "battlefield" })
    local acts = 0
    -- Ann holds priority for three activations (another ability each time: no growing
    -- pattern), then passes: the board never changes, the stack goes 3, 2, 1, 0 high as they
    -- resolve (each moment's full state another)
    local asked = asking(g, ann, function()
      if acts < 3 then acts = acts + 1; return { activate = c, ability = acts } end
    end)
    assert.is_true(g:settle())
    assert.is_false(asked())
    assert.equal(3, resolved)
  end)

  it("a game that differs in one number (a life total) is no loop", function()
    local g, ann = H.game()
    local chime = arbiter.card{ name = "Chime", types = { "Artifact" },
      activated = { { cost = "{0}", effect = function(obj, game) game:gain_life(obj.controller, 1) end } } }
    local c = g:create(chime, { owner = ann, zone = "battlefield" })
    -- Ann gains 1 life with an empty stack until she has 24: every state has its own life total
    local asked = asking(g, ann, function(p, game)
      if #game:stack_objects() == 0 and p.life < 24 then return { activate = c, ability = 1 } end
    end)
    assert.is_true(g:settle())
    assert.is_false(asked())
    assert.equal(24, ann.life)
  end)
end)
