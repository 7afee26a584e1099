-- 421 loops with optional actions: the shortcut g:loop (421.5). The active player chooses a
-- number of iterations; in APNAP order the nonactive players each agree or choose a higher one.
-- The seeds' example (001, 421): one player's "{0}: this creature gains flying" against another's
-- "{0}: target creature loses flying": "regardless of which player initiated the gain/lose
-- flying ability, the nonactive player will always have the final choice" (assuming the first
-- player gave it flying at least once).
local H = require("helpers")
local arbiter = H.arbiter

local drake = arbiter.card{ name = "Wind Drake", types = { "Creature" }, power = 2, toughness = 2 }
local net = arbiter.card{ name = "Grounding Net", types = { "Artifact" } }

-- An agent that wants a given player's action to be the loop's last one: from the options (all
-- numbers it may name), the smallest number whose last step is that player's.
local function wants_last(who)
  return { choose = function(p, what, options, ctx)
    assert(what == "loop_iterations")
    for _, n in ipairs(options) do
      if ctx.steps[(n - 1) % #ctx.steps + 1].player == who then return n end
    end
    return options[1]
  end }
end

-- Ann controls the Drake (gains flying); Bob controls the Net (target creature loses flying).
-- opts: active = "Ann" | "Bob"; first = who acts first in the loop; ann_wants / bob_wants =
-- "flying" | "ground". Returns the Drake after the loop, the agreed number and Ann/Bob.
local function play(opts)
  local g, ann, bob = H.game()
  g:set_active(opts.active == "Bob" and bob or ann)
  local d = g:create(drake, { owner = ann, zone = "battlefield" })
  g:create(net, { owner = bob, zone = "battlefield" })
  d:grant("flying")                  -- Ann gave it flying at least once
  local gain = { player = ann, action = function() d:grant("flying") end }
  local lose = { player = bob, action = function() d:revoke("flying") end }
  g:set_agent(ann, opts.ann_agent or wants_last(opts.ann_wants == "flying" and ann or bob))
  g:set_agent(bob, wants_last(opts.bob_wants == "flying" and ann or bob))
  local steps = opts.first == "Bob" and { lose, gain } or { gain, lose }
  local n, done = g:loop{ steps = steps, max = opts.max }
  return d, n, done, g
end

describe("421.5 loops of optional actions (g:loop)", function()
  for _, first in ipairs({ "Ann", "Bob" }) do
    for _, bob_wants in ipairs({ "flying", "ground" }) do
      it(string.format("gains/loses flying, %s initiates: the nonactive Bob decides (%s)", first, bob_wants), function()
        local d, n, done = play{ active = "Ann", first = first, bob_wants = bob_wants,
          ann_wants = bob_wants == "flying" and "ground" or "flying" }
        assert.are.equal(bob_wants == "flying", d:has("flying"))
        assert.are.equal(n, done)
      end)
    end
  end

  it("with Bob active, the nonactive Ann has the final choice instead", function()
    for _, ann_wants in ipairs({ "flying", "ground" }) do
      local d = play{ active = "Bob", first = "Ann", ann_wants = ann_wants,
        bob_wants = ann_wants == "flying" and "ground" or "flying" }
      assert.are.equal(ann_wants == "flying", d:has("flying"))
    end
  end)

  it("a proposal of the maximum can still be raised by the nonactive player", function()
    local d, n = play{ active = "Ann", first = "Ann", bob_wants = "ground", max = 3,
      ann_agent = { choose = function(_, _, o) return o[#o] end } }   -- Ann proposes 3: she acts last
    assert.is_false(d:has("flying"))
    assert.are.equal(4, n)
  end)

  it("asks the active player first, then the others in APNAP order, with the proposal so far", function()
    local g, ann, bob, cat = H.game{ players = { "Ann", "Bob", "Cat" } }
    g:set_active(bob)
    local asked, life = {}, 0
    local function agent(answer)
      return { choose = function(p, what, options, ctx)
        asked[#asked + 1] = { p.name, ctx.proposal, options[1], #options }
        return answer(options)
      end }
    end
    g:set_agent(bob, agent(function(o) return o[2] end))    -- Bob proposes 2
    g:set_agent(cat, agent(function(o) return o[1] end))    -- Cat agrees
    g:set_agent(ann, agent(function(o) return o[3] end))    -- Ann chooses 4
    local n, done = g:loop{ max = 5, steps = { { player = ann, action = function() life = life + 1 end } } }
    assert.are.same({ { "Bob", nil, 1, 5 }, { "Cat", 2, 2, 6 }, { "Ann", 2, 2, 6 } }, asked)
    assert.are.same({ 4, 4, 4 }, { n, done, life })
  end)

  it("default agents: the active player names the smallest number and everyone agrees", function()
    local g, ann = H.game()
    local n = g:loop{ steps = { { player = ann, action = function() ann.life = ann.life + 1 end } } }
    assert.are.same({ 1, 21 }, { n, ann.life })
  end)

  it("is not a mandatory loop: the game goes on (421.4 is for mandatory actions only)", function()
    local d, _, _, g = play{ active = "Ann", first = "Ann", ann_wants = "flying", bob_wants = "flying" }
    assert.is_true(d:has("flying"))
    assert.is_nil(g:result())
  end)

  it("stops when the game ends", function()
    local g, ann, bob = H.game()
    g:set_agent(ann, { choose = function(_, _, o) return o[#o] end })
    local n, done = g:loop{ max = 10, steps = { { player = ann, action = function(g2, i)
      if i == 3 then g2:lose(bob) end end } } }
    assert.are.same({ 10, 3 }, { n, done })
    assert.are.equal(ann, g:result().winner)
  end)

  it("is one action: an error in a step undoes every iteration (422)", function()
    local g, ann = H.game()
    g:set_agent(ann, { choose = function(_, _, o) return o[5] end })
    local before = g:state_hash()
    local ok, err = pcall(g.loop, g, { steps = { { player = ann, action = function(_, i)
      ann.life = ann.life - 1
      if i == 4 then error("fizzle") end
    end } } })
    assert.is_false(ok)
    assert.is_truthy(tostring(err):find("fizzle"))
    assert.are.equal(20, ann.life)
    assert.are.equal(before, g:state_hash())
  end)

  it("the per-game limit loop_iterations bounds the numbers offered; bad input is named", function()
    local g, ann = H.game()
    local seen
    g:set_agent(ann, { choose = function(_, _, o) seen = #o; return o[1] end })
    local old = g:set_limits{ loop_iterations = 7 }
    assert.are.equal(100, old.loop_iterations)
    g:loop{ steps = { { player = ann, action = function() end } } }
    assert.are.equal(7, seen)
    assert.are.equal(7, g:set_limits().loop_iterations)
    assert.has_error(function() g:set_limits{ loop_iterations = 0 } end,
      "bad argument #1 to 'set_limits' (loop_iterations must be an integer 1..100000, got 0)")
    assert.has_error(function() g:loop{ max = 8, steps = { { player = ann, action = function() end } } } end,
      "bad argument #1 to 'loop' (max must be an integer 1..7 (the loop_iterations limit), got 8)")
    assert.has_error(function() g:loop{ steps = {} } end,
      "bad argument #1 to 'loop' (steps (a non-empty list) is required)")
    assert.has_error(function() g:loop{ steps = { { player = ann } } } end,
      "bad argument #1 to 'loop' (steps[1].action: function expected, got nil)")
  end)

  it("an answer that isn't one of the options is an error, and nothing happens", function()
    local g, ann = H.game()
    g:set_agent(ann, { choose = function() return 0 end })
    assert.has_error(function()
      g:loop{ steps = { { player = ann, action = function() ann.life = 1 end } } }
    end)
    assert.are.equal(20, ann.life)
  end)
end)

describe("421.4 the state hash, which finds repeated states: a waiting trigger's named event by its name", function()
  it("two games in the same state hash the same though one interned other names first (a rolled-back look-ahead)", function()
    local function game(extra)
      local g, ann = H.game()
      if extra then   -- a look-ahead that named events of its own, undone: the names stay interned
        g:attempt(function(game2) game2:declare_event("look ahead"); game2:emit("look ahead", {}); error("undo") end)
      end
      g:declare_event("omen")
      g:trigger{ event = "omen", controller = ann, effect = function() end }
      g:emit("omen", { player = ann })              -- it triggered: waiting for the next settle
      return g
    end
    local a, b = game(false), game(true)
    assert.are.equal(a:state_hash(true), b:state_hash(true))
  end)
end)
