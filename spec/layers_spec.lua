-- Continuous effects (CompRules 2005-2008, 418): g:add_static, layers and timestamps (418.5),
-- grant/revoke/modify as effects, control-changing effects, the cache of characteristics.
local arbiter = require("arbiter")
local H = require("helpers")

local bears = arbiter.card{ name = "Grizzly Bears", types = { "Creature" }, colors = { "green" }, power = 2, toughness = 2 }
local angel = arbiter.card{ name = "Serra Angel", types = { "Creature" }, colors = { "white" }, power = 4, toughness = 4,
  abilities = { "flying", "vigilance" } }
local rock = arbiter.card{ name = "Rock", types = { "Artifact" } }

local function card(file) return dofile("examples/cards/" .. file .. ".lua") end

local game = H.game

local on_bf = H.bf

-- a permanent played the way a user does: created on the battlefield, its install run
local function permanent(g, file, p)
  local m = card(file)
  local c = on_bf(g, m.def, p)
  m.install(g, c)
  return c, m
end

describe("continuous effects (418): g:add_static", function()
  it("an effect with a source lasts while the source is on the battlefield", function()
    local g, ann = game()
    local b = on_bf(g, bears, ann)
    local anthem = permanent(g, "glorious_anthem", ann)
    assert.are.equal(3, b.power)
    assert.are.equal(3, b.toughness)
    g:move(anthem, "graveyard")
    assert.are.equal(2, b.power)
    g:move(anthem, "battlefield")           -- a new object: its install gives a new effect
    card("glorious_anthem").install(g, anthem)
    assert.are.equal(3, b.power)
  end)

  it("an anthem affects creatures that arrive later and only its controller's", function()
    local g, ann, bob = game()
    permanent(g, "glorious_anthem", ann)
    local a = g:create(bears, { owner = ann, zone = "hand" })
    local b = on_bf(g, bears, bob)
    assert.are.equal(2, a.power)            -- not a permanent: not affected
    g:move(a, "battlefield")
    assert.are.equal(3, a.power)
    assert.are.equal(2, b.power)
  end)

  it("g:remove_static ends it; duration end_of_turn ends at cleanup, end_of_combat at end of combat", function()
    local g, ann = game()
    local b = on_bf(g, bears, ann)
    local e = g:add_static{ affects = b, power = 3 }
    local t = g:add_static{ affects = b, abilities = "flying", duration = "end_of_turn" }
    local k = g:add_static{ affects = b, abilities = "trample", duration = "end_of_combat" }
    assert.are.equal(5, b.power)
    assert.is_true(b:has("flying") and b:has("trample"))
    assert.is_true(g:remove_static(e))
    assert.is_false(g:remove_static(e))     -- already ended
    assert.are.equal(2, b.power)
    g:end_combat()
    assert.is_false(b:has("trample"))
    assert.is_true(b:has("flying"))
    g:cleanup_step()
    assert.is_false(b:has("flying"))
    assert.is_false(g:remove_static(t))
    assert.is_false(g:remove_static(k))
  end)

  it("types added (type-changing effects): c:is sees them, and a creature's P/T", function()
    local g, ann = game()
    local r = on_bf(g, rock, ann)
    assert.is_false(r:is("Creature"))
    assert.is_true(r:is("Artifact"))
    g:add_static{ affects = r, types = "Creature", set_power = 3, set_toughness = 3 }
    assert.is_true(r:is("Creature"))
    assert.are.equal(3, r.power)
  end)

  it("c:is: types, supertypes, subtypes and colors", function()
    local g, ann = game()
    local forest = g:create(arbiter.card{ name = "Snow-Covered Forest", types = { "Land" },
      supertypes = { "Basic", "Snow" }, subtypes = { "Forest" } }, { owner = ann, zone = "battlefield" })
    local b = on_bf(g, bears, ann)
    assert.is_true(forest:is("Land") and forest:is("Snow") and forest:is("Basic") and forest:is("Forest"))
    assert.is_false(forest:is("Legendary") or forest:is("Island") or forest:is("green"))
    assert.is_true(b:is("green") and b:is("Creature"))
    assert.is_false(b:is("red"))
  end)

  it("affects may name a fixed set (cards), which is then the same objects only (400.7)", function()
    local g, ann = game()
    local b1, b2 = on_bf(g, bears, ann), on_bf(g, bears, ann)
    g:add_static{ affects = { b1, b2 }, abilities = { "flying" } }
    assert.is_true(b1:has("flying") and b2:has("flying"))
    g:move(b1, "hand")
    g:move(b1, "battlefield")
    assert.is_false(b1:has("flying"))       -- a new object
    assert.is_true(b2:has("flying"))
  end)
end)

