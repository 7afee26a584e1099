-- What a newcomer tripped on writing cards from the docs alone (issue 31 item 8).
local arbiter = require("arbiter")

describe("arbiter.agents.mana_value", function()
  it("takes a definition (as docs/API.md says) or a cost: its mana value (202.3)", function()
    local mv = arbiter.agents.mana_value
    local bolt = arbiter.card{ name = "Bolt", types = { "Instant" }, cost = "{R}" }
    local wurm = arbiter.card{ name = "Wurm", types = { "Creature" }, cost = "{4}{G}{G}", power = 6, toughness = 4 }
    assert.are.equal(1, mv(bolt))
    assert.are.equal(6, mv(wurm))
    assert.are.equal(6, mv("{4}{G}{G}"))
    assert.are.equal(1, mv("{X}{R}"))
    assert.are.equal(0, mv(arbiter.card{ name = "Forest", types = { "Land" } }))
  end)
end)

describe("g:end_turn()", function()
  local bolt = arbiter.card{ name = "Lightning Bolt", types = { "Instant" }, cost = "{R}",
    targets = { "creature or player" }, resolve = function(obj, g) g:damage(obj.card, obj.targets[1], 3) end }
  local pyro = arbiter.card{ name = "Lava Spike", types = { "Sorcery" }, cost = "{1}{R}",
    resolve = function(obj, g) g:damage(obj.card, g.players[1], 3) end }

  it("leaves the turn: g.step nil, so set-up casts a sorcery with timing unchecked again (116)", function()
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1 }
    local ann, bob = g.players[1], g.players[2]
    g:play_turn()
    assert.are.equal("cleanup", g.step)
    local s = g:create(pyro, { owner = bob, zone = "hand" })     -- Bob isn't active: 116 refuses
    g:add_mana(bob, "{R}{R}")
    assert.has_error(function() g:cast(bob, s) end)
    assert.are.equal("hand", s.zone)
    assert.are.equal(2, bob.mana.red)
    g:end_turn()
    assert.is_nil(g.step)
    assert.are.equal(0, bob.mana.red)                             -- the step ended: pools empty (300.3)
    g:add_mana(bob, "{R}{R}")
    g:cast(bob, s)                                               -- outside a turn: no timing check
    g:settle()
    assert.are.equal("graveyard", s.zone)
    assert.are.equal(17, ann.life)
    g:begin_turn()                                               -- turns go on as before
    assert.are.equal(bob, g.active_player)
    g:untap_step()
    assert.are.equal("untap", g.step)
    assert.are.equal(ann, g.players[1])
  end)

  it("refuses while something is on the stack, the game unchanged; outside a turn it does nothing", function()
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1 }
    local ann = g.players[1]
    g:end_turn()
    assert.is_nil(g.step)
    g:begin_turn(); g:untap_step(); g:upkeep_step()
    local b = g:create(bolt, { owner = ann, zone = "hand" })
    g:add_mana(ann, "{R}")
    g:cast(ann, b, { targets = { g.players[2] } })
    local before = g:state_hash()
    local ok, err = pcall(g.end_turn, g)
    assert.is_false(ok)
    assert.truthy(tostring(err):find("end_turn: the stack is not empty", 1, true))
    assert.are.equal(before, g:state_hash())
    assert.are.equal("upkeep", g.step)
  end)
end)

describe("what docs/API.md says of Auras and permanent spells", function()
  it("an Aura spell's install runs before it is attached; a permanent spell's resolve never runs", function()
    local seen, resolved = {}, false
    local aura = arbiter.card{ name = "Test Aura", types = { "Enchantment" }, subtypes = { "Aura" },
      cost = "{G}", enchant = "creature", targets = { "creature" },
      resolve = function() resolved = true end,
      install = function(_, card) seen[#seen + 1] = card.attached_to or false end }
    local bears = arbiter.card{ name = "Bears", types = { "Creature" }, power = 2, toughness = 2 }
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1 }
    local ann = g.players[1]
    local b = g:create(bears, { owner = ann, zone = "battlefield" })
    local a = g:create(aura, { owner = ann, zone = "hand" })
    g:add_mana(ann, "{G}")
    g:cast(ann, a, { targets = { b } })
    g:settle()
    assert.are.equal("battlefield", a.zone)
    assert.are.equal(b, a.attached_to)
    assert.are.same({ false }, seen)      -- install ran once, not yet attached
    assert.is_false(resolved)
  end)
end)

describe("one signature: resolve(obj, g, source) for spells, activated and triggered abilities", function()
  it("a trigger's resolve(obj, g, source, ev) and an ability's resolve(obj, g, source); effect still works", function()
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1 }
    local ann, bob = g.players[1], g.players[2]
    local seen = {}
    local pinger = arbiter.card{ name = "Pinger", types = { "Artifact" },
      activated = { { cost = "{T}", targets = { "player" },
        resolve = function(obj, game, source) game:damage(source, obj.targets[1], 1) end },
        { cost = "{1}", effect = function(obj, game, source) game:damage(source, obj.controller, 1) end } } }
    local p = g:create(pinger, { owner = ann, zone = "battlefield" })
    g:trigger{ event = "damage", controller = ann, source = p,
      resolve = function(obj, game, source, ev)
        seen[#seen + 1] = { obj.kind, obj.controller, source, ev.type, ev.amount, game == g }
      end }
    g:trigger{ event = "damage", controller = bob,                 -- the older signature
      effect = function(ev, game, source, obj) seen[#seen + 1] = { "old", ev.amount, source, obj.kind, game == g } end }
    g:activate(ann, p, 1, { targets = { bob } })
    g:settle()
    assert.are.equal(19, bob.life)
    -- APNAP (410): Ann's trigger goes on the stack first, Bob's resolves first
    assert.are.same({ { "old", 1, nil, "ability", true }, { "ability", ann, p, "damage", 1, true } }, seen)
    g:add_mana(ann, "{1}")
    g:activate(ann, p, 2)
    g:settle()
    assert.are.equal(19, ann.life)
    assert.has_error(function()
      g:trigger{ event = "damage", controller = ann, resolve = function() end, effect = function() end }
    end, "bad argument #1 to 'trigger' (give resolve or effect, not both)")
  end)
end)
