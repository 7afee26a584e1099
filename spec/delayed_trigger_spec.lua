-- Delayed triggers that remember their objects (issue 26 item 8): g:delayed_trigger triggers
-- once; obj.objects lists the remembered objects, each false once it changed zones (217.1c).
local arbiter = require("arbiter")
local H = require("helpers")

local bears = arbiter.card{ name = "Grizzly Bears", types = { "Creature" }, power = 2, toughness = 2 }

local game = H.game

describe("g:delayed_trigger (404.4 delayed triggered abilities)", function()
  it("in a clone, the remembered objects are the clone's own: its look-ahead leaves the original as it was", function()
    local g, ann, bob = game()
    local victim = g:create(bears, { owner = bob, zone = "battlefield" })
    g:delayed_trigger{ event = "damage", controller = ann, objects = { victim, bob },
      effect = function(_, game_, _, obj) game_:destroy(obj.objects[1]); game_:damage(nil, obj.objects[2], 3) end }
    local c = g:clone()
    c:damage(nil, c.players[1], 1); c:settle()
    local cv = c:card(victim.id)
    assert.same({ "graveyard", 17 }, { cv.zone, c.players[2].life })
    assert.same({ "battlefield", 20 }, { victim.zone, bob.life })   -- the original untouched
    g:damage(nil, ann, 1); g:settle()                                -- and its own trigger still waits
    assert.same({ "graveyard", 17 }, { victim.zone, bob.life })
  end)

  it("triggers once, outlives its source, and hands its remembered objects to its effect", function()
    local g, ann, bob = game()
    local src = g:create(bears, { owner = ann, zone = "battlefield" })
    local victim = g:create(bears, { owner = bob, zone = "battlefield" })
    local seen = {}
    g:delayed_trigger{ event = "damage", controller = ann, source = src, objects = { victim, bob },
      effect = function(_, game_, _, obj)
        seen[#seen + 1] = obj.objects
        game_:destroy(obj.objects[1])
      end }
    g:move(src, "graveyard")                      -- a delayed trigger doesn't end with its source
    g:damage(nil, ann, 1); g:settle()
    g:damage(nil, ann, 1); g:settle()
    assert.equal(1, #seen)                        -- once
    assert.same({ victim, bob }, seen[1])
    assert.equal("graveyard", victim.zone)
  end)

  it("a remembered card that changed zones reads false (a new object, 217.1c), even back again", function()
    local g, ann = game()
    local c = g:create(bears, { owner = ann, zone = "battlefield" })
    local got
    g:delayed_trigger{ event = "damage", controller = ann, objects = { c },
      effect = function(_, _, _, obj) got = obj.objects end }
    g:move(c, "hand"); g:move(c, "battlefield")
    g:damage(nil, ann, 1); g:settle()
    assert.same({ false }, got)
    assert.equal(1, #got)                          -- obj.objects keeps its length
  end)

  it("a condition decides when; bad input names the function", function()
    local g, ann, bob = game()
    local n = 0
    g:delayed_trigger{ event = "damage", controller = ann, condition = function(ev) return ev.target == bob end,
      effect = function() n = n + 1 end }
    g:damage(nil, ann, 1); g:settle()
    assert.equal(0, n)
    g:damage(nil, bob, 1); g:damage(nil, bob, 1); g:settle()
    assert.equal(1, n)
    assert.error_matches(function() g:delayed_trigger{ event = "nope", controller = ann, effect = print } end,
      "delayed_trigger")
    assert.error_matches(function() g:delayed_trigger{ event = "damage", controller = ann, effect = print,
      objects = { 1 } } end, "delayed_trigger")
  end)

  it("step: only that step's event wakes it, its condition asked then only; the next one (404.4)", function()
    local g, ann = game()
    local asked, fired = {}, 0
    local c = g:create(bears, { owner = ann, zone = "battlefield" })
    g:delayed_trigger{ event = "step", step = "end", controller = ann, objects = { c },
      condition = function(ev) asked[#asked + 1] = ev.step; return true end,
      effect = function(_, game_, _, obj) fired = fired + 1; game_:destroy(obj.objects[1]) end }
    g:set_agent(ann, { main = function() end })
    g:begin_turn(ann); g:untap_step(); g:upkeep_step(); g:draw_step()
    assert.same({}, asked)                           -- untap, upkeep, draw: not asked
    assert.equal("battlefield", c.zone)
    g:end_step()
    assert.same({ { "end" }, 1, "graveyard" }, { asked, fired, c.zone })   -- "at the next end step"
    g:begin_turn(ann); g:untap_step(); g:upkeep_step(); g:end_step()
    assert.same({ { "end" }, 1 }, { asked, fired })  -- once
    assert.error_matches(function() g:delayed_trigger{ event = "damage", step = "end", controller = ann,
      effect = print } end, "delayed_trigger", 1, true)
    local n = g:history_length()
    assert.error_matches(function() g:delayed_trigger{ event = "step", step = "teatime", controller = ann,
      effect = print } end, "delayed_trigger.*step: a step's name.*teatime")
    assert.error_matches(function() g:delayed_trigger{ event = "step", step = "turn", controller = ann,
      effect = print } end, "delayed_trigger.*step: a step's name")
    assert.equal(n, g:history_length())   -- refused before anything was registered
  end)
end)