describe("layers and timestamps (418.5)", function()
  it("a set-P/T effect older than a +1/+1: the +1/+1 applies after it (set, then modify)", function()
    local g, ann = game()
    local b = on_bf(g, bears, ann)
    g:add_static{ affects = b, set_power = 0, set_toughness = 1 }
    g:add_static{ affects = b, power = 1, toughness = 1 }
    assert.are.equal(1, b.power)
    assert.are.equal(2, b.toughness)
  end)

  it("a set-P/T effect newer than a +1/+1: still set first, then modify (layer order beats timestamps)", function()
    local g, ann = game()
    local b = on_bf(g, bears, ann)
    permanent(g, "glorious_anthem", ann)
    g:add_static{ affects = b, set_power = 0, set_toughness = 1 }
    assert.are.equal(1, b.power)
    assert.are.equal(2, b.toughness)
  end)

  it("two set-P/T effects: the later timestamp wins", function()
    local g, ann = game()
    local b = on_bf(g, bears, ann)
    g:add_static{ affects = b, set_power = 5, set_toughness = 5 }
    g:add_static{ affects = b, set_power = 1, set_toughness = 1 }
    assert.are.equal(1, b.power)
  end)

  it("counters modify with the +N/+N effects, before switching", function()
    local g, ann = game()
    local b = on_bf(g, bears, ann)
    g:add_static{ affects = b, switch = true }
    b:add_counters("+1/+1", 2)
    g:add_static{ affects = b, power = 1 }
    -- base 2/2, +1/+1 x2 -> 4/4, +1/+0 -> 5/4, switched -> 4/5
    assert.are.equal(4, b.power)
    assert.are.equal(5, b.toughness)
  end)

  it("an ability granted, then removed by a later effect: gone; granted again later: back", function()
    local g, ann = game()
    local b = on_bf(g, bears, ann)
    g:add_static{ affects = b, abilities = "flying" }
    g:add_static{ affects = b, remove_abilities = "flying" }
    assert.is_false(b:has("flying"))
    b:grant("flying")                         -- newer still: applies after the removal
    assert.is_true(b:has("flying"))
    b:revoke("flying")
    assert.is_false(b:has("flying"))
  end)

  it("a removal older than the grant doesn't remove it (timestamp order in the ability layer)", function()
    local g, ann = game()
    local a = on_bf(g, angel, ann)
    g:add_static{ affects = a, remove_abilities = "all" }
    assert.is_false(a:has("flying") or a:has("vigilance"))
    g:add_static{ affects = a, abilities = "flying" }
    assert.is_true(a:has("flying"))
    assert.is_false(a:has("vigilance"))
  end)

  it("a static ability's timestamp is when its permanent entered (418.5)", function()
    local g, ann = game()
    local b = on_bf(g, bears, ann)
    local src = on_bf(g, rock, ann)           -- entered before the grant below
    g:add_static{ affects = b, abilities = "flying" }
    g:add_static{ source = src, affects = b, remove_abilities = "flying" }  -- added later, older timestamp
    assert.is_true(b:has("flying"))
  end)

  it("a control change under an anthem: the creature gets its new controller's anthem (layer 1 first)", function()
    local g, ann, bob = game()
    local b = on_bf(g, bears, ann)
    permanent(g, "glorious_anthem", ann)
    assert.are.equal(3, b.power)
    g:gain_control(b, bob)
    assert.are.equal(bob, b.controller)
    assert.are.equal(2, b.power)              -- Ann's anthem no longer applies
    permanent(g, "glorious_anthem", bob)
    assert.are.equal(3, b.power)
  end)

  it("Goblin War Drums: a creature that changes controller loses the old controller's and gains the new's", function()
    local g, ann, bob = game()
    local drums = card("goblin_war_drums")
    permanent(g, "goblin_war_drums", ann)
    local b = on_bf(g, bears, ann)
    assert.is_true(b:has(drums.MENACE))
    g:gain_control(b, bob)
    assert.is_false(b:has(drums.MENACE))
    permanent(g, "goblin_war_drums", bob)
    assert.is_true(b:has(drums.MENACE))
  end)

  it("an affects predicate sees the earlier layers' results (its controller after control changes)", function()
    local g, ann, bob = game()
    local b = on_bf(g, bears, ann)
    local seen
    g:add_static{ affects = function(c) if c == b then seen = c.controller end return false end, power = 1 }
    g:gain_control(b, bob)
    assert.are.equal(2, b.power)
    assert.are.equal(bob, seen)
  end)
end)

