-- Regressions found by fuzzing the core (fuzz/core_fuzz.c; inputs in fuzz/regress/core/),
-- reproduced through the public API. Under `make asan` an out-of-bounds read or a signed
-- overflow here fails the run; the outcomes below fail anywhere.
local H = require("helpers")

describe("fuzz regressions", function()
  describe("amounts: out of range refused by name, sums of in-range amounts saturate, never wrap", function()
    it("a replacement's amount beyond 10^9 is refused and the action undone; the totals are unchanged", function()
      local g, ann = H.game()
      g:add_replacement{ event = "life", replace = function(ev) ev.amount = 2147483647; return ev end }
      local ok, err = pcall(function() ann.life = 21 end)
      assert.is_false(ok)
      assert.truthy(tostring(err):find("out of range", 1, true), err)
      assert.are.equal(20, ann.life)
    end)

    it("life gains of 10^9 pile up to the largest total, not past it (119.3)", function()
      local g, ann = H.game()
      g:add_replacement{ event = "life", replace = function(ev) ev.amount = 1000000000; return ev end }
      for _ = 1, 3 do ann.life = 21 end         -- each change is replaced by a gain of 10^9
      assert.are.equal(2147483647, ann.life)
      g:check_state()
      assert.is_false(ann.lost)
    end)

    it("damage of 10^9, dealt three times, leaves life at the smallest total (120.3a)", function()
      local g, ann, bob = H.game()
      local bear = g:create(H.bear, { owner = ann, zone = "battlefield" })
      g:add_replacement{ event = "damage", replace = function(ev) ev.amount = 1000000000; return ev end }
      for _ = 1, 3 do g:damage(bear, bob, 1) end
      assert.are.equal(-2147483648, bob.life)
      g:check_state()
      assert.is_true(bob.lost)
    end)

    it("damage marked on a creature saturates too (120.3e)", function()
      local g, ann, bob = H.game()
      local src = g:create(H.bear, { owner = ann, zone = "battlefield" })
      local big = g:create(H.arbiter.card{ name = "Wall", types = { "Creature" }, power = 0,
        toughness = 1000000000 }, { owner = bob, zone = "battlefield" })
      g:add_replacement{ event = "damage", replace = function(ev) ev.amount = 1000000000; return ev end }
      for _ = 1, 3 do g:damage(src, big, 1) end
      assert.are.equal(2147483647, big.damage)
    end)
  end)

  it("damage retargeted to a triggered ability that has left the stack does nothing", function()
    local g, ann, bob = H.game()
    local bear = g:create(H.bear, { owner = ann, zone = "battlefield" })
    local gone
    -- two abilities on the stack: the first to resolve keeps the other's stack object
    local function keep(_, g2) for _, x in ipairs(g2.stack:cards()) do gone = x end end
    g:trigger{ event = "tap", controller = ann, condition = function() return true end, effect = keep }
    g:trigger{ event = "tap", controller = ann, condition = function() return true end, effect = keep }
    bear:tap()
    g:settle()
    assert.is_not_nil(gone)
    assert.are.equal(0, #g.stack)
    g:add_replacement{ event = "damage", replace = function(ev) ev.target = gone; return ev end }
    local before = #g:history()
    g:damage(bear, bob, 3)
    assert.are.equal(20, bob.life)
    assert.are.equal(0, bear.damage)
    assert.are.equal(before, #g:history())   -- no damage event: nothing was dealt
  end)
end)
