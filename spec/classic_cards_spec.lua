-- Classic cards of 2005-2008 written from the docs (examples/cards/), each played as a game
-- plays it: cast through g:cast with mana from lands, a response, resolution, the real outcome.
local H = require("spec.helpers")
local arbiter = H.arbiter

local function card(file) return dofile("examples/cards/" .. file .. ".lua").def end
local function basic(name) return arbiter.card{ name = name, types = { "Land" }, subtypes = { name }, supertypes = { "Basic" } } end
local LAND = { W = basic("Plains"), U = basic("Island"), B = basic("Swamp"), R = basic("Mountain"), G = basic("Forest") }

-- lands(g, p, "UUB"): one basic land per letter on p's battlefield
local function lands(g, p, spec)
  for ch in spec:gmatch(".") do g:create(LAND[ch], { owner = p, zone = "battlefield" }) end
end
local function bf(g, def, p, opts)
  opts = opts or {}
  opts.owner, opts.zone = p, "battlefield"
  return g:create(def, opts)
end
local function hand(g, def, p) return g:create(def, { owner = p, zone = "hand" }) end

-- Ann's first main phase of a turn; agents: no main-phase plays of their own, targets chosen by
-- pick (a function of the options, or the first option)
local function main_phase(g, pick)
  for _, p in ipairs(g.players) do
    H.deck(g, p, 3)
    g:set_agent(p, { main = function() end, choose = function(_, what, options, ctx)
      return pick and pick(what, options, ctx) or options[1]
    end })
  end
  g:begin_turn(g.players[1]); g:untap_step(); g:upkeep_step(); g:draw_step(); g:main_phase()
end

-- a chooser answering "target" with `c`
local function targeting(c) return function(what, options) if what == "target" then return c end return options[1] end end

describe("Man-o'-War: a comes-into-play trigger (410.10)", function()
  local man_o_war = card("man_o_war")

  it("cast and resolved, it triggers as it enters: the target goes to its owner's hand", function()
    local g, ann, bob = H.game()
    lands(g, ann, "UUU")
    local bear = bf(g, H.bear, bob)
    local m = hand(g, man_o_war, ann)
    main_phase(g, targeting(bear))
    g:cast(ann, m)
    g:settle()
    assert.same({ "battlefield", "hand" }, { m.zone, bear.zone })
    assert.is_true(H.contains(bob.hand:cards(), bear))       -- its owner's hand
  end)

  it("Unsummon in response saves the target: the trigger is countered on resolution (413)", function()
    local g, ann, bob = H.game()
    lands(g, ann, "UUU")
    lands(g, bob, "U")
    local bear = bf(g, H.bear, bob)
    local m = hand(g, man_o_war, ann)
    local u = hand(g, card("unsummon"), bob)
    main_phase(g, targeting(bear))
    g:set_agent(bob, { priority = function(_, game)            -- Bob answers the trigger
      local top = game:stack_objects()[1]
      if top and top.kind == "ability" and u.zone == "hand" then return { cast = u, targets = { bear } } end
    end })
    g:cast(ann, m)
    g:settle()
    assert.same({ "battlefield", "hand", "graveyard" }, { m.zone, bear.zone, u.zone })
    local moves = 0
    for _, ev in ipairs(H.events(g, "zone_change")) do if ev.card == bear then moves = moves + 1 end end
    assert.equal(1, moves)                                    -- Unsummon's; the trigger did nothing
  end)

  it("it triggers whenever it enters, from any zone; not when something else enters", function()
    local g, ann, bob = H.game()
    local bear = bf(g, H.bear, bob)
    local m = g:create(man_o_war, { owner = ann, zone = "graveyard" })
    main_phase(g, targeting(bear))
    g:move(m, "battlefield")
    g:settle()
    assert.equal("hand", bear.zone)
    g:move(bear, "battlefield")
    g:settle()
    assert.equal("battlefield", bear.zone)                  -- another creature entering: no trigger
  end)
end)

