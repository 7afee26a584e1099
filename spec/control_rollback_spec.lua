-- 422.1: an action that is undone leaves the game exactly as it was. Putting a spell on the
-- stack sets its controller (the base controller, 405.1, and the computed value the layers
-- cache, 418.5): both are journaled, so a rollback across the change leaves no stale controller.
local H = require("helpers")
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions

describe("a rollback across a change of controller (422.1)", function()
  it("g:attempt undoing a put on the stack under another controller restores the controller", function()
    local g, ann, bob = H.game()
    local c = g:create(H.bear, { owner = ann, zone = "hand" })
    local seen
    local ok = g:attempt(function(game)
      GI._spell_put(game, c, bob, {}, 0)     -- the core's put g:cast uses (405.1), for Bob
      seen = c.controller
      local _ = c.power                  -- the layers recompute meanwhile (a cached read)
      error("undo")
    end)
    assert.is_false(ok)
    assert.equal(bob, seen)
    assert.equal("hand", c.zone)
    assert.equal(ann, c.controller)      -- was Bob: the cache's write wasn't journaled
    g:create(H.bear, { owner = bob, zone = "battlefield" })   -- a later recomputation
    assert.equal(ann, c.controller)
  end)

  it("the same with a control-changing effect on the battlefield in the meantime", function()
    local g, ann, bob = H.game()
    local c = g:create(H.bear, { owner = ann, zone = "hand" })
    local other = g:create(H.bear, { owner = ann, zone = "battlefield" })
    local h0 = g:state_hash()
    assert.is_false(g:attempt(function(game)
      GI._spell_put(game, c, bob, {}, 0)
      game:gain_control(other, bob)
      assert.equal(bob, other.controller)
      error("undo")
    end))
    assert.equal(ann, c.controller)
    assert.equal(ann, other.controller)
    assert.equal(h0, g:state_hash())
  end)
end)
