-- Dependency (CompRules 2005-2008, 418.5c-d): within a layer, an effect "depends on" another if
-- applying the other would change what it applies to (or its existence, or what it does); a
-- dependent effect waits until the effects it depends on have applied, whatever the timestamps;
-- effects in a dependency loop apply in timestamp order. Independent effects keep timestamp
-- order (418.5b). Here an effect's affected set is its `affects` predicate's answers.
local arbiter = require("arbiter")
local H = require("helpers")

local bears = arbiter.card{ name = "Grizzly Bears", types = { "Creature" }, colors = { "green" }, power = 2,
  toughness = 2 }

local game = H.game

local on_bf = H.bf

describe("418.5c-d: dependency within a layer", function()
  it("an older 'creatures with flying have first strike' waits for a newer 'creatures have flying'", function()
    local g, ann = game()
    local b = on_bf(g, bears, ann)
    g:add_static{ abilities = { "first strike" }, affects = function(c) return c:has("flying") end }
    g:add_static{ abilities = { "flying" }, affects = function(c) return c:is("Creature") end }
    assert.is_true(b:has("flying"))
    assert.is_true(b:has("first strike"))   -- timestamp order alone would leave it without
  end)

  it("the power/toughness layer: 'power 2 or less gets +1/+1' depends on a +2/+0 that lifts the power", function()
    local g, ann = game()
    local b = on_bf(g, bears, ann)
    g:add_static{ power = 1, toughness = 1, affects = function(c) return c:is("Creature") and c.power <= 2 end }
    g:add_static{ power = 2, affects = b }
    assert.are.equal(4, b.power)             -- +2/+0 first (4/2), then the small ones' bonus misses it
    assert.are.equal(2, b.toughness)
  end)

  it("independent effects keep timestamp order: an anthem and a set P/T (418.5b)", function()
    local g, ann = game()
    local b = on_bf(g, bears, ann)
    g:add_static{ power = 1, toughness = 1, affects = function(c, _, _) return c.controller == ann end }
    g:add_static{ set_power = 0, set_toughness = 1, affects = b }
    assert.are.equal(1, b.power)             -- set (layer P/T set) then modify, as before
    assert.are.equal(2, b.toughness)
  end)

  it("a dependency loop applies in timestamp order", function()
    local function run(flying_first)
      local g, ann = game()
      local c = on_bf(g, arbiter.card{ name = "Both", types = { "Creature" }, power = 1, toughness = 1,
        abilities = { "flying", "trample" } }, ann)
      local lose_trample = { remove_abilities = { "trample" }, affects = function(x) return x:has("flying") end }
      local lose_flying = { remove_abilities = { "flying" }, affects = function(x) return x:has("trample") end }
      if flying_first then g:add_static(lose_trample); g:add_static(lose_flying)
      else g:add_static(lose_flying); g:add_static(lose_trample) end
      return c:has("flying"), c:has("trample")
    end
    local f, t = run(true)
    assert.is_true(f)
    assert.is_false(t)
    f, t = run(false)
    assert.is_false(f)
    assert.is_true(t)
  end)

  it("an effect whose set was decided in an earlier layer keeps it (no dependency there)", function()
    local g, ann = game()
    local b = on_bf(g, bears, ann)
    -- one effect in two layers: a type it adds decides its set in the type layer
    g:add_static{ types = { "Artifact" }, power = 1, affects = function(c) return c:has("flying") end }
    g:add_static{ abilities = { "flying" }, affects = b }
    assert.is_true(b:has("flying"))
    assert.is_false(b:is("Artifact"))        -- the set was decided before flying was given
    assert.are.equal(2, b.power)
  end)

  it("a dependent effect read again after a change: the cache follows (grant, then revoke)", function()
    local g, ann = game()
    local b = on_bf(g, bears, ann)
    g:add_static{ abilities = { "first strike" }, affects = function(c) return c:has("flying") end }
    local h = g:add_static{ abilities = { "flying" }, affects = b }
    assert.is_true(b:has("first strike"))
    g:remove_static(h)
    assert.is_false(b:has("first strike"))
  end)

  -- the dependency test copies every card's characteristics into room the game keeps between
  -- computations (game.h depsnap): the room grows with the cards, a clone has its own
  it("the room the dependency test keeps follows the game's cards, and a clone's", function()
    local g, ann = game()
    local first = on_bf(g, bears, ann)
    g:add_static{ abilities = { "first strike" }, affects = function(c) return c:has("flying") end }
    local flying = g:add_static{ abilities = { "flying" }, affects = function(c) return c:is("Creature") end }
    assert.is_true(first:has("first strike"))          -- the test ran: room for 1 card
    local all = { first }
    for i = 2, 100 do all[i] = on_bf(g, bears, i % 2 == 0 and ann or g.players[2]) end
    local copy = g:clone()
    for _, c in ipairs(all) do assert.is_true(c:has("first strike")) end   -- 100 cards copied
    local extra = on_bf(copy, bears, copy.players[1])
    assert.is_true(extra:has("first strike"))
    g:remove_static(flying)
    for _, c in ipairs(all) do assert.is_false(c:has("first strike")) end
    assert.is_true(extra:has("first strike"))          -- the clone's own game, its own room
  end)
end)
