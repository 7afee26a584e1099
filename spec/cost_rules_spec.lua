-- Effects on costs and mana (418): spells and abilities that cost more (spell_cost,
-- ability_cost: 409.1f's total cost), mana spent as another color (rules.mana_as), extra land
-- plays (rules.land_plays), and triggered mana abilities (a trigger with mana = true: 406.1 of
-- the era, it resolves at once and its mana pays the payment in progress).
local H = require("helpers")
local arbiter = H.arbiter

local function land(name)
  return arbiter.card{ name = name, types = { "Land" }, supertypes = { "Basic" }, subtypes = { name } }
end
local plains, mountain, forest = land("Plains"), land("Mountain"), land("Forest")
local bf = H.bf
local function hand(g, def, p) return g:create(def, { owner = p, zone = "hand" }) end
local white_spell = arbiter.card{ name = "Healing", types = { "Instant" }, colors = { "white" }, cost = "{W}",
  resolve = function(obj, g) g:gain_life(obj.controller, 1) end }
local gloom_def = arbiter.card{ name = "Gloom", types = { "Enchantment" }, colors = { "black" } }

describe("spell_cost and ability_cost (409.1f: the total cost includes increases)", function()
  it("spells the effect affects cost that much more; others don't; g:can_cast sees it", function()
    local g, ann = H.game()
    local gloom = bf(g, gloom_def, ann)
    g:add_static{ source = gloom, spell_cost = "{3}", affects = function(c) return c:is("white") end }
    local lands = { bf(g, plains, ann), bf(g, plains, ann), bf(g, plains, ann) }
    local s = hand(g, white_spell, ann)
    assert.is_false(g:can_cast(ann, s))
    local before = g:state_hash()
    assert.error_matches(function() g:cast(ann, s) end, "can't pay", 1, true)
    assert.are.equal(before, g:state_hash())
    lands[4] = bf(g, plains, ann)
    assert.is_true(g:can_cast(ann, s))
    g:cast(ann, s)
    for _, l in ipairs(lands) do assert.is_true(l.tapped) end
  end)

  it("ends when its source leaves the battlefield; g:remove_static ends it too", function()
    local g, ann = H.game()
    local gloom = bf(g, gloom_def, ann)
    local e = g:add_static{ source = gloom, spell_cost = "{3}", affects = function(c) return c:is("white") end }
    bf(g, plains, ann)
    local s = hand(g, white_spell, ann)
    assert.is_false(g:can_cast(ann, s))
    g:destroy(gloom)
    assert.is_true(g:can_cast(ann, s))
    g:move(gloom, "battlefield")                -- back: a new object (217.1c), the effect stays ended
    assert.is_true(g:can_cast(ann, s))
    assert.is_false(g:remove_static(e))         -- already ended
    local e2 = g:add_static{ spell_cost = "{1}" }
    assert.is_false(g:can_cast(ann, s))
    assert.is_true(g:remove_static(e2))
    assert.is_true(g:can_cast(ann, s))
  end)

  it("ability_cost: activated abilities of the affected permanents cost more", function()
    local g, ann = H.game()
    local shrine = bf(g, arbiter.card{ name = "Shrine", types = { "Enchantment" }, colors = { "white" },
      activated = { { cost = "{0}", effect = function(obj, game) game:gain_life(obj.controller, 1) end } } }, ann)
    g:add_static{ ability_cost = "{1}", affects = function(c) return c:is("Enchantment") and c:is("white") end }
    local before = g:state_hash()
    assert.error_matches(function() g:activate(ann, shrine, 1) end, "can't pay", 1, true)
    assert.are.equal(before, g:state_hash())
    local m = bf(g, mountain, ann)
    g:activate(ann, shrine, 1)
    assert.is_true(m.tapped)
  end)

  it("bad input names add_static and the field; the game unchanged", function()
    local g = H.game()
    local before = g:state_hash()
    assert.error_matches(function() g:add_static{ spell_cost = "{Q}" } end, "bad argument #1 to 'add_static' (spell_cost",
      1, true)
    assert.error_matches(function() g:add_static{ rules = { land_plays = -1 } } end,
      "rules.land_plays must be a non-negative integer or math.huge, got -1", 1, true)
    assert.error_matches(function() g:add_static{ spell_cost = "{1}", power = 1 } end, "make two effects", 1, true)
    assert.error_matches(function() g:add_static{ rules = { mana_as = { white = { "pink" } } } } end,
      "unknown color \"pink\"", 1, true)
    assert.are.equal(before, g:state_hash())
  end)
end)

describe("rules.land_plays (extra land plays: Fastbond; 212.6)", function()
  it("n lands a turn; math.huge: any number; 1 again once it ends", function()
    local g, ann = H.game()
    g:begin_turn(ann)
    local ls = {}
    for i = 1, 4 do ls[i] = hand(g, forest, ann) end
    local e = g:add_static{ affects = ann, rules = { land_plays = math.huge } }
    g:play_land(ann, ls[1]); g:play_land(ann, ls[2]); g:play_land(ann, ls[3])
    g:remove_static(e)
    assert.error_matches(function() g:play_land(ann, ls[4]) end, "already played 3 land(s)", 1, true)
    assert.are.equal(3, #g:permanents(ann, "Land"))
  end)

  it("any number really is any number: 300 lands in a turn are counted (no byte-wide count; 212.6c)", function()
    local g, ann = H.game()
    g:begin_turn(ann)
    g:add_static{ affects = ann, rules = { land_plays = math.huge } }
    for _ = 1, 300 do g:play_land(ann, hand(g, forest, ann)) end
    assert.are.same({ 300, 300 }, { g:lands_played(ann), #g:permanents(ann, "Land") })
    g:begin_turn(ann)
    assert.are.equal(0, g:lands_played(ann))
  end)
end)

describe("rules.mana_as (spend mana as though it were another color: Sunglasses of Urza; 424.4)", function()
  it("white mana pays a red symbol for the affected player only", function()
    local g, ann, bob = H.game()
    local bolt = arbiter.card{ name = "Bolt", types = { "Instant" }, colors = { "red" }, cost = "{R}",
      targets = { "player" }, resolve = function(obj, game) game:damage(obj.card, obj.targets[1], 3) end }
    local p = bf(g, plains, ann)
    bf(g, plains, bob)
    local s = hand(g, bolt, ann)
    local t = hand(g, bolt, bob)
    local before = g:state_hash()
    assert.error_matches(function() g:cast(ann, s, { targets = { bob } }) end, "1 red short", 1, true)
    assert.are.equal(before, g:state_hash())
    g:add_static{ affects = ann, rules = { mana_as = { white = { "red" } } } }
    g:cast(ann, s, { targets = { bob } })
    assert.is_true(p.tapped)
    g:settle()
    assert.are.equal(17, bob.life)
    assert.error_matches(function() g:cast(bob, t, { targets = { ann } }) end, "1 red short", 1, true)
  end)

  it("a clone's player has the effect too, its source is the clone's own card (the soak found it)", function()
    local g, ann, bob = H.game()
    local bolt = arbiter.card{ name = "Bolt", types = { "Instant" }, colors = { "red" }, cost = "{R}",
      targets = { "player" }, resolve = function(obj, game) game:damage(obj.card, obj.targets[1], 3) end }
    local glasses = bf(g, arbiter.card{ name = "Sunglasses", types = { "Artifact" } }, ann)
    bf(g, plains, ann)
    hand(g, bolt, ann)
    g:add_static{ affects = ann, source = glasses, rules = { mana_as = { white = { "red" } } } }
    local c = g:clone()
    local cann = c.players[1]
    c:cast(cann, cann.hand:cards()[1], { targets = { c.players[2] } })
    c:settle()
    assert.are.same({ 17, 20 }, { c.players[2].life, bob.life })        -- the original untouched
    local c2 = g:clone()
    c2:move(c2:card(glasses.id), "graveyard")     -- the clone's source leaves: its effect ends there only
    local cann2 = c2.players[1]
    assert.error_matches(function() c2:cast(cann2, cann2.hand:cards()[1], { targets = { c2.players[2] } }) end,
      "1 red short", 1, true)
    g:cast(ann, ann.hand:cards()[1], { targets = { bob } })
    g:settle()
    assert.are.equal(17, bob.life)
  end)
end)

describe("triggered mana abilities (g:trigger{mana = true}: Mana Flare; 411.3)", function()
  local function flare(g, card)
    return g:trigger{ event = "mana", mana = true, controller = card.controller, source = card,
      condition = function(ev) return ev.source ~= nil and ev.source:is("Land") end,
      effect = function(ev, game) game:add_mana(ev.player, ev.mana) end }
  end

  it("resolves at once, and its mana pays the payment in progress", function()
    local g, ann = H.game()
    local f = bf(g, arbiter.card{ name = "Flare", types = { "Enchantment" } }, ann)
    flare(g, f)
    local m = bf(g, mountain, ann)
    local m2 = bf(g, mountain, ann)
    local s = hand(g, arbiter.card{ name = "Ogre", types = { "Creature" }, cost = "{1}{R}", power = 2,
      toughness = 2 }, ann)
    g:cast(ann, s)                 -- one Mountain and the Flare's {R} pay {1}{R}
    assert.are.same({ true, false, 0 }, { m.tapped, m2.tapped, ann.mana.red })
    assert.are.equal(0, #g:stack_objects() - 1)   -- only the spell: the mana ability used no stack
    g:activate(ann, m2, 1)
    assert.are.equal(2, ann.mana.red)
  end)

  it("ends when its source leaves the battlefield", function()
    local g, ann = H.game()
    local f = bf(g, arbiter.card{ name = "Flare", types = { "Enchantment" } }, ann)
    flare(g, f)
    g:destroy(f)
    local m = bf(g, mountain, ann)
    g:activate(ann, m, 1)
    assert.are.equal(1, ann.mana.red)
  end)
end)

describe("abilities a player has (g:add_ability, g:abilities: Channel; 411)", function()
  it("a mana ability of the player: its cost (what ask_pay takes) paid, its mana added; ends with the turn", function()
    local g, ann, bob = H.game()
    g:begin_turn(ann)
    local h = g:add_ability{ controller = ann, cost = { life = 1 }, mana = "{1}", duration = "end_of_turn" }
    assert.are.same({ h }, g:abilities(ann))
    assert.are.same({}, g:abilities(bob))
    assert.is_nil(g:activate(ann, h))
    g:activate(ann, h)
    assert.are.same({ 18, 2 }, { ann.life, ann.mana.colorless })
    assert.error_matches(function() g:activate(bob, h) end, "is not Bob's ability", 1, true)
    local c = g:clone()                            -- a clone's player has it too (handles are shared)
    assert.are.same({ h }, c:abilities(c.players[1]))
    c:activate(c.players[1], h)
    assert.are.same({ 17, 18 }, { c.players[1].life, ann.life })
    ann.life = 0
    local before = g:state_hash()
    assert.error_matches(function() g:activate(ann, h) end, "cost wasn't paid (422", 1, true)
    assert.are.equal(before, g:state_hash())
    g:begin_turn(bob)
    assert.are.same({}, g:abilities(ann))
  end)

  it("a clone's handles hold no player of the original: the clone's abilities are its players' (by index; 102.1: a player is one of the people in that game)", function()
    local g, ann = H.game()
    g:begin_turn(ann)
    local h = g:add_ability{ controller = ann, cost = "{0}", mana = "{1}" }
    for _, v in pairs(h) do assert.is_true(arbiter.core.kind(v) == nil, "a handle holds " .. tostring(v)) end
    local c = g:clone()
    local cann = c.players[1]
    assert.are.same({ h }, c:abilities(cann))
    c:activate(cann, h)
    assert.are.same({ 1, 0 }, { cann.mana.colorless, ann.mana.colorless })   -- the clone's player got it
  end)

  it("bad input names add_ability and the field", function()
    local g, ann = H.game()
    assert.error_matches(function() g:add_ability{ controller = ann, cost = "{Q}", mana = "{1}" } end,
      "bad argument #1 to 'add_ability' (cost: unknown mana symbol {Q}", 1, true)
    assert.error_matches(function() g:add_ability{ controller = ann, cost = "{1}" } end, "mana (the mana it adds", 1,
      true)
  end)
end)

describe("an activated entry's who = \"owner\" (\"only its owner may activate this ability\"; 403.2)", function()
  it("the owner activates it whoever controls it; the controller can't", function()
    local g, ann, bob = H.game()
    local c = bf(g, arbiter.card{ name = "Idol", types = { "Artifact" }, activated = {
      { cost = "{0}", who = "owner", effect = function(obj, game) game:gain_life(obj.controller, 1) end } } }, ann)
    g:gain_control(c, bob)
    assert.error_matches(function() g:activate(bob, c, 1) end, "only its owner may activate", 1, true)
    g:activate(ann, c, 1)
    g:settle()
    assert.are.equal(21, ann.life)
    assert.error_matches(function()
      arbiter.card{ name = "Bad", types = { "Artifact" }, activated = { { cost = "{0}", who = "anyone" } } }
    end, "who must be \"owner\" or nil", 1, true)
  end)
end)

describe("cost and mana rules are in the state hash (422 and replays compare hashes)", function()
  local kinds = {
    { spell_cost = "{1}" }, { ability_cost = "{2}" },
    { rules = { mana_as = { white = { "red" } } } }, { rules = { land_plays = math.huge } },
  }
  for _, spec in ipairs(kinds) do
    local name = next(spec.rules or spec)
    it(name .. ": adding one changes the hash; a failed action adding one leaves it; removing it restores it", function()
      local g, ann = H.game()
      local before = g:state_hash()
      local s = {}
      for k, v in pairs(spec) do s[k] = v end
      s.affects = ann
      assert.is_false(g:attempt(function() g:add_static(s); error("undone") end))
      assert.are.equal(before, g:state_hash())
      local h = g:add_static(s)
      local with = g:state_hash()
      assert.are_not.equal(before, with)
      assert.are.equal(with, g:clone():state_hash())
      g:remove_static(h)
      assert.are.equal(before, g:state_hash())
    end)
  end

  it("two games that differ only in the rule's value hash differently", function()
    local g1, a1 = H.game()
    local g2, a2 = H.game()
    g1:add_static{ affects = a1, rules = { land_plays = 2 } }
    g2:add_static{ affects = a2, rules = { land_plays = 3 } }
    assert.are_not.equal(g1:state_hash(), g2:state_hash())
  end)
end)

describe("a triggered mana ability's controller is read as it triggers (410)", function()
  it("its source changes control: the new controller controls what it triggers; spec.controller without a source", function()
    local g, ann, bob = H.game()
    local idol = bf(g, arbiter.card{ name = "Idol", types = { "Artifact" } }, ann)
    local seen = {}
    g:trigger{ event = "mana", mana = true, controller = ann, source = idol,
      condition = function(ev) return ev.source == nil end,
      effect = function(_, _, _, obj) seen[#seen + 1] = obj.controller end }
    g:trigger{ event = "mana", mana = true, controller = bob,
      condition = function(ev) return ev.source == nil end,
      effect = function(_, _, _, obj) seen[#seen + 1] = obj.controller end }
    g:add_mana(ann, "{1}")
    g:gain_control(idol, bob)
    g:add_mana(ann, "{1}")
    assert.are.same({ ann, bob, bob, bob }, seen)
  end)
end)

-- Ann's main phase begun, both players' agents playing their main phases themselves
local function new_game()
  local g, ann, bob = H.game()
  g:set_agent(ann, { main = function() end }); g:set_agent(bob, { main = function() end })
  g:begin_turn(ann); g:main_phase()
  return g, ann, bob
end

describe("an ability a player has that uses the stack (g:add_ability with an effect: Guardian Angel; 409.1, 116)", function()
  local function gain(obj, game) game:gain_life(obj.controller, 1) end

  it("activated at instant speed, it goes on the stack (409.1a), is paid, and resolves with its objects", function()
    local g, ann, bob = new_game()
    local bear = bf(g, H.bear, bob)
    local seen
    local h = g:add_ability{ controller = ann, cost = "{1}", objects = { bob, bear },
      effect = function(obj, game) seen = obj.objects; game:gain_life(obj.controller, 1) end }
    g:add_mana(ann, "{W}")
    local obj = g:activate(ann, h)
    assert.are.same({ "ability", 1, 0 }, { obj.kind, #g:stack_objects(), ann.mana.white })
    assert.is_nil(obj.card)
    assert.are.equal(ann, obj.controller)
    assert.are.equal(1, #H.events(g, "activate"))
    g:settle()
    assert.are.same({ 21, 0 }, { ann.life, #g:stack_objects() })
    assert.are.same({ bob, bear }, seen)
  end)

  it("a remembered card that changed zones reads false (217.1c)", function()
    local g, ann, bob = new_game()
    local bear = bf(g, H.bear, bob)
    local seen
    local h = g:add_ability{ controller = ann, cost = "{0}", objects = { bear },
      effect = function(obj) seen = obj.objects[1] end }
    g:move(bear, "hand"); g:move(bear, "battlefield")
    g:activate(ann, h); g:settle()
    assert.is_false(seen)
  end)

  it("only while its controller could cast an instant: not while another player holds priority (116)", function()
    local g, ann, bob = new_game()
    local h = g:add_ability{ controller = ann, cost = "{0}", effect = gain }
    local err
    g:set_agent(bob, { main = function() end, priority = function(_, game)
      if not err then err = select(2, pcall(game.activate, game, ann, h)) end
    end })
    hand(g, white_spell, bob)                       -- an instant in hand: Bob is asked
    g:settle()
    assert.matches("doesn't hold priority", err, 1, true)
  end)

  it("its controller is asked for priority while it lasts, even with nothing else to do; it ends as cleanup begins (314.2)", function()
    local g, ann = new_game()
    local asked = 0
    g:set_agent(ann, { main = function() end, priority = function() asked = asked + 1 end })
    g:settle()
    assert.are.equal(0, asked)                      -- nothing to cast or activate: not asked
    local h = g:add_ability{ controller = ann, cost = "{0}", effect = gain, duration = "end_of_turn" }
    g:settle()
    assert.are.equal(1, asked)
    g:end_step(); g:cleanup_step()
    assert.are.same({}, g:abilities(ann))
    assert.error_matches(function() g:activate(ann, h) end, "has ended", 1, true)
  end)

  it("a recorded game that activates one replays: the handle is recorded by its number (409.1a)", function()
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 3, record = true }
    local ann, bob = g.players[1], g.players[2]
    g:set_agent(ann, { main = function() end }); g:set_agent(bob, { main = function() end })
    local healer = arbiter.card{ name = "Healer", types = { "Instant" }, cost = "{0}",
      resolve = function(obj, game)
        game:add_ability{ controller = obj.controller, cost = "{0}", effect = gain, duration = "end_of_turn" }
      end }
    local c = hand(g, healer, ann)
    g:begin_turn(ann); g:main_phase()
    g:cast(ann, c); g:settle()
    g:activate(ann, g:abilities(ann)[1]); g:settle()
    assert.are.equal(21, ann.life)
    local r = assert(arbiter.replay(g:recording()))
    assert.are.same({ g:state_hash(), 21 }, { r:state_hash(), r.players[1].life })
  end)

  it("an unpaid cost undoes the activation whole (422); bad specs name add_ability", function()
    local g, ann = new_game()
    local h = g:add_ability{ controller = ann, cost = "{2}", effect = gain }
    local before = g:state_hash()
    assert.error_matches(function() g:activate(ann, h) end, "cost wasn't paid (422", 1, true)
    assert.are.same({ before, 0 }, { g:state_hash(), #g:stack_objects() })
    assert.error_matches(function() g:add_ability{ controller = ann, cost = "{1}", mana = "{1}", effect = gain } end,
      "mana (a mana ability) or effect, not both", 1, true)
    assert.error_matches(function() g:add_ability{ controller = ann, cost = "{1}", effect = 3 } end,
      "effect: function expected", 1, true)
    assert.error_matches(function() g:add_ability{ controller = ann, cost = "{1}", effect = gain, objects = { 3 } } end,
      "bad argument #1 to 'add_ability'", 1, true)
  end)
end)

describe("a special action a player may take (g:add_ability with stack = false: Guardian Angel's {1}; 408.2i, 408.1c)", function()

  it("paid and done at once: no stack object, a \"special_action\" event, not \"activate\" (408.2)", function()
    local g, ann, bob = new_game()
    local bear = bf(g, H.bear, bob)
    local seen
    local h = g:add_ability{ controller = ann, cost = "{1}", objects = { bob, bear }, stack = false,
      effect = function(obj, game) seen = obj; game:gain_life(obj.controller, 1) end }
    g:add_mana(ann, "{W}")
    assert.is_nil(g:activate(ann, h))
    assert.are.same({ 0, 0, 21 }, { #g:stack_objects(), ann.mana.white, ann.life })
    assert.are.same({ "special action", ann, h.n, { bob, bear } }, { seen.kind, seen.controller, seen.ability, seen.objects })
    assert.are.same({ 0, 1 }, { #H.events(g, "activate"), #H.events(g, "special_action") })
    assert.are.same({ ann, h.n }, { H.events(g, "special_action")[1].player, H.events(g, "special_action")[1].amount })
  end)

  it("only while its player holds priority (408.2i); an unpaid cost undoes it (422); stack must be a boolean", function()
    local g, ann, bob = new_game()
    local function gain(obj, game) game:gain_life(obj.controller, 1) end
    local h = g:add_ability{ controller = ann, cost = "{0}", stack = false, effect = gain }
    local err
    g:set_agent(bob, { main = function() end, priority = function(_, game)
      if not err then err = select(2, pcall(game.activate, game, ann, h)) end
    end })
    hand(g, white_spell, bob)
    g:settle()
    assert.matches("doesn't hold priority", err, 1, true)
    local h2 = g:add_ability{ controller = ann, cost = "{2}", stack = false, effect = gain }
    local before = g:state_hash()
    assert.error_matches(function() g:activate(ann, h2) end, "cost wasn't paid (422", 1, true)
    assert.are.same({ before, 20 }, { g:state_hash(), ann.life })
    assert.error_matches(function() g:add_ability{ controller = ann, cost = "{1}", effect = gain, stack = 0 } end,
      "stack must be a boolean", 1, true)
    assert.error_matches(function() g:add_ability{ controller = ann, cost = "{1}", mana = "{1}", stack = false } end,
      "stack is for an ability with an effect", 1, true)
  end)

  it("taken by an agent at priority, the same player gets priority again (408.1c); a recorded game replays", function()
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 3, record = true }
    local ann, bob = g.players[1], g.players[2]
    local asked = 0
    g:set_agent(ann, { main = function() end, priority = function(_, game)
      asked = asked + 1
      if asked == 1 then return { activate = game:abilities(ann)[1] } end
    end })
    g:set_agent(bob, { main = function() end })
    g:begin_turn(ann); g:main_phase()
    g:add_ability{ controller = ann, cost = "{0}", stack = false,
      effect = function(obj, game) game:gain_life(obj.controller, 1) end }
    g:settle()
    assert.are.same({ 2, 21 }, { asked, ann.life })
    local r = assert(arbiter.replay(g:recording()))
    assert.are.same({ g:state_hash(), 21 }, { r:state_hash(), r.players[1].life })
  end)
end)