describe("Terror: a target restriction and \"it can't be regenerated\"", function()
  local terror = card("terror")
  local black_knight = arbiter.card{ name = "Black Knight", types = { "Creature" }, colors = { "black" },
    power = 2, toughness = 2 }
  local ornithopter = arbiter.card{ name = "Ornithopter", types = { "Artifact", "Creature" }, power = 0, toughness = 2 }

  it("a black creature and an artifact creature are illegal targets: the cast is refused, nothing changes (413, 422)", function()
    local g, ann, bob = H.game()
    lands(g, ann, "BB")
    local knight, thopter = bf(g, black_knight, bob), bf(g, ornithopter, bob)
    local t = hand(g, terror, ann)
    main_phase(g)
    local before = g:state_hash()
    assert.error_matches(function() g:cast(ann, t, { targets = { knight } }) end, "not a legal creature")
    assert.error_matches(function() g:cast(ann, t, { targets = { thopter } }) end, "not a legal creature")
    assert.equal(before, g:state_hash())
    assert.equal("hand", t.zone)
  end)

  it("a regeneration shield doesn't save the creature (regeneration: destruction that can't be regenerated)", function()
    local g, ann, bob = H.game()
    lands(g, ann, "BB")
    local bear = bf(g, H.bear, bob)
    local t = hand(g, terror, ann)
    main_phase(g)
    g:cast(ann, t, { targets = { bear } })
    g:regenerate(bear)                                      -- Bob's shield in response
    g:settle()
    assert.same({ "graveyard", "graveyard" }, { bear.zone, t.zone })
    assert.is_true(H.events(g, "destroy")[1].no_regeneration)
    -- the shield still works against an ordinary destruction
    local other = bf(g, H.bear, bob)
    g:regenerate(other)
    assert.is_false(g:destroy(other))
    assert.same({ "battlefield", true }, { other.zone, other.tapped })
  end)

  it("a creature turned into an artifact in response is no longer a legal target: Terror is countered (413)", function()
    local g, ann, bob = H.game()
    lands(g, ann, "BB")
    local bear = bf(g, H.bear, bob)
    local t = hand(g, terror, ann)
    main_phase(g)
    g:cast(ann, t, { targets = { bear } })
    g:add_static{ affects = bear, types = { "Artifact" }, duration = "end_of_turn" }
    g:settle()
    assert.same({ "battlefield", "graveyard" }, { bear.zone, t.zone })
    assert.equal(0, #H.events(g, "destroy"))
  end)
end)

describe("Wrath of God: destroy all creatures, they can't be regenerated", function()
  it("every creature goes, a regenerating one too, an indestructible one stays; lands stay", function()
    local g, ann, bob = H.game()
    lands(g, ann, "WWWW")
    local mine, theirs, shielded = bf(g, H.bear, ann), bf(g, H.bear, bob), bf(g, H.bear, bob)
    local wall = bf(g, arbiter.card{ name = "Darksteel Wall", types = { "Artifact", "Creature" }, power = 0,
      toughness = 2, abilities = { "indestructible" } }, bob)
    local w = hand(g, card("wrath_of_god"), ann)
    main_phase(g)
    g:regenerate(shielded)
    g:cast(ann, w)
    g:settle()
    assert.same({ "graveyard", "graveyard", "graveyard", "battlefield" },
      { mine.zone, theirs.zone, shielded.zone, wall.zone })
    assert.equal(4, g:count_permanents(ann, "Land"))
    assert.equal("graveyard", w.zone)
  end)
end)

describe("g:destroy(c, opts): bad options", function()
  it("names the argument and changes nothing", function()
    local g, _, bob = H.game()
    local bear = bf(g, H.bear, bob)
    local before = g:state_hash()
    assert.error_matches(function() g:destroy(bear, 5) end, "bad argument #2 to 'destroy' %(options must be a table%)")
    assert.error_matches(function() g:destroy(bear, { regenerate = "no" }) end,
      "bad argument #2 to 'destroy' %(options.regenerate must be a boolean%)")
    assert.equal(before, g:state_hash())
  end)
end)

describe("mana creatures: Llanowar Elves, Birds of Paradise (406.1, 502.5b)", function()
  local elves, birds = card("llanowar_elves"), card("birds_of_paradise")
  local function spell(cost) return arbiter.card{ name = "Spell " .. cost, types = { "Sorcery" }, cost = cost,
    resolve = function() end } end

  it("Llanowar Elves: no mana the turn it comes into play; the next turn it pays", function()
    local g, ann = H.game()
    lands(g, ann, "G")
    local e = hand(g, elves, ann)
    main_phase(g)
    g:cast(ann, e)
    g:settle()
    local s = hand(g, spell("{1}{G}"), ann)
    assert.is_false(g:can_cast(ann, s))
    assert.error_matches(function() g:activate(ann, e, 1) end, "summoning sickness")
    g:end_step(); g:cleanup_step()
    g:begin_turn(ann); g:untap_step(); g:upkeep_step(); g:draw_step(); g:main_phase()
    assert.is_true(g:can_cast(ann, s))
    g:cast(ann, s)
    assert.is_true(e.tapped)
  end)

  it("Birds of Paradise pays the color a cost needs, with a Forest for the rest (407)", function()
    local g, ann = H.game()
    lands(g, ann, "G")
    local b = bf(g, birds, ann)
    main_phase(g)
    local s = hand(g, spell("{U}{G}"), ann)
    assert.is_true(g:can_cast(ann, s))
    g:cast(ann, s)
    g:settle()
    assert.same({ "graveyard", true, 0 }, { s.zone, b.tapped, g:count_permanents(ann, "Land", "u") })
    assert.same({ 0, 0 }, { ann.mana.blue, ann.mana.green })
  end)

  it("Birds makes one mana a turn: {U}{B} with Birds and a Forest can't be paid, and nothing changes", function()
    local g, ann = H.game()
    lands(g, ann, "G")
    bf(g, birds, ann)
    main_phase(g)
    local s = hand(g, spell("{U}{B}"), ann)
    assert.is_false(g:can_cast(ann, s))
    local before = g:state_hash()
    assert.error_matches(function() g:cast(ann, s) end, "can't pay")
    assert.equal(before, g:state_hash())
    local two = hand(g, spell("{U}{U}"), ann)
    assert.is_false(g:can_cast(ann, two))
  end)

  it("a land with two basic land types pays either color (Tundra: Plains Island)", function()
    local g, ann = H.game()
    local tundra = bf(g, arbiter.card{ name = "Tundra", types = { "Land" }, subtypes = { "Plains", "Island" } }, ann)
    main_phase(g)
    local s = hand(g, spell("{U}"), ann)
    assert.is_true(g:can_cast(ann, s))
    g:cast(ann, s)
    assert.is_true(tundra.tapped)
  end)
end)

describe("Raise Dead: a target in a graveyard (413, 217.1c)", function()
  local raise_dead = card("raise_dead")

  it("returns a creature card from its caster's graveyard; not a sorcery, not a foe's card, not a permanent", function()
    local g, ann, bob = H.game()
    lands(g, ann, "B")
    local dead = g:create(H.bear, { owner = ann, zone = "graveyard" })
    local sorcery = g:create(H.plain, { owner = ann, zone = "graveyard" })
    local theirs = g:create(H.bear, { owner = bob, zone = "graveyard" })
    local alive = bf(g, H.bear, ann)
    local r = hand(g, raise_dead, ann)
    main_phase(g)
    local before = g:state_hash()
    for _, bad in ipairs({ sorcery, theirs, alive }) do
      assert.error_matches(function() g:cast(ann, r, { targets = { bad } }) end, "not a legal creature")
    end
    assert.equal(before, g:state_hash())
    g:cast(ann, r)                                          -- the agent chooses among legal ones: the bear
    g:settle()
    assert.same({ "hand", "graveyard", "graveyard" }, { dead.zone, sorcery.zone, r.zone })
  end)

  it("the card exiled from the graveyard in response: Raise Dead is countered (413)", function()
    local g, ann = H.game()
    lands(g, ann, "B")
    local dead = g:create(H.bear, { owner = ann, zone = "graveyard" })
    local r = hand(g, raise_dead, ann)
    main_phase(g)
    local o = g:cast(ann, r, { targets = { dead } })
    g:move(dead, "exile")
    g:move(dead, "graveyard")                               -- back again: a new object (217.1c)
    g:settle()
    assert.same({ "graveyard", "graveyard" }, { dead.zone, r.zone })
    assert.is_false(o.targets[1])
  end)

  it("with no creature card in its caster's graveyard it can't be cast (413)", function()
    local g, ann, bob = H.game()
    lands(g, ann, "B")
    g:create(H.bear, { owner = bob, zone = "graveyard" })
    local r = hand(g, raise_dead, ann)
    main_phase(g)
    assert.is_false(g:can_cast(ann, r))
    assert.error_matches(function() g:cast(ann, r) end, "no legal target")
  end)

  it("a target zone other than the graveyard, or a \"card\" target without it, is refused by arbiter.card", function()
    assert.error_matches(function() arbiter.card{ name = "X", types = { "Sorcery" },
      targets = { { what = "creature", zone = "library" } } } end, "zone must be \"graveyard\"")
    assert.error_matches(function() arbiter.card{ name = "X", types = { "Sorcery" },
      targets = { { what = "card" } } } end, "needs zone = \"graveyard\"")
  end)
end)
