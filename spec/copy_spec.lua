-- Copy effects (503 of the 2005-2008 rules, 706 today; the first layer, 418.5a) and as_enters
-- ("as ~ comes into play"): g:add_static{copy = other, copy_with = {...}}, arbiter.card{as_enters}
local H = require("spec.helpers")
local arbiter = H.arbiter

local angel = arbiter.card{ name = "Test Angel", types = { "Creature" }, subtypes = { "Angel" },
  colors = { "white" }, power = 4, toughness = 4, abilities = { "flying" } }
local blank = arbiter.card{ name = "Blank", types = { "Creature" }, colors = { "blue" }, power = 0, toughness = 0 }

describe("copy effects (503; 418.5a)", function()
  it("the copy's characteristics are the copied printed ones; effects of later layers still apply", function()
    local g, ann = H.game()
    local a = g:create(angel, { owner = ann, zone = "battlefield" })
    local b = g:create(blank, { owner = ann, zone = "battlefield" })
    g:modify(b, 1, 1)                                   -- a later layer: applies on top of the copy
    g:add_static{ affects = b, copy = a, copy_with = { colors = "blue", add_types = "Artifact" } }
    assert.same({ "Test Angel", 5, 5, true, true, false, true, true },
      { b.name, b.power, b.toughness, b:has("flying"), b:is("blue"), b:is("white"), b:is("Artifact"), b:is("Angel") })
    assert.equal(angel, arbiter.is_card_definition(b.definition) and b.definition.name == "Test Angel" and angel)
  end)

  it("a later copy effect wins (timestamps in the first layer); removing it gives the earlier back", function()
    local g, ann = H.game()
    local a = g:create(angel, { owner = ann, zone = "battlefield" })
    local bears = g:create(H.bear, { owner = ann, zone = "battlefield" })
    local b = g:create(blank, { owner = ann, zone = "battlefield" })
    g:add_static{ affects = b, copy = a }
    local later = g:add_static{ affects = b, copy = bears }
    assert.same({ "Grizzly Bears", 2 }, { b.name, b.power })
    g:remove_static(later)
    assert.same({ "Test Angel", 4 }, { b.name, b.power })
  end)

  it("503.2: an exception that gives an ability (copy_with.install) is copiable: a copy of the copy gains it too", function()
    local g, ann = H.game()
    local a = g:create(angel, { owner = ann, zone = "battlefield" })
    local b = g:create(blank, { owner = ann, zone = "battlefield" })
    local c = g:create(blank, { owner = ann, zone = "battlefield" })
    -- "... and it gains 'Whenever you gain life, this creature gets +1/+1 until end of turn'"
    local function gains(game, card)
      return game:trigger{ event = "life", source = card, controller = card.controller,
        condition = function(ev) return ev.amount > 0 end,
        resolve = function(_, gm, source) gm:modify(source, 1, 1, "end_of_turn") end }
    end
    g:add_static{ affects = b, copy = a, copy_with = { install = gains } }
    g:add_static{ affects = c, copy = b }               -- Clone-like: copies b's copiable values
    g:gain_life(ann, 1)
    g:settle()
    assert.same({ 5, 5, 4 }, { b.power, c.power, a.power })
    local later = g:add_static{ affects = c, copy = a } -- a later copy without it: the ability ends
    g:gain_life(ann, 1)
    g:settle()
    assert.same({ 6, 5 }, { b.power, c.power })
    g:remove_static(later)
    g:gain_life(ann, 1)
    g:settle()
    assert.same({ 7, 6 }, { b.power, c.power })
  end)

  it("bad input: a copy of a card off the battlefield, copy_with alone or unknown; the game unchanged", function()
    local g, ann = H.game()
    local a = g:create(angel, { owner = ann, zone = "graveyard" })
    local b = g:create(blank, { owner = ann, zone = "battlefield" })
    assert.has_error(function() g:add_static{ affects = b, copy = a } end,
      "bad argument #1 to 'add_static' (field 'copy': Test Angel#" .. a.id .. " is in the graveyard: a copy effect copies a permanent (503))")
    assert.has_error(function() g:add_static{ affects = b, copy_with = { colors = "red" } } end)
    g:move(a, "battlefield")
    local h = g:state_hash()
    assert.has_error(function() g:add_static{ affects = b, copy = a, copy_with = { size = 3 } } end)
    assert.has_error(function() g:add_static{ affects = b, copy = a, copy_with = { colors = "pink" } } end)
    assert.error_matches(function() g:add_static{ affects = b, copy = a, copy_with = { install = 3 } } end,
      "copy_with.install", nil, true)
    assert.same({ h, "Blank" }, { g:state_hash(), b.name })
  end)
end)

describe("as_enters (as it comes into play, 410.10e)", function()
  it("runs once the card is on the battlefield, before its zone change is seen; obj is its spell", function()
    local g, ann = H.game()
    local seen = {}
    local def = arbiter.card{ name = "Chooser", types = { "Artifact" }, cost = "{0}",
      as_enters = function(card, game, obj)
        seen[#seen + 1] = { card.zone, obj and obj.controller == ann or false }
        card:add_counters("charge", 2)
        assert(game)
      end }
    g:on("zone_change", function(ev) if ev.card.name == "Chooser" then seen[#seen + 1] = ev.card:counters("charge") end end)
    g:create(def, { owner = ann, zone = "battlefield" })
    g:begin_turn(ann); g:main_phase()
    local c = g:create(def, { owner = ann, zone = "hand" })
    g:cast(ann, c)
    g:settle()
    -- created there; cast (to the stack: no counters yet); as it resolves, as_enters before the event
    assert.same({ { "battlefield", false }, 0, { "battlefield", true }, 2 }, seen)
  end)

  it("what it raises fails the action that moved the card (422); a non-function is refused", function()
    local g, ann = H.game()
    local def = arbiter.card{ name = "Breaker", types = { "Artifact" }, as_enters = function() error("no") end }
    local c = g:create(def, { owner = ann, zone = "hand" })
    local h = g:state_hash()
    assert.has_error(function() g:move(c, "battlefield") end)
    assert.same({ h, "hand" }, { g:state_hash(), c.zone })
    assert.has_error(function() arbiter.card{ name = "X", types = { "Artifact" }, as_enters = 3 } end,
      "bad argument #1 to 'card' (as_enters of X must be a function, got 3)")
  end)
end)

describe("g:move(c, \"battlefield\", {controller = p}) (Animate Dead's \"under your control\")", function()
  it("enters under p's control; elsewhere its owner's; a bad controller changes nothing (422)", function()
    local g, ann, bob = H.game()
    local bears = g:create(H.bear, { owner = bob, zone = "graveyard" })
    local h = g:state_hash()
    assert.has_error(function() g:move(bears, "battlefield", { controller = 3 }) end,
      "bad argument #3 to 'move' (controller must be a player of this game, got number 3)")
    assert.equal(h, g:state_hash())
    g:move(bears, "battlefield", { controller = ann })
    assert.same({ ann, bob }, { bears.controller, bears.owner })
    g:move(bears, "hand")
    assert.same({ bob, "hand" }, { bears.controller, bears.zone })
  end)
end)
