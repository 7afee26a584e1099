-- Summoning sickness after a change of control (212.3d; 502.5b): a creature can attack, and its
-- {T} abilities can be activated, only if its controller has controlled it continuously since
-- the beginning of their most recent turn. Any control-changing effect counts, not only
-- g:gain_control: an Aura (Control Magic), g:add_static{controller = p}; the control watch
-- (csrc/characteristics.c) sees the change, and the creature recovers when its new controller's
-- next turn begins.
local H = require("helpers")
local arbiter = H.arbiter

local control_magic = dofile("examples/cards/control_magic.lua")
local tapper = arbiter.card{ name = "Tapper", types = { "Creature" }, power = 1, toughness = 1,
  activated = { { cost = "{T}", effect = function() end } } }

local function ready(g, p)
  local set = {}
  for _, c in ipairs(g:permanents(p, "Creature", "r")) do set[c] = true end
  return set
end

describe("212.3d: control changed by a continuous effect", function()
  it("Control Magic cast on a creature: its new controller can't attack with it this turn", function()
    local g, ann, bob = H.game()
    local bear = g:create(H.bear, { owner = bob, zone = "battlefield", sick = false })
    local cm = g:create(control_magic.def, { owner = ann, zone = "hand" })
    g:add_mana(ann, "{2}{U}{U}")             -- the set's card has its cost
    g:cast(ann, cm, { targets = { bear } })
    g:settle()
    assert.are.equal(bear, cm.attached_to)
    assert.are.equal(ann, bear.controller)
    assert.is_true(bear.sick)
    assert.is_nil(ready(g, ann)[bear])
    g:set_active(ann)
    local ok, msg = g:check_attack({ bear })
    assert.is_false(ok)
    assert.is_string(msg)
    g:begin_turn(ann)                        -- ann's next turn: controlled since it began
    assert.is_false(bear.sick)
    assert.is_true(ready(g, ann)[bear])
    assert.is_true((g:check_attack({ bear })))
  end)

  it("an add_static control effect: {T} abilities can't be activated until the next turn (502.5b)", function()
    local g, ann, bob = H.game()
    local t = g:create(tapper, { owner = bob, zone = "battlefield", sick = false })
    g:add_static{ affects = t, controller = ann }
    assert.is_true(t.sick)
    assert.has_error(function() g:activate(ann, t, 1) end)
    assert.is_false(t.tapped)
    g:begin_turn(ann)
    assert.is_false(t.sick)
    g:activate(ann, t, 1)
    assert.is_true(t.tapped)
  end)

  it("control that returns before the next check still broke continuity: sick for its owner too", function()
    local g, ann, bob = H.game()
    g:begin_turn(bob)
    local bear = g:create(H.bear, { owner = bob, zone = "battlefield", sick = false })
    local h = g:add_static{ affects = bear, controller = ann }
    g:check_state()                          -- the watch sees ann control it
    g:remove_static(h)
    assert.are.equal(bob, bear.controller)
    assert.is_true(bear.sick)                -- bob hasn't controlled it continuously this turn
    assert.is_false((g:check_attack({ bear })))
  end)

  it("a control change before the turn begins doesn't count against that turn", function()
    local g, ann, bob = H.game()
    local bear = g:create(H.bear, { owner = bob, zone = "battlefield", sick = false })
    g:add_static{ affects = bear, controller = ann }
    g:begin_turn(ann)
    assert.is_false(bear.sick)
    assert.is_true(ready(g, ann)[bear])
  end)

  it("haste ignores it; the watch's mark is undone with a failed call (422)", function()
    local g, ann, bob = H.game()
    local fast = g:create(arbiter.card{ name = "Fast", types = { "Creature" }, power = 1, toughness = 1,
      abilities = { "haste" } }, { owner = bob, zone = "battlefield", sick = false })
    g:add_static{ affects = fast, controller = ann }
    g:set_active(ann)
    assert.is_true((g:check_attack({ fast })))
    local bear = g:create(H.bear, { owner = bob, zone = "battlefield", sick = false })
    local before = g:state_hash()
    assert.has_error(function()
      arbiter.atomic(g, function()
        g:add_static{ affects = bear, controller = ann }
        g:check_state()
        error("undo")
      end)
    end)
    assert.are.equal(bob, bear.controller)
    assert.is_false(bear.sick)
    assert.are.equal(before, g:state_hash())
  end)
end)