describe("grant, revoke and modify are continuous effects (418)", function()
  it("c:grant on a permanent ends when it leaves the battlefield (a new object)", function()
    local g, ann = game()
    local b = on_bf(g, bears, ann)
    b:grant("flying")
    assert.is_true(b:has("flying"))
    g:move(b, "hand")
    g:move(b, "battlefield")
    assert.is_false(b:has("flying"))
  end)

  it("g:modify lasts until end of turn", function()
    local g, ann = game()
    local b = on_bf(g, bears, ann)
    g:modify(b, 2, -1)
    assert.are.equal(4, b.power)
    assert.are.equal(1, b.toughness)
    g:cleanup_step()
    assert.are.equal(2, b.power)
  end)

  it("an attempt that fails undoes its effects (422)", function()
    local g, ann = game()
    local b = on_bf(g, bears, ann)
    local ok = g:attempt(function()
      g:add_static{ affects = b, power = 5 }
      b:grant("flying")
      assert.are.equal(7, b.power)
      error("undo")
    end)
    assert.is_false(ok)
    assert.are.equal(2, b.power)
    assert.is_false(b:has("flying"))
  end)

  it("a clone has the same effects, independently", function()
    local g, ann = game()
    local b = on_bf(g, bears, ann)
    local anthem = permanent(g, "glorious_anthem", ann)
    local c = g:clone()
    c:move(c:card(anthem.id), "graveyard")
    assert.are.equal(2, c:card(b.id).power)
    assert.are.equal(3, b.power)
  end)
end)

