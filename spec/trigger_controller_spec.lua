-- The controller of a triggered ability (CompRules 2005 410; 603.3a today): "the player who
-- controlled its source when it triggered". g:trigger's `controller` is fixed at registration;
-- a trigger with a source is controlled by the source's controller as it triggers (a stolen
-- Verduran Enchantress draws for its thief), a source-less one by `controller`.
local H = require("helpers")
local arbiter = H.arbiter

local enchantress = arbiter.card{ name = "Watcher", types = { "Creature" }, power = 1, toughness = 1 }

local function setup()
  local g, ann, bob = H.game()
  H.deck(g, ann, 3); H.deck(g, bob, 3)
  local src = g:create(enchantress, { owner = ann, zone = "battlefield" })
  return g, ann, bob, src
end

describe("a triggered ability's controller (410, 603.3a today)", function()
  it("is the controller of its source when it triggered: a stolen source's trigger is the thief's", function()
    local g, ann, bob, src = setup()
    local got = {}
    g:trigger{ event = "draw", controller = src.controller, source = src,
      effect = function(_, _, s, obj) got[#got + 1] = { obj.controller, s.controller } end }
    g:gain_control(src, bob)
    g:draw(bob)
    g:settle()
    assert.are.equal(1, #got)
    assert.are.equal(bob, got[1][1])      -- was Ann: the controller fixed at registration
    assert.are.equal(bob, got[1][2])
    g:draw(ann)
    g:settle()
    assert.are.equal(bob, got[2][1])
    assert.are.equal(ann.name, "Ann")
  end)

  it("is fixed as it triggers: control changing while it waits doesn't move it", function()
    local g, ann, bob, src = setup()
    local got
    g:trigger{ event = "draw", controller = ann, source = src,
      effect = function(_, _, _, obj) got = obj.controller end }
    g:draw(ann)                           -- triggers under Ann
    g:gain_control(src, bob)              -- before it is put on the stack
    g:settle()
    assert.are.equal(ann, got)
  end)

  it("APNAP orders it by its controller as it triggered (the thief's abilities after the active player's)", function()
    local g, ann, bob, src = setup()
    local log = {}
    g:trigger{ event = "draw", controller = ann, source = src, effect = function() log[#log + 1] = "stolen" end }
    g:trigger{ event = "draw", controller = ann, effect = function() log[#log + 1] = "Ann's" end }
    g:gain_control(src, bob)
    g:draw(ann)
    g:settle()
    -- Ann is active: hers goes on the stack first and resolves last; the stolen one is Bob's
    assert.are.same({ "stolen", "Ann's" }, log)
  end)

  it("a source leaving the battlefield triggers under the controller it had there (last known)", function()
    local g, ann, bob, src = setup()
    local got
    g:trigger{ event = "zone_change", controller = ann, source = src,
      condition = function(ev, _, s) return ev.card == s and ev.from == "battlefield" end,
      effect = function(_, _, _, obj) got = obj.controller end }
    g:gain_control(src, bob)
    g:destroy(src)
    g:settle()
    assert.are.equal("graveyard", src.zone)
    assert.are.equal(bob, got)
  end)

  it("a source-less trigger keeps the controller it was registered with", function()
    local g, ann, bob = setup()
    local got
    g:trigger{ event = "draw", controller = bob, effect = function(_, _, _, obj) got = obj.controller end }
    g:draw(ann)
    g:settle()
    assert.are.equal(bob, got)
  end)
end)
