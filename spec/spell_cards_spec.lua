-- The example spells and abilities (examples/cards/): each played through the stack with the
-- interaction that makes it what it is — a response, a counter, a fizzle (116, 405, 406, 413).
local H = require("spec.helpers")
local arbiter = H.arbiter

local function card(file) return dofile("examples/cards/" .. file .. ".lua").def end
local bolt, counterspell, growth = card("lightning_bolt"), card("counterspell"), card("giant_growth")
local fog, sorcerer, brainstorm, wheel = card("fog"), card("prodigal_sorcerer"), card("brainstorm"),
  card("wheel_of_fortune")

local function basic(name) return arbiter.card{ name = name, types = { "Land" }, subtypes = { name }, supertypes = { "Basic" } } end
local mountain, island, forest = basic("Mountain"), basic("Island"), basic("Forest")

local function lands(g, p, def, n)
  for _ = 1, n do g:create(def, { owner = p, zone = "battlefield" }) end
end

-- an agent that answers priority from a queue of functions (nil: pass)
local function queue(list)
  local i = 0
  return { priority = function(p, g)
    i = i + 1
    local f = list[i]
    return f and f(p, g) or nil
  end }
end

describe("Lightning Bolt and Giant Growth: a response resolves first (116)", function()
  it("Growth in response to Bolt saves the creature; a Bolt on a creature that left fizzles", function()
    local g, ann, bob = H.game()
    lands(g, ann, mountain, 2)
    lands(g, bob, forest, 1)
    local bear = g:create(H.bear, { owner = bob, zone = "battlefield" })
    local b = g:create(bolt, { owner = ann, zone = "hand" })
    local gg = g:create(growth, { owner = bob, zone = "hand" })
    g:set_agent(ann, queue({ function() return { cast = b, targets = { bear } } end }))
    g:set_agent(bob, queue({ function() return { cast = gg, targets = { bear } } end }))
    g:settle()
    assert.equal("battlefield", bear.zone)          -- 5/5 when the Bolt resolved
    assert.equal(3, bear.damage)
    assert.equal(5, bear.power)
    assert.same({ "graveyard", "graveyard" }, { b.zone, gg.zone })
    -- fizzle: the target leaves before the Bolt resolves (413)
    local b2 = g:create(bolt, { owner = ann, zone = "hand" })
    g:cast(ann, b2, { targets = { bear } })
    g:move(bear, "hand")
    g:settle()
    assert.equal("graveyard", b2.zone)
    assert.equal(0, #H.events(g, "damage") - 1)      -- only the first Bolt dealt damage
  end)
end)

describe("Counterspell (413: countered; a spell whose target is gone is countered on resolution)", function()
  it("counters a Bolt: the Bolt goes to the graveyard, nothing is dealt", function()
    local g, ann, bob = H.game()
    lands(g, ann, mountain, 1)
    lands(g, bob, island, 2)
    local b = g:create(bolt, { owner = ann, zone = "hand" })
    local cs = g:create(counterspell, { owner = bob, zone = "hand" })
    g:set_agent(ann, queue({ function() return { cast = b, targets = { bob } } end }))
    g:set_agent(bob, queue({ function(_, game) return { cast = cs, targets = { game:stack_objects()[1] } } end }))
    g:settle()
    assert.equal(20, bob.life)
    assert.same({ "graveyard", "graveyard" }, { b.zone, cs.zone })
  end)

  it("with its target gone it is countered on resolution itself", function()
    local g, ann, bob = H.game()
    lands(g, ann, mountain, 1)
    lands(g, bob, island, 2)
    local b = g:create(bolt, { owner = ann, zone = "hand" })
    local cs = g:create(counterspell, { owner = bob, zone = "hand" })
    local o = g:cast(ann, b, { targets = { bob } })
    g:cast(bob, cs, { targets = { o } })
    g:counter(o)                                     -- something else countered the Bolt first
    g:settle()
    assert.equal("graveyard", cs.zone)
    assert.equal(20, bob.life)
  end)
end)

describe("Fog (419 prevention; 310 combat damage)", function()
  it("cast in the declare blockers step prevents that turn's combat damage only", function()
    local g, ann, bob = H.game()
    lands(g, bob, forest, 1)
    local atk = g:create(arbiter.card{ name = "Ogre", types = { "Creature" }, power = 3, toughness = 3 },
      { owner = ann, zone = "battlefield" })
    local f = g:create(fog, { owner = bob, zone = "hand" })
    g:set_agent(bob, { priority = function(_, game)
      if game.step == "declare_blockers" and f.zone == "hand" then return { cast = f } end
    end, block = function() return {} end })
    g:set_agent(ann, { attack = function() return { atk } end })
    g:begin_turn(ann)
    g:combat_phase()
    assert.equal(20, bob.life)
    assert.equal("graveyard", f.zone)
    assert.equal(1, #H.events(g, "attack"))
    g:damage(atk, bob, 1)                            -- not combat damage: not prevented
    assert.equal(19, bob.life)
  end)
end)

describe("Prodigal Sorcerer", function()
  it("pings in response; {T} only once, and not while summoning sick (502.5b)", function()
    local g, ann, bob = H.game()
    local s = g:create(sorcerer, { owner = ann, zone = "battlefield" })
    local sick = g:create(sorcerer, { owner = bob, zone = "battlefield", sick = true })
    local o = g:activate(ann, s, 1, { targets = { bob } })
    assert.equal("ability", o.kind)
    assert.error_matches(function() g:activate(bob, sick, 1, { targets = { ann } }) end, "summoning sickness")
    assert.error_matches(function() g:activate(ann, s, 1, { targets = { bob } }) end, "is tapped")
    g:settle()
    assert.equal(19, bob.life)
    -- the ability is independent of its source: it resolves after the Sorcerer dies
    s:untap()
    g:activate(ann, s, 1, { targets = { sick } })
    g:move(s, "graveyard")
    g:settle()
    assert.equal("graveyard", sick.zone)            -- 1 damage to a 1/1
  end)
end)

describe("Brainstorm (423 draws)", function()
  it("draws three, then puts back the two cards its controller chooses", function()
    local g, ann = H.game()
    local lib = H.deck(g, ann, 5)
    lands(g, ann, island, 1)
    local bs = g:create(brainstorm, { owner = ann, zone = "hand" })
    local keep = g:create(H.plain, { owner = ann, zone = "hand" })
    local put = {}
    g:set_agent(ann, { choose = function(_, what, options)
      if what == "brainstorm" then
        for _, c in ipairs(options) do
          if c ~= keep and c ~= lib[1] then put[#put + 1] = c; return c end
        end
      end
      return options[1]
    end })
    g:cast(ann, bs)
    g:settle()
    assert.equal(2, #ann.hand)                      -- keep + the first card drawn
    assert.equal(4, #ann.library)
    assert.equal("hand", lib[1].zone)
    assert.equal(put[2], ann.library:top())         -- the second card put back is on top
    assert.equal(put[1], ann.library:cards()[2])
    assert.equal("graveyard", bs.zone)
  end)
end)

describe("Wheel of Fortune (413: a spell is on the stack while it resolves)", function()
  it("doesn't discard itself: it is on the stack while each player discards and draws seven", function()
    local g, ann, bob = H.game()
    H.deck(g, ann, 10)
    H.deck(g, bob, 10)
    lands(g, ann, mountain, 3)
    local w = g:create(wheel, { owner = ann, zone = "hand" })
    g:create(H.plain, { owner = ann, zone = "hand" })
    g:create(H.plain, { owner = bob, zone = "hand" })
    g:create(H.plain, { owner = bob, zone = "hand" })
    g:begin_turn(ann)
    g:cast(ann, w)
    assert.equal("stack", w.zone)
    g:settle()
    assert.same({ 7, 7 }, { #ann.hand, #bob.hand })
    assert.same({ 2, 2 }, { #ann.graveyard, #bob.graveyard })   -- Ann: 1 card + the Wheel itself
    assert.equal("graveyard", w.zone)
    assert.equal(3, #H.events(g, "discard"))        -- three cards discarded, the Wheel not among them
  end)
end)

describe("agents.simple holding priority (116)", function()
  it("burns an opponent at 3 life, counters the opponent's spell, Fogs lethal combat damage", function()
    local g, ann, bob = H.game()
    lands(g, ann, mountain, 1)
    local b = g:create(bolt, { owner = ann, zone = "hand" })
    g:set_agent(ann, arbiter.agents.simple())
    bob.life = 3
    g:settle()
    assert.equal("graveyard", b.zone)
    assert.is_true(bob.lost)

    local g2, a2, b2 = H.game()
    lands(g2, a2, mountain, 1)
    lands(g2, b2, island, 2)
    local bolt2 = g2:create(bolt, { owner = a2, zone = "hand" })
    local cs = g2:create(counterspell, { owner = b2, zone = "hand" })
    g2:set_agent(b2, arbiter.agents.simple())
    g2:cast(a2, bolt2, { targets = { b2 } })        -- a host stands in for Ann
    g2:settle()
    assert.same({ "graveyard", "graveyard", 20 }, { bolt2.zone, cs.zone, b2.life })

    local g3, a3, b3 = H.game()
    lands(g3, b3, forest, 1)
    local f = g3:create(fog, { owner = b3, zone = "hand" })
    for _ = 1, 2 do g3:create(arbiter.card{ name = "Giant", types = { "Creature" }, power = 6, toughness = 6 },
      { owner = a3, zone = "battlefield" }) end
    g3:set_agent(b3, arbiter.agents.simple())
    g3:set_agent(a3, arbiter.agents.simple())
    b3.life = 10
    g3:begin_turn(a3)
    g3:combat_phase()
    assert.equal("graveyard", f.zone)
    assert.equal(10, b3.life)
  end)
end)

-- issue 33: the simple agent offers only targets the engine's own check accepts (413), the card's
-- filter included: Terror ("nonartifact, nonblack creature") never goes on its own black creature
describe("agents.simple targets what the card's filter allows (413)", function()
  local terror = require("arbiter.sets.alpha.terror")
  local swamp = basic("Swamp")
  local function fight(bob_color)
    local g, ann, bob = H.game()
    lands(g, ann, swamp, 2)
    local t = g:create(terror, { owner = ann, zone = "hand" })
    local knight = g:create(arbiter.card{ name = "Knight", types = { "Creature" }, colors = { "black" },
      power = 2, toughness = 2 }, { owner = ann, zone = "battlefield" })
    local bear = g:create(arbiter.card{ name = "Bear", types = { "Creature" }, colors = { bob_color },
      power = 2, toughness = 2 }, { owner = bob, zone = "battlefield" })
    g:set_agent(ann, arbiter.agents.simple())
    g:set_agent(bob, arbiter.agents.simple())
    g:begin_turn(bob)
    g:combat_phase()                  -- Bob attacks, Ann's Knight blocks (a trade)
    return t, knight, bear
  end

  it("casts Terror on the opponent's nonblack creature, not on its own black one", function()
    local t, knight, bear = fight("green")
    assert.same({ "graveyard", "graveyard", "battlefield" }, { t.zone, bear.zone, knight.zone })
  end)

  it("with only black creatures in the fight, keeps Terror (no illegal target offered)", function()
    local t, knight, bear = fight("black")
    assert.equal("hand", t.zone)
    assert.same({ "graveyard", "graveyard" }, { knight.zone, bear.zone })   -- the trade
  end)
end)

describe("agents.simple with Terror plays whole games without an illegal target (413, issue 33)", function()
  it("g:play reaches a result; every Terror the agent casts targets a nonblack creature", function()
    local terror = require("arbiter.sets.alpha.terror")
    local swamp, forest2 = basic("Swamp"), basic("Forest")
    local knight = arbiter.card{ name = "Knight", types = { "Creature" }, colors = { "black" }, cost = "{B}",
      power = 2, toughness = 2 }
    local bear = arbiter.card{ name = "Bear", types = { "Creature" }, colors = { "green" }, cost = "{G}",
      power = 2, toughness = 2 }
    local casts = 0
    for seed = 1, 4 do
      local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = seed }
      local ann, bob = g.players[1], g.players[2]
      for _ = 1, 16 do g:create(swamp, { owner = ann }); g:create(forest2, { owner = bob }) end
      for _ = 1, 14 do g:create(knight, { owner = ann }); g:create(bear, { owner = bob }) end
      for _ = 1, 10 do g:create(terror, { owner = ann }); g:create(bear, { owner = bob }) end
      local simple = arbiter.agents.simple()
      local inner = simple.priority
      simple.priority = function(p, game, ctx)    -- records the Terrors the agent casts
        local a = inner(p, game, ctx)
        if a and a.cast and a.cast.name == "Terror" then
          casts = casts + 1
          assert.is_false(a.targets[1]:is("black"))   -- never at a black creature
        end
        return a
      end
      g:set_agent(ann, simple); g:set_agent(bob, arbiter.agents.simple())
      g:start()
      local r = g:play{ max_turns = 200 }
      assert.is_table(r)
    end
    assert.is_true(casts > 0)
  end)
end)
