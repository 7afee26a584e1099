-- g:damage tells its target's kind (card or player) by the proxy's own kind, without the
-- registry's metatable lookup (csrc/loutcome.c, is_proxy): a card takes the damage as damage
-- marked on it, a player as life lost, from a script's effect (a nested action) as from outside;
-- a wrong target is refused as before (badinput_spec.lua: a zone, another game's card or player).
local H = require("helpers")

describe("g:damage's target, a card or a player (003 'Damage'; 422: undone with a failed action)", function()
  local function board()
    local g, ann, bob = H.game{ seed = 3 }
    H.deck(g, ann, 5); H.deck(g, bob, 5)
    local bear = g:create(H.bear, { owner = ann, zone = "battlefield" })
    return g, ann, bob, bear
  end

  it("a card is dealt damage, a player loses life", function()
    local g, _, bob, bear = board()
    g:damage(nil, bear, 1)
    g:damage(bear, bob, 3)
    assert.are.equal(1, bear.damage)
    assert.are.equal(17, bob.life)
    local ev = H.events(g, "damage")
    assert.are.equal(bear, ev[1].target)
    assert.are.equal(bob, ev[2].target)
  end)

  it("the same from a triggered ability's effect, and undone with it when the effect fails", function()
    local g, ann, bob, bear = board()
    local fail = false
    g:trigger{ event = "draw", controller = ann, effect = function(_, game)
      game:damage(nil, bear, 1)
      game:damage(bear, bob, 2)
      if fail then error("boom") end
    end }
    g:draw(ann); g:settle()
    assert.are.equal(1, bear.damage)
    assert.are.equal(18, bob.life)
    fail = true
    local n = g:history_length()
    local ok, err = g:attempt(function(game) game:draw(ann); game:settle() end)
    assert.is_false(ok)
    assert.truthy(tostring(err):find("boom", 1, true))
    assert.are.equal(1, bear.damage)
    assert.are.equal(18, bob.life)
    assert.are.equal(n, g:history_length())
  end)
end)
