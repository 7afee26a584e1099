-- Stack objects (405, 413) and priority (116): g:stack_objects(), g:counter, g.priority,
-- g:settle() as the priority loop.
local H = require("spec.helpers")
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions
local arbiter = H.arbiter

local mountain = arbiter.card{ name = "Mountain", types = { "Land" }, subtypes = { "Mountain" }, supertypes = { "Basic" } }
local island = arbiter.card{ name = "Island", types = { "Land" }, subtypes = { "Island" }, supertypes = { "Basic" } }
local bolt = arbiter.card{ name = "Lightning Bolt", types = { "Instant" }, colors = { "red" }, cost = "{R}",
  targets = { "creature or player" },
  resolve = function(obj, g, source) if obj.targets[1] then g:damage(source, obj.targets[1], 3) end end }
local shock_spell = arbiter.card{ name = "Counterspell", types = { "Instant" }, colors = { "blue" }, cost = "{U}{U}",
  targets = { "spell" }, resolve = function(obj, g) g:counter(obj.targets[1]) end }
local bears = arbiter.card{ name = "Bears", types = { "Creature" }, power = 2, toughness = 2, cost = "{1}{G}" }

local function lands(g, p, def, n)
  for _ = 1, n do g:create(def, { owner = p, zone = "battlefield" }) end
end

