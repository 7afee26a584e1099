-- The state hash and the game's RNG (csrc/hash.c, csrc/rng.c): equal games hash equal, whatever
-- each looked up before (interned names are hashed by their text), and the seed reaches the
-- first random number (pcg32_srandom_r's seeding).
local arbiter = require("arbiter")
local H = require("helpers")

local island = arbiter.card{ name = "Island", types = { "Land" }, subtypes = { "Island" }, supertypes = { "Basic" } }

-- Ann's bear and Bob's Island on the battlefield; `detour` runs first (a call undone by 422).
local function game(detour)
  local g, ann, bob = H.game{ seed = 3 }
  local bear = g:create(H.bear, { owner = ann, zone = "battlefield" })
  g:create(island, { owner = bob, zone = "battlefield" })
  if detour then detour(g, bear) end
  return g, bear
end

describe("the state hash (421: a loop is found by equal states)", function()
  it("equal games hash equal though a call undone by 422 interned names first", function()
    local a, abear = game(function(g, bear)
      assert.is_false(g:attempt(function()
        g:add_static{ affects = bear, subtypes = { "Zombie" }, abilities = { "forestwalk" } }
        g:event("soak_marker")
        error("undone")
      end))
    end)
    local b, bbear = game()
    for _, pair in ipairs({ { a, abear }, { b, bbear } }) do   -- the same calls in both games
      pair[1]:add_static{ affects = pair[2], subtypes = { "Goblin" }, abilities = { "islandwalk" } }
    end
    assert.is_true(abear:is("Goblin") and bbear:is("Goblin"))
    assert.are.equal(b:state_hash(), a:state_hash())
    assert.are.equal(b:state_hash(true), a:state_hash(true))
  end)

  it("a different subtype or landwalk still hashes differently", function()
    local a, abear = game()
    local b, bbear = game()
    a:add_static{ affects = abear, subtypes = { "Goblin" } }
    b:add_static{ affects = bbear, subtypes = { "Zombie" } }
    assert.are_not.equal(b:state_hash(), a:state_hash())
    local c, cbear = game()
    local d, dbear = game()
    c:add_static{ affects = cbear, abilities = { "islandwalk" } }
    d:add_static{ affects = dbear, abilities = { "swampwalk" } }
    assert.are_not.equal(d:state_hash(), c:state_hash())
  end)
end)

describe("the game's RNG (the seed alone decides every random choice)", function()
  it("the first random number depends on the seed: small seeds don't all start alike", function()
    local seen = {}
    for seed = 1, 40 do
      local r = H.game{ seed = seed }:random(2)
      seen[r] = (seen[r] or 0) + 1
    end
    assert.is_truthy(seen[1]); assert.is_truthy(seen[2])
    local firsts = {}
    for seed = 1, 40 do firsts[H.game{ seed = seed }:random(1000000)] = true end
    local n = 0
    for _ in pairs(firsts) do n = n + 1 end
    assert.is_true(n >= 39, "40 seeds gave only " .. n .. " different first numbers")
  end)
end)
