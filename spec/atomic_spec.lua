-- Actions as a whole (422: an illegal action is reversed entirely, 422.1: no abilities trigger
-- and no effects apply from an undone action). Copies, state hashes and determinism by seed,
-- the engine's own guarantees, are in state_hash_spec.
local H = require("helpers")
local arbiter = H.arbiter

local board = H.board

describe("g:attempt (422)", function()
  it("returns true and the function's results when it succeeds", function()
    local g, ann = board()
    local ok, a, b = g:attempt(function(g2, x) g2:draw(ann); return x, "two" end, "one")
    assert.is_true(ok)
    assert.are.equal("one", a)
    assert.are.equal("two", b)
    assert.are.equal(1, #ann.hand)
  end)

  it("undoes zones, life, tapped state, damage, history and the RNG when the function raises", function()
    local g, ann, bob, bear, bear2 = board()
    local hash, hist = g:state_hash(true), g:history_length()
    local inside
    local ok, err = g:attempt(function(g2)
      inside = g2:random(1000000)
      g2:draw(ann, 2)
      g2:discard(ann, 1)
      ann.life = 3
      bear:tap()
      g2:damage(bear, bear2, 1)
      g2:move(bear2, "exile")
      g2:shuffle(bob.library)
      g2:random(1000000)
      error("fizzle")
    end)
    assert.is_false(ok)
    assert.is_truthy(tostring(err):find("fizzle"))
    assert.are.equal(0, #ann.hand)
    assert.are.equal(0, #ann.graveyard)
    assert.are.equal(6, #ann.library)
    assert.are.equal(20, ann.life)
    assert.is_false(bear.tapped)
    assert.are.equal("battlefield", bear2.zone)
    assert.are.equal(0, bear2.damage)
    assert.are.equal(hist, g:history_length())
    assert.are.equal(hash, g:state_hash(true))
    -- the random state is back too: the next number is the one drawn inside
    assert.are.equal(inside, g:random(1000000))
  end)

  it("no triggered ability set off by the undone action goes on the stack", function()
    local g, ann = board()
    local n = 0
    g:trigger{ event = "draw", controller = ann, effect = function() n = n + 1 end }
    local ok = g:attempt(function(g2) g2:draw(ann, 2); error("undo") end)
    assert.is_false(ok)
    g:settle()
    assert.are.equal(0, n)
    g:draw(ann)
    g:settle()
    assert.are.equal(1, n)
  end)

  it("observers called during a failed action stay called", function()
    local g, ann = board()
    local n = 0
    g:on("draw", function() n = n + 1 end)
    g:attempt(function(g2) g2:draw(ann); error("undo") end)
    assert.are.equal(1, n)
    assert.are.equal(0, #ann.hand)
  end)

  it("undoes effects registered inside it", function()
    local g, ann = board()
    local n = 0
    g:attempt(function(g2)
      g2:add_replacement{ event = "draw", replace = function() n = n + 1 end }
      error("undo")
    end)
    g:draw(ann)
    assert.are.equal(0, n)
    assert.are.equal(1, #ann.hand)
  end)

  it("a card created by an undone action is gone: a later card is a new Lua value", function()
    local g, ann = board()
    local undone
    local ok = g:attempt(function(game)
      undone = game:create(H.bear, { owner = ann, zone = "hand" })
      error("undo it")
    end)
    assert.is_false(ok)
    assert.equal(0, #ann.hand)
    local later = g:create(H.plain, { owner = ann, zone = "hand" })
    assert.are_not.equal(undone, later)
    assert.equal(later, ann.hand:cards()[1])
    assert.equal(H.plain.name, later.name)
  end)

  it("a kept proxy of an undone card raises 'no longer exists' instead of naming a later card", function()
    local g, ann = board()
    local undone
    assert.is_false(g:attempt(function(game)
      undone = game:create(H.bear, { owner = ann, zone = "hand" })
      error("undo it")
    end))
    local later = g:create(H.plain, { owner = ann, zone = "hand" })
    assert.equal(later, ann.hand:cards()[1])
    local ok, err = pcall(function() return undone.name end)
    assert.is_false(ok)
    assert.matches("no longer exists", err)
    ok, err = pcall(g.move, g, undone, "graveyard")
    assert.is_false(ok)
    assert.matches("no longer exists", err)
    assert.equal("hand", later.zone)            -- the later card was not touched
    assert.matches("gone", tostring(undone))
  end)

  it("a bulk draw inside an attempt is undone with it (the draw journals when nested)", function()
    local g, ann = board()
    local hash = g:state_hash(true)
    local drawn
    assert.is_false(g:attempt(function(game)
      drawn = game:draw(ann, 4)
      error("undo it")
    end))
    assert.equal(4, #drawn)
    assert.equal(0, #ann.hand)
    assert.equal(6, #ann.library)
    assert.equal(hash, g:state_hash(true))
    assert.are.same(H.names(drawn), H.names({ require("arbiter.compat").unpack(ann.library:cards(), 1, 4) }))
  end)

  it("nested attempts: an inner failure undoes only the inner part", function()
    local g, ann = board()
    local ok, inner = g:attempt(function(g2)
      g2:draw(ann)
      local r = g2:attempt(function(g3) g3:draw(ann, 2); error("inner") end)
      return r
    end)
    assert.is_true(ok)
    assert.is_false(inner)
    assert.are.equal(1, #ann.hand)
  end)
end)

describe("an error inside a card script rolls the whole API call back (422)", function()
  it("in a replacement: the message names the script and the source card", function()
    local g, ann, _, bear = board()
    H.deck(g, ann, 1)
    local hash = g:state_hash(true)
    g:add_replacement{ event = "draw", source = bear,
      applies = function(ev) return #ann.hand >= 1 end,
      replace = function() ann.life = 1; error("boom in replace") end }
    local hash2 = g:state_hash(true)
    local ok, err = pcall(g.draw, g, ann, 3)     -- the first draw succeeds, the second fails
    assert.is_false(ok)
    err = tostring(err)
    assert.is_truthy(err:find("boom in replace", 1, true))
    assert.is_truthy(err:find("replacement", 1, true))
    assert.is_truthy(err:find("Grizzly Bears", 1, true))
    assert.are.equal(0, #ann.hand)
    assert.are.equal(20, ann.life)
    assert.are.equal(hash2, g:state_hash(true))
    assert.are.equal(hash, hash2)
  end)

  it("in a replacement's applies", function()
    local g, ann, _, bear = board()
    g:add_replacement{ event = "draw", source = bear, applies = function() error("bad applies") end,
      replace = function() end }
    local ok, err = pcall(g.draw, g, ann)
    assert.is_false(ok)
    assert.is_truthy(tostring(err):find("bad applies", 1, true))
    assert.is_truthy(tostring(err):find("Grizzly Bears", 1, true))
    assert.are.equal(0, #ann.hand)
  end)

  it("in a triggered ability's effect: settle is undone, the ability still waits", function()
    local g, ann, bob = board()
    local src = g:create(arbiter.card{ name = "Cursed Scroll", types = { "Artifact" } }, { owner = bob, zone = "battlefield" })
    local fail = true
    g:trigger{ event = "draw", controller = bob, source = src, effect = function()
      bob.life = 5
      if fail then error("boom in effect") end
    end }
    g:draw(ann)
    local hash = g:state_hash(true)
    local ok, err = pcall(g.settle, g)
    assert.is_false(ok)
    err = tostring(err)
    assert.is_truthy(err:find("boom in effect", 1, true))
    assert.is_truthy(err:find("triggered ability", 1, true))
    assert.is_truthy(err:find("Cursed Scroll", 1, true))
    assert.are.equal(20, bob.life)
    assert.are.equal(0, #g.stack)
    assert.are.equal(hash, g:state_hash(true))
    fail = false
    g:settle()
    assert.are.equal(5, bob.life)
  end)

  it("in a trigger's condition", function()
    local g, ann, bob, bear = board()
    g:trigger{ event = "draw", controller = bob, source = bear, condition = function() error("bad cond") end,
      effect = function() end }
    local ok, err = pcall(g.draw, g, ann)
    assert.is_false(ok)
    assert.is_truthy(tostring(err):find("bad cond", 1, true))
    assert.is_truthy(tostring(err):find("Grizzly Bears", 1, true))
    assert.are.equal(0, #ann.hand)
  end)

  it("in an observer", function()
    local g, ann = board()
    local hash = g:state_hash(true)
    g:on("draw", function() error("bad observer") end)
    local ok, err = pcall(g.draw_each, g, 2)
    assert.is_false(ok)
    assert.is_truthy(tostring(err):find("bad observer", 1, true))
    assert.is_truthy(tostring(err):find("observer", 1, true))
    assert.are.equal(0, #ann.hand)
    assert.are.equal(hash, g:state_hash(true))
  end)

  it("inside g:attempt: attempt returns false and the message", function()
    local g, ann, _, bear = board()
    g:add_replacement{ event = "draw", source = bear, replace = function() error("nope") end }
    local ok, err = g:attempt(function(g2) ann.life = 2; g2:draw(ann) end)
    assert.is_false(ok)
    assert.is_truthy(tostring(err):find("nope", 1, true))
    assert.are.equal(20, ann.life)
  end)
end)

-- zone.c: inside an action a shuffle is one journal entry (the RNG's state before it); undoing
-- it makes its swaps again from that state, last first (rng.c, arb_unshuffle), a chunk of 256
-- steps at a time
describe("a shuffle undone (422): the library's order and the RNG as they were", function()
  local function order(zone)
    local out = {}
    for i, c in ipairs(zone:cards()) do out[i] = c.id end
    return out
  end
  local function game(sizes)
    local g, ann, bob = H.game{ seed = 11 }
    H.deck(g, ann, sizes[1])
    H.deck(g, bob, sizes[2])
    g:shuffle(ann.library)
    return g, ann, bob
  end

  for _, sizes in ipairs({ { 40, 2 }, { 600, 257 }, { 1, 0 } }) do
    it(("libraries of %d and %d cards, shuffled again and again among other changes"):format(sizes[1], sizes[2]), function()
      local g, ann, bob = game(sizes)
      local twin = game(sizes)
      local a, b, hash = order(ann.library), order(bob.library), g:state_hash(true)
      local inside, shuffled
      local ok = g:attempt(function(g2)
        inside = g2:random(1000000)
        g2:shuffle(ann.library)
        shuffled = order(ann.library)
        if sizes[1] > 1 then g2:draw(ann) end
        g2:shuffle(bob.library)
        g2:shuffle(ann.library)
        g2:shuffle(ann.library)
        error("undo")
      end)
      assert.is_false(ok)
      if sizes[1] > 2 then assert.are_not.same(a, shuffled) end   -- (the shuffle did something)
      assert.are.same(a, order(ann.library))
      assert.are.same(b, order(bob.library))
      assert.are.equal(hash, g:state_hash(true))
      assert.are.equal(inside, g:random(1000000))
      -- the same game as one that never tried: the next shuffles give the same orders
      twin:random(1000000)
      g:shuffle(ann.library)
      twin:shuffle(twin.players[1].library)
      g:shuffle(bob.library)
      twin:shuffle(twin.players[2].library)
      assert.are.same(order(twin.players[1].library), order(ann.library))
      assert.are.same(order(twin.players[2].library), order(bob.library))
    end)
  end
end)