describe("stack objects (405.1, 413)", function()
  it("a cast spell is its card in the stack zone; stack_objects lists top first, unique values", function()
    local g, ann, bob = H.game()
    lands(g, ann, mountain, 2)
    local b1 = g:create(bolt, { owner = ann, zone = "hand" })
    local b2 = g:create(bolt, { owner = ann, zone = "hand" })
    local o1 = g:cast(ann, b1, { targets = { bob } })
    local o2 = g:cast(ann, b2, { targets = { o1.controller } })
    assert.equal("stack", b1.zone)
    assert.equal("stack", b2.zone)
    local objs = g:stack_objects()
    assert.equal(2, #objs)
    assert.equal(o2, objs[1])                 -- top first
    assert.equal(o1, objs[2])
    assert.equal(o1, g:stack_objects()[2])    -- the same Lua value each time
    assert.same({ "spell", b1, ann, bob, 0 }, { o1.kind, o1.card, o1.controller, o1.targets[1], o1.x })
    assert.equal(20, bob.life)                -- nothing resolved yet
    g:settle()                                -- all pass: top resolves first, then the next
    assert.equal(17, bob.life)
    assert.equal(17, ann.life)
    assert.equal("graveyard", b1.zone)
    assert.equal(0, #g:stack_objects())
  end)

  it("g:counter removes a spell to its owner's graveyard; false once it is gone", function()
    local g, ann, bob = H.game()
    lands(g, ann, mountain, 1)
    local b = g:create(bolt, { owner = ann, zone = "hand" })
    local o = g:cast(ann, b, { targets = { bob } })
    assert.is_true(g:counter(o))
    assert.equal("graveyard", b.zone)
    assert.is_false(g:counter(o))
    g:settle()
    assert.equal(20, bob.life)
    assert.error_matches(function() g:counter(5) end, "stack object expected")
  end)

  it("a permanent spell enters the battlefield under its controller's control on resolution", function()
    local g, ann = H.game()
    lands(g, ann, arbiter.card{ name = "Forest", types = { "Land" }, subtypes = { "Forest" } }, 2)
    local c = g:create(bears, { owner = ann, zone = "hand" })
    local entered = {}
    g:on("zone_change", function(ev) entered[#entered + 1] = ev.from .. ">" .. ev.to end)
    g:cast(ann, c)
    assert.equal("stack", c.zone)
    g:settle()
    assert.equal("battlefield", c.zone)
    assert.equal(ann, c.controller)
    assert.same({ "hand>stack", "battlefield>battlefield" }, { entered[1], "battlefield>" .. c.zone })
    assert.equal("stack>battlefield", entered[2])
  end)

  it("a spell's target may be a spell; an illegal target on resolution counters it (413)", function()
    local g, ann, bob = H.game()
    lands(g, ann, mountain, 1)
    lands(g, bob, island, 2)
    local b = g:create(bolt, { owner = ann, zone = "hand" })
    local cs = g:create(shock_spell, { owner = bob, zone = "hand" })
    local o = g:cast(ann, b, { targets = { bob } })
    local c = g:cast(bob, cs, { targets = { o } })
    assert.equal(o, c.targets[1])
    g:settle()
    assert.equal(20, bob.life)                 -- Bolt countered
    assert.equal("graveyard", b.zone)
    assert.equal("graveyard", cs.zone)
  end)

  it("clone and state_hash cover the stack, the pool and priority", function()
    local g, ann, bob = H.game()
    lands(g, ann, mountain, 2)
    local b = g:create(bolt, { owner = ann, zone = "hand" })
    local h0 = g:state_hash()
    g:cast(ann, b, { targets = { bob } })
    local h1 = g:state_hash()
    assert.not_equal(h0, h1)
    local c = g:clone()
    assert.equal(h1, c:state_hash())
    local co = c:stack_objects()
    assert.equal(1, #co)
    assert.equal(c.players[2], co[1].targets[1])   -- the clone's own values
    assert.not_equal(g:stack_objects()[1], co[1])
    g:add_mana(ann, "{R}")
    assert.not_equal(h1, g:state_hash())           -- the pool is state
    assert.equal(1, ann.mana.red)
    assert.equal(0, c.players[1].mana.red)
    c:settle()
    assert.equal(17, c.players[2].life)
    assert.equal(20, bob.life)
    -- a different target is a different state
    local g2 = H.game()
    lands(g2, g2.players[1], mountain, 2)
    g2:cast(g2.players[1], g2:create(bolt, { owner = g2.players[1], zone = "hand" }), { targets = { g2.players[1] } })
    assert.not_equal(h1, g2:state_hash())
  end)
end)

describe("priority (116)", function()
  -- an agent that answers priority from a list of functions, then passes
  local function scripted(list, log, name)
    local i = 0
    return { priority = function(p, g)
      i = i + 1
      log[#log + 1] = name .. "@" .. (g.priority == p and "holds" or "?")
      local f = list[i]
      return f and f(p, g) or nil
    end }
  end

  it("the active player receives priority first; all passing resolves the top; a response resolves first", function()
    local g, ann, bob = H.game()
    lands(g, ann, mountain, 1)
    lands(g, bob, mountain, 1)
    local ab = g:create(bolt, { owner = ann, zone = "hand" })
    local bb = g:create(bolt, { owner = bob, zone = "hand" })
    local log = {}
    g:set_agent(ann, scripted({ function() return { cast = ab, targets = { bob } } end }, log, "Ann"))
    g:set_agent(bob, scripted({ function(_, game)
      assert.equal(1, #game:stack_objects())
      return { cast = bb, targets = { ann } }
    end }, log, "Bob"))
    local order = {}
    g:on("damage", function(ev) order[#order + 1] = ev.target.name end)
    g:settle()
    assert.same({ "Ann", "Bob" }, order)        -- Bob's response resolved first
    assert.same({ 17, 17 }, { ann.life, bob.life })
    assert.equal("Ann@holds", log[1])
    assert.equal("Bob@holds", log[3] or log[2])
    assert.is_nil(g.priority)                   -- nobody holds priority once settle returns
  end)

  it("an agent without priority passes: nobody is asked and nothing is cast", function()
    local g, ann, bob = H.game()
    lands(g, ann, mountain, 1)
    g:create(bolt, { owner = ann, zone = "hand" })
    g:set_agent(ann, { may = function() return false end })
    assert.is_false(GI._could_act(g, ann))
    g:settle()
    assert.equal(20, bob.life)
  end)

  it("a player with nothing to cast or activate is not asked (no call)", function()
    local g, ann = H.game()
    local asked = 0
    g:set_agent(ann, { priority = function() asked = asked + 1 end })
    g:create(bears, { owner = ann, zone = "hand" })   -- not an instant, and no turn main phase
    g:begin_turn(ann)
    g:upkeep_step()
    assert.equal(0, asked)
    g:create(bolt, { owner = ann, zone = "hand" })
    g:settle()
    assert.equal(1, asked)                      -- an instant in hand: asked once, passed
  end)

  it("every step of a turn gives priority (not untap; cleanup only when something triggered)", function()
    local g, ann = H.game()
    g:create(bolt, { owner = ann, zone = "hand" })
    local steps = {}
    g:set_agent(ann, { priority = function(_, game) steps[#steps + 1] = game.step end,
      choose = function(_, _, o) return o[#o] end })
    g:set_agent(g.players[2], { priority = function() end })
    g:play_turn(ann)
    local seen = {}
    for _, s in ipairs(steps) do seen[s] = true end
    for _, s in ipairs({ "upkeep", "draw", "main1", "beginning_of_combat", "main2", "end" }) do
      assert.is_true(seen[s], s)
    end
    assert.is_nil(seen.untap)
    assert.is_nil(seen.cleanup)
  end)
end)

describe("clone and state_hash cover priority (116)", function()
  it("a clone made while a player holds priority holds the same state, priority included", function()
    local g, ann, bob = H.game()
    lands(g, ann, mountain, 1)
    g:create(bolt, { owner = ann, zone = "hand" })
    local checked, inside = false, nil
    g:set_agent(ann, { priority = function(p, game)
      inside = game:state_hash()
      local c = game:clone()
      assert.equal(game:state_hash(), c:state_hash())
      assert.equal(p.index, c.priority.index)
      assert.equal(p, game.priority)
      checked = true
    end })
    local outside = g:state_hash()
    g:settle()
    assert.is_true(checked)
    assert.equal(outside, g:state_hash())             -- nobody holds priority after settle
    assert.not_equal(outside, inside)                 -- the same game but for who holds priority
    assert.is_nil(g.priority)
    assert.equal(20, bob.life)
  end)
end)