describe("control-changing effects (418.5a: control, the second layer)", function()
  it("gain_control records a replaceable 'control' event; the permanent is sick (502.5)", function()
    local g, ann, bob = game()
    local b = on_bf(g, bears, ann)
    local seen = {}
    g:on("control", function(ev) seen[#seen + 1] = ev end)
    g:gain_control(b, bob)
    assert.are.equal(1, #seen)
    assert.are.equal(bob, seen[1].player)
    assert.are.equal(b, seen[1].card)
    assert.is_true(b.sick)
    local r = g:add_replacement{ event = "control", replace = function() end }
    g:gain_control(b, ann)
    assert.are.equal(bob, b.controller)     -- replaced: nothing happened
    g:remove_replacement(r)
  end)

  it("control until end of turn returns the permanent at cleanup", function()
    local g, ann, bob = game()
    local b = on_bf(g, bears, ann)
    g:gain_control(b, bob, "end_of_turn")
    assert.are.equal(bob, b.controller)
    g:cleanup_step()
    assert.are.equal(ann, b.controller)
  end)

  it("a later control effect wins (timestamps); the permanent goes to its owner when it leaves", function()
    local g, ann, bob = game()
    local b = on_bf(g, bears, ann)
    g:add_static{ affects = b, controller = bob }
    g:add_static{ affects = b, controller = ann }
    assert.are.equal(ann, b.controller)
    g:gain_control(b, bob)
    g:move(b, "graveyard")
    assert.are.equal(ann, b.controller)
  end)

  it("the combat solver sees abilities from effects (Drums' menace, a granted flying)", function()
    local g, ann, bob = game()
    g:set_active(ann)
    local a = on_bf(g, bears, ann)
    local b1, b2 = on_bf(g, bears, bob), on_bf(g, bears, bob)
    permanent(g, "goblin_war_drums", ann)
    g:declare_attackers({ a })
    assert.is_false((g:check_block({ [b1] = a })))
    assert.is_true((g:check_block({ [b1] = a, [b2] = a })))
    g:add_static{ affects = a, abilities = "flying" }
    assert.is_false((g:check_block({ [b1] = a, [b2] = a })))
  end)
end)

describe("the cache of characteristics (418.5's results, kept between changes)", function()
  it("affects is asked again only after a change, not per read", function()
    local g, ann = game()
    local b = on_bf(g, bears, ann)
    local calls = 0
    g:add_static{ affects = function(c) calls = calls + 1; return c == b end, power = 1 }
    assert.are.equal(3, b.power)
    local n = calls
    for _ = 1, 100 do assert.are.equal(3, b.power); assert.is_false(b:has("flying")) end
    assert.are.equal(n, calls)
    b:add_counters("charge", 1)               -- a change: asked again at the next read
    assert.are.equal(3, b.power)
    assert.is_true(calls > n)
    n = calls
    b:tap()                                   -- no predicate read a tapped state: nothing to redo
    assert.are.equal(3, b.power)
    assert.are.equal(n, calls)
  end)

  it("a card an effect changed outside the battlefield (a fixed set, 400.7) is its printed self again "
    .. "when the effect ends, in a clone too; a card whose creation was undone takes nothing from it", function()
    local g, ann = game()
    local h = g:create(bears, { owner = ann, zone = "hand" })
    local b = on_bf(g, bears, ann)
    local e = g:add_static{ affects = { h, b }, power = 3, abilities = "flying" }
    assert.are.same({ 5, true, 5, true }, { h.power, h:has("flying"), b.power, b:has("flying") })
    local c = g:clone()
    assert.is_true(c:remove_static(e))
    assert.are.same({ 2, false, 2, false }, { c:card(h.id).power, c:card(h.id):has("flying"),
      c:card(b.id).power, c:card(b.id):has("flying") })
    assert.are.same({ 5, true }, { h.power, h:has("flying") })   -- the original keeps its effect
    assert.is_false(g:attempt(function()          -- a card made and undone: its id is made again below
      local t = g:create(bears, { owner = ann, zone = "hand" })
      g:add_static{ affects = t, power = 1 }
      assert.are.equal(3, t.power)
      error("undo")
    end))
    local again = g:create(bears, { owner = ann, zone = "hand" })
    assert.are.equal(2, again.power)
    assert.is_true(g:remove_static(e))
    assert.are.same({ 2, false, 2, false }, { h.power, h:has("flying"), b.power, b:has("flying") })
  end)

  it("with no predicate, changes outside the battlefield recompute nothing, and every card reads "
    .. "what a game with a predicate (every change counted) reads", function()
    local function run(with_predicate)
      local g, ann, bob = game()
      if with_predicate then g:add_static{ affects = function() return false end, power = 9 } end
      local lib = {}
      for i = 1, 4 do lib[i] = g:create(i % 2 == 1 and bears or angel, { owner = ann }) end
      local h = g:create(bears, { owner = ann, zone = "hand" })
      local b = on_bf(g, bears, bob)
      g:add_static{ affects = { h, lib[1] }, power = 3, abilities = "trample" }   -- in hand, library
      g:add_static{ affects = nil, toughness = 1 }                               -- every permanent
      local seen = {}
      local function snap()
        for _, c in ipairs({ h, b, lib[1], lib[2], lib[3], lib[4] }) do
          seen[#seen + 1] = table.concat({ c.zone, c.power, c.toughness, tostring(c:has("trample")),
            tostring(c:has("flying")) }, "/")
        end
      end
      snap()
      g:draw(ann)                                 -- lib[1], the top: a new object in hand (400.7)
      snap()
      g:move(h, "library")                        -- h: a new object
      g:shuffle(ann.library)
      snap()
      g:move(lib[2], "battlefield")               -- enters under the "every permanent" effect
      snap()
      g:move(lib[2], "graveyard")
      b:tap()
      g:damage(nil, b, 1)
      g:set_active(bob)                           -- whose turn, life: no predicate reads them
      bob.life = 3
      snap()
      return seen
    end
    local plain, counted = run(false), run(true)
    assert.are.same(counted, plain)
    assert.are.equal("hand/5/2/true/false", plain[1])     -- h as the set effect makes it
    assert.are.equal("library/5/2/true/false", plain[3])  -- lib[1] too
    assert.are.equal("hand/2/2/false/false", plain[9])    -- lib[1] drawn: its printed self
    assert.are.equal("battlefield/4/5/false/true", plain[6 * 3 + 4])   -- lib[2] entered: +0/+1
  end)

  it("a card made elsewhere than the battlefield (in a hand, a deck, an ability on the stack, a token "
    .. "before it moves) and a trigger or replacement made or removed recompute nothing; one made on the "
    .. "battlefield does; every card reads what a game whose predicate read a hand (every change "
    .. "counted) reads", function()
    local sorcerer = card("prodigal_sorcerer").def
    local function run(world)
      local g, ann, bob = game()
      local calls = 0
      g:add_static{ affects = function(c) calls = calls + 1; return c:is("Creature") end, power = 1 }
      if world then g:add_static{ affects = function(c) return c:is("Creature") and #ann.hand > 50 end, power = 9 } end
      local b, s = on_bf(g, bears, ann), on_bf(g, sorcerer, ann)
      local seen, asked = {}, {}
      local function snap(c)
        seen[#seen + 1] = c.zone .. "/" .. c.power .. "/" .. c.toughness
        asked[#asked + 1] = calls
      end
      snap(b)
      local h = g:create(bears, { owner = ann, zone = "hand" })
      snap(h); snap(b)
      g:create_deck(bob, { bears, angel })
      snap(b)
      local t = g:trigger{ event = "life", controller = ann, condition = function() return false end,
        resolve = function() end }
      snap(b)
      g:remove_trigger(t)
      snap(b)
      local r = g:add_replacement{ event = "draw", replace = function(ev) return ev end }
      snap(b)
      g:remove_replacement(r)
      snap(b)
      g:activate(ann, s, 1, { targets = { bob } })        -- an ability object made on the stack
      snap(b); snap(s)
      local last = calls
      snap(g:create(bears, { owner = bob, zone = "battlefield" }))   -- made there: counted
      local made_there = calls > last
      snap(g:create_token(bears, { controller = bob }))               -- made elsewhere, then moved
      return seen, asked, made_there
    end
    local plain, asked, made_there = run(false)
    local counted = run(true)
    assert.are.same(counted, plain)
    assert.are.equal("battlefield/3/2", plain[1])
    assert.are.equal("hand/2/2", plain[2])
    assert.are.equal("battlefield/3/2", plain[#plain - 1])  -- made on the battlefield: the effect's
    assert.are.equal("battlefield/3/2", plain[#plain])      -- the token
    assert.is_true(made_there)
    for i = 2, #asked - 2 do assert.are.equal(asked[1], asked[i]) end   -- nothing asked again before
  end)

  it("a predicate that reads a tapped state is asked again when one changes (Guardian Beast)", function()
    local g, ann = game()
    local beast = permanent(g, "guardian_beast", ann)
    local r = on_bf(g, rock, ann)
    assert.is_true(r:has("indestructible"))
    beast:tap()
    assert.is_false(r:has("indestructible"))
    beast:untap()
    assert.is_true(r:has("indestructible"))
  end)

  it("a predicate that read only battlefield cards isn't asked again for a draw, a life total or a turn; "
    .. "one that read a player, a hand or a card elsewhere is (418.5: the effect's set read continuously)", function()
    local g, ann, bob = game()
    for _ = 1, 3 do g:create(bears, { owner = ann }) end
    local b = on_bf(g, bears, ann)
    local calls = 0
    g:add_static{ affects = function(c) calls = calls + 1; return c == b end, power = 1 }
    assert.are.equal(3, b.power)
    local n = calls
    g:draw(ann)
    bob.life = 7
    g:set_active(bob)
    assert.are.same({ 3, n }, { b.power, calls })       -- nothing it read changed: the same answers
    local rich = g:add_static{ affects = function(c) return c == b and ann.life > 20 end, power = 5 }
    local big_hand = g:add_static{ affects = function(c) return c == b and #ann.hand > 1 end, toughness = 4 }
    assert.are.same({ 3, 2 }, { b.power, b.toughness })
    ann.life = 21
    assert.are.equal(8, b.power)                        -- a player's life: asked again
    g:draw(ann)
    assert.are.same({ 8, 6 }, { b.power, b.toughness }) -- a hand's size: asked again
    g:remove_static(rich); g:remove_static(big_hand)
    local gone = g:create(rock, { owner = ann, zone = "graveyard" })
    g:add_static{ source = gone, affects = function(c, _, src) return c == b and src.zone == "graveyard" end,
      toughness = 1 }
    assert.are.equal(3, b.toughness)
    g:move(gone, "exile")                               -- its source elsewhere: asked again
    assert.are.equal(2, b.toughness)
  end)

  it("422: an action undone leaves the characteristics of the state before it, computed again only "
    .. "if something computed or reset them meanwhile", function()
    local g, ann = game()
    local b, other = on_bf(g, bears, ann), on_bf(g, bears, ann)
    local calls = 0
    g:add_static{ affects = function(c) calls = calls + 1; return c == b end, power = 1 }
    assert.are.equal(3, b.power)
    local n = calls
    assert.is_false(g:attempt(function()
      other:add_counters("charge", 1)                               -- a change the cache counts
      assert.are.equal(1, other:counters("charge"))
      error("undo")
    end))
    assert.are.equal(0, other:counters("charge"))
    assert.are.same({ 3, 2, n }, { b.power, other.power, calls })   -- nothing read in between: kept
    assert.is_false(g:attempt(function()
      g:move(b, "graveyard")                                        -- b's own values reset as it leaves
      error("undo")
    end))
    assert.are.same({ 3, 2 }, { b.power, other.power })
    assert.is_true(calls > n)                                       -- computed again
    n = calls
    assert.is_false(g:attempt(function()
      g:add_static{ affects = other, power = 5 }
      assert.are.equal(7, other.power)                              -- computed inside the attempt
      error("undo")
    end))
    assert.are.same({ 3, 2 }, { b.power, other.power })             -- and again after it
    assert.is_true(calls > n)
  end)

  it("an affects predicate that raises is a card-script error naming the card; the cache stays sound", function()
    local g, ann = game()
    local b = on_bf(g, bears, ann)
    local src = on_bf(g, rock, ann)
    local boom = false
    g:add_static{ source = src, affects = function() if boom then error("kaboom") end return true end, power = 1 }
    assert.are.equal(3, b.power)
    boom = true
    b:add_counters("charge", 1)
    local ok, err = pcall(function() return b.power end)
    assert.is_false(ok)
    assert.matches("Rock", err)
    assert.matches("kaboom", err)
    boom = false
    assert.are.equal(3, b.power)              -- recomputed from the base, not half-applied
    assert.are.equal(1, b:counters("charge"))
  end)

  it("an affects predicate of a sandboxed script that loops is stopped by its budget", function()
    local g, ann = game()
    local b = on_bf(g, bears, ann)
    local src = on_bf(g, rock, ann)
    local fn = arbiter.load_script("return function() while true do end end", { name = "looper" })
    local e = g:add_static{ source = src, affects = fn, power = 1 }
    local ok, err = pcall(function() return b.power end)
    assert.is_false(ok)
    assert.matches("Rock", err)
    g:remove_static(e)
    assert.are.equal(2, b.power)
  end)
end)
