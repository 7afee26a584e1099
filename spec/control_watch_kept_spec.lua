-- The control watch's answer kept (csrc/characteristics.c arb_control_watch): asked again with
-- nothing changed since it last looked, it doesn't look again. An undone action (422.1) that
-- held its look must not leave it kept: the rollback restores the control last seen, and the
-- creature that changed controller before it is seen again (212.3d) and recovers when its new
-- controller's turn begins, as without the undone action.
local H = require("helpers")

local function stolen(undo)
  local g, ann, bob = H.game()
  local bear = g:create(H.bear, { owner = ann, zone = "battlefield", sick = false })
  g:add_static{ controller = bob, affects = bear }
  assert.equal(bob, bear.controller)        -- computed: not yet seen by the watch
  if undo then
    assert.is_false(g:attempt(function(game)
      game:settle()                          -- a state-based check: the watch looks
      assert.is_true(bear.sick)
      error("undo")
    end))
  end
  g:settle()
  g:begin_turn(bob)                          -- controlled since Bob's turn began
  return bear.sick, g:state_hash()
end

describe("212.3d: the control watch's kept answer and an undone action (422.1)", function()
  it("a watch undone with its action looks again: the creature recovers in its new controller's turn", function()
    local sick, h = stolen(false)
    assert.is_false(sick)
    local sick2, h2 = stolen(true)
    assert.is_false(sick2)
    assert.equal(h, h2)
  end)
end)
