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

describe("Terror: a target restriction and \"it can't be regenerated\" (413, 419.6b)", function()
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

  it("a creature turned black in response is no longer a legal target: Terror is countered (413, 418.5)", function()
    local g, ann, bob = H.game()
    lands(g, ann, "BB")
    local bear = bf(g, H.bear, bob)
    local t = hand(g, terror, ann)
    main_phase(g)
    g:cast(ann, t, { targets = { bear } })
    g:add_static{ affects = bear, colors = "black", duration = "end_of_turn" }   -- "becomes black"
    assert.same({ true, false }, { bear:is("black"), bear:is("green") })        -- the new color replaces
    g:settle()
    assert.same({ "battlefield", "graveyard" }, { bear.zone, t.zone })
    g:end_step(); g:cleanup_step()
    assert.same({ false, true }, { bear:is("black"), bear:is("green") })        -- until end of turn
  end)

  it("colors in add_static: a list of color names; anything else is refused naming the field", function()
    local g, _, bob = H.game()
    local bear = bf(g, H.bear, bob)
    g:add_static{ affects = bear, colors = { "black", "red" } }
    assert.same({ true, true, false }, { bear:is("black"), bear:is("red"), bear:is("green") })
    local before = g:state_hash()
    assert.error_matches(function() g:add_static{ affects = bear, colors = "purple" } end, "colors.*unknown color 'purple'")
    assert.error_matches(function() g:add_static{ affects = bear, colors = 5 } end, "colors")
    assert.equal(before, g:state_hash())
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

describe("Wrath of God: destroy all creatures, they can't be regenerated (419.6b)", function()
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

describe("g:destroy(c, opts): bad options (422: nothing changed)", function()
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
    assert.error_matches(function() arbiter.card{ name = "X", types = { "Sorcery" },
      targets = { "card" } } end, "needs zone = \"graveyard\"")
  end)
end)

-- Cards written inline: as short as the API allows, each works as it is.
local shock = arbiter.card{ name = "Shock", types = { "Instant" }, colors = { "red" }, cost = "{R}",
  targets = { "creature or player" }, resolve = function(obj, g, src) g:damage(src, obj.targets[1], 2) end }
local disenchant = arbiter.card{ name = "Disenchant", types = { "Instant" }, colors = { "white" }, cost = "{1}{W}",
  targets = { { what = "permanent", filter = function(c) return c:is("Artifact") or c:is("Enchantment") end } },
  resolve = function(obj, g) g:destroy(obj.targets[1]) end }
local serra = arbiter.card{ name = "Serra Angel", types = { "Creature" }, subtypes = { "Angel" }, colors = { "white" },
  power = 4, toughness = 4, cost = "{3}{W}{W}", abilities = { "flying", "vigilance" } }
local mind_rot = arbiter.card{ name = "Mind Rot", types = { "Sorcery" }, colors = { "black" }, cost = "{2}{B}",
  targets = { "player" }, resolve = function(obj, g) g:discard(obj.targets[1], 2) end }
local stone_rain = arbiter.card{ name = "Stone Rain", types = { "Sorcery" }, colors = { "red" }, cost = "{2}{R}",
  targets = { "land" }, resolve = function(obj, g) g:destroy(obj.targets[1]) end }

-- combat in Ann's turn: attackers, blocks, damage
local function fight(g, attackers, blocks)
  g:beginning_of_combat(); g:attack_step(attackers); g:block_step(blocks or {}); g:damage_step(); g:end_of_combat_step()
end

describe("burn: Shock, Fireball ({X}: 409.1b, 409.1f)", function()
  it("Shock kills a bear; Fireball with X = 4 takes four more mana and deals 4", function()
    local g, ann, bob = H.game()
    lands(g, ann, "RRRRRR")
    local bear = bf(g, H.bear, bob)
    main_phase(g)
    g:cast(ann, hand(g, shock, ann), { targets = { bear } })
    g:settle()
    assert.equal("graveyard", bear.zone)
    local fb = hand(g, card("fireball"), ann)
    local o = g:cast(ann, fb, { targets = { bob }, x = 4 })
    assert.equal(4, o.x)
    assert.equal(0, g:count_permanents(ann, "Land", "u"))   -- R for Shock, X = 4 and R for Fireball
    g:settle()
    assert.equal(16, bob.life)
  end)

  it("Fireball's X can't be more than its caster can pay: refused, nothing changes (407)", function()
    local g, ann, bob = H.game()
    lands(g, ann, "RRR")
    main_phase(g)
    local fb = hand(g, card("fireball"), ann)
    local before = g:state_hash()
    assert.error_matches(function() g:cast(ann, fb, { targets = { bob }, x = 3 }) end, "can't pay")
    assert.equal(before, g:state_hash())
    g:cast(ann, fb, { targets = { bob }, x = 2 })
    g:settle()
    assert.equal(18, bob.life)
  end)
end)

describe("Fireball: any number of targets, {1} more for each beyond the first (409.1c, 409.1e, 413)", function()
  local fireball = card("fireball")

  it("X = 5 among three targets: 1 each (rounded down); X + R + 2 more is paid", function()
    local g, ann, bob = H.game()
    lands(g, ann, "RRRRRRRR")
    local b1, b2 = bf(g, H.bear, bob), bf(g, H.bear, bob)
    main_phase(g)
    local o = g:cast(ann, hand(g, fireball, ann), { targets = { bob, b1, b2 }, x = 5 })
    assert.equal(0, g:count_permanents(ann, "Land", "u"))   -- 5 + 1 + 2
    assert.equal(3, #o.targets)
    g:settle()
    assert.same({ 19, 1, 1 }, { bob.life, b1.damage, b2.damage })
  end)

  it("X = 4 between a bear and Bob, the bear gone in response: Bob takes 2, not 4 (413)", function()
    local g, ann, bob = H.game()
    lands(g, ann, "RRRRRR")
    local bear = bf(g, H.bear, bob)
    main_phase(g)
    g:cast(ann, hand(g, fireball, ann), { targets = { bear, bob }, x = 4 })
    g:move(bear, "hand")
    g:settle()
    assert.equal(18, bob.life)
  end)

  it("a cost too high for the targets, a target twice, no target: refused, nothing changes", function()
    local g, ann, bob = H.game()
    lands(g, ann, "RRR")
    local bear = bf(g, H.bear, bob)
    main_phase(g)
    local fb = hand(g, fireball, ann)
    local before = g:state_hash()
    assert.error_matches(function() g:cast(ann, fb, { targets = { bob, bear }, x = 2 }) end, "can't pay")
    assert.error_matches(function() g:cast(ann, fb, { targets = { bob, bob }, x = 1 }) end, "chosen twice.*409.1c")
    assert.error_matches(function() g:cast(ann, fb, { targets = {}, x = 0 }) end, "needs at least 1 target")
    assert.equal(before, g:state_hash())
    g:cast(ann, fb, { targets = { bob, bear }, x = 1 })      -- X = 1, R, {1}: 1 / 2 = 0 each
    g:settle()
    assert.same({ 20, 0 }, { bob.life, bear.damage })
  end)

  it("chosen by the agent: one target at a time, \"done\" to stop; the default takes one", function()
    local g, ann, bob = H.game()
    lands(g, ann, "RRRR")
    local bear = bf(g, H.bear, bob)
    main_phase(g)
    local o = g:cast(ann, hand(g, fireball, ann), { x = 1 })
    assert.equal(1, #o.targets)                             -- the default agent: the first, then "done"
    g:settle()
    local asked = {}
    g:set_agent(ann, { main = function() end, choose = function(_, what, options)
      if what == "target" then
        asked[#asked + 1] = options
        for _, x in ipairs(options) do if x == bear or (x == bob and #asked == 2) then return x end end
        return "done"
      end
      return options[1]
    end })
    o = g:cast(ann, hand(g, fireball, ann), { x = 0 })
    assert.same({ bear, bob }, { o.targets[1], o.targets[2] })
    assert.equal("done", asked[2][1])                       -- offered once a target is chosen
    assert.is_false(H.contains(asked[2], bear))             -- not twice (409.1c)
  end)

  it("an agent is offered no more targets than its mana could pay for (409.1e); the soak's agents", function()
    local g, ann, bob = H.game()
    lands(g, ann, "RRR")
    for _ = 1, 3 do bf(g, H.bear, bob) end
    main_phase(g)
    local offered = 0
    g:set_agent(ann, { main = function() end, choose = function(_, what, options)
      if what ~= "target" then return options[1] end
      offered = offered + 1
      return options[#options]                            -- never "done" while it can add one
    end })
    local o = g:cast(ann, hand(g, fireball, ann), { x = 1 })  -- X = 1 and R: one more target fits
    assert.equal(2, #o.targets)
    assert.equal(2, offered)                                -- a third isn't offered
    assert.equal(0, g:count_permanents(ann, "Land", "u"))   -- X, R and {1}: all three lands
  end)

  it("a max or extra_cost in the wrong place is refused by arbiter.card", function()
    local function def(targets) return arbiter.card{ name = "X", types = { "Sorcery" }, targets = targets } end
    assert.error_matches(function() def({ { what = "player", max = 2 }, "creature" }) end, "only the last target")
    assert.error_matches(function() def({ { what = "player", max = 0 } }) end,
      "max must be a positive integer or math.huge")
    assert.error_matches(function() def({ "creature", { what = "player", max = 2.5 } }) end, "positive integer")
    assert.error_matches(function() def({ { what = "player", extra_cost = "{1}" } }) end, "extra_cost needs max")
    assert.error_matches(function() def({ { what = "player", max = 2, extra_cost = "{Q}" } }) end, "unknown mana symbol")
  end)
end)

describe("Dark Ritual: mana from a spell (411; 300.3 the pool lasts the phase)", function()
  it("Swamp, Ritual, then Hypnotic Specter in the same main phase; the Specter's hit discards at random", function()
    local g, ann, bob = H.game()
    lands(g, ann, "B")
    local r, spec = hand(g, card("dark_ritual"), ann), hand(g, card("hypnotic_specter"), ann)
    main_phase(g)
    g:cast(ann, r)
    assert.equal(0, ann.mana.black)
    g:settle()
    assert.equal(3, ann.mana.black)
    g:cast(ann, spec)
    g:settle()
    assert.same({ "battlefield", 0 }, { spec.zone, ann.mana.black })
    -- next turn: it attacks, Bob takes 2 and discards one of his two cards at random
    g:end_step(); g:cleanup_step()
    hand(g, H.plain, bob); hand(g, H.plain, bob)
    local bob_hand = #bob.hand
    g:begin_turn(ann); g:untap_step(); g:upkeep_step(); g:draw_step(); g:main_phase()
    fight(g, { spec })
    assert.same({ 18, bob_hand - 1 }, { bob.life, #bob.hand })
    assert.equal(1, #H.events(g, "discard"))
    -- damage to a creature or to its own controller doesn't trigger it
    g:damage(spec, ann, 1)
    g:settle()
    assert.equal(1, #H.events(g, "discard"))
  end)
end)

describe("removal: Swords to Plowshares, Disenchant, Stone Rain, Unsummon on an Aura's creature (413; 212.4f)", function()
  it("Swords exiles a pumped creature; its controller gains its power then (last known information)", function()
    local g, ann, bob = H.game()
    lands(g, ann, "W")
    local bear = bf(g, H.bear, bob)
    main_phase(g)
    g:modify(bear, 3, 0)                                   -- a 5/2 as Swords resolves
    g:cast(ann, hand(g, card("swords_to_plowshares"), ann), { targets = { bear } })
    g:settle()
    assert.same({ "exile", 25 }, { bear.zone, bob.life })
    assert.equal(2, bear.power)                             -- in exile: a new object, no effect
  end)

  it("Disenchant takes an artifact or an enchantment, not a creature; Stone Rain a land", function()
    local g, ann, bob = H.game()
    lands(g, ann, "WWRRR")
    local icy = bf(g, card("icy_manipulator"), bob)
    local bear = bf(g, H.bear, bob)
    local forest = bf(g, LAND.G, bob)
    main_phase(g)
    local d = hand(g, disenchant, ann)
    assert.error_matches(function() g:cast(ann, d, { targets = { bear } }) end, "not a legal permanent")
    g:cast(ann, d, { targets = { icy } })
    g:settle()
    assert.equal("graveyard", icy.zone)
    local sr = hand(g, stone_rain, ann)
    assert.error_matches(function() g:cast(ann, sr, { targets = { bear } }) end, "not a legal land")
    g:cast(ann, sr, { targets = { forest } })
    g:settle()
    assert.same({ "graveyard", "battlefield" }, { forest.zone, bear.zone })
  end)

  it("Pacifism: its creature can't attack or block; Unsummon it and the Aura goes to the graveyard", function()
    local g, ann, bob = H.game()
    lands(g, ann, "WW")
    lands(g, bob, "U")
    local bear, mine = bf(g, H.bear, bob), bf(g, H.bear, ann)
    local p = hand(g, card("pacifism"), ann)
    main_phase(g)
    g:cast(ann, p, { targets = { bear } })
    g:settle()
    assert.equal(bear, p.attached_to)
    g:beginning_of_combat(); g:attack_step({ mine })
    assert.error_matches(function() g:declare_blockers({ [bear] = mine }) end, "can't block")
    g:block_step({}); g:damage_step(); g:end_of_combat_step()
    assert.equal(18, bob.life)
    g:end_step(); g:cleanup_step()
    g:begin_turn(bob); g:untap_step(); g:upkeep_step(); g:draw_step()
    assert.is_false(g:check_attack({ bear }))
    g:cast(bob, hand(g, card("unsummon"), bob), { targets = { bear } })
    g:settle()
    assert.same({ "hand", "graveyard" }, { bear.zone, p.zone })   -- the Aura, attached to nothing (420.5)
  end)
end)

describe("creatures: Serra Angel, Shivan Dragon, Royal Assassin (502.4 flying; 308 attacking taps)", function()
  it("Serra Angel attacks without tapping (vigilance) and blocks on the foe's turn", function()
    local g, ann, bob = H.game()
    local angel = bf(g, serra, ann)
    local dragon = bf(g, card("shivan_dragon"), bob)
    main_phase(g)
    fight(g, { angel })
    assert.same({ 16, false }, { bob.life, angel.tapped })
    g:end_step(); g:cleanup_step()
    g:begin_turn(bob); g:untap_step(); g:upkeep_step(); g:draw_step()
    g:beginning_of_combat(); g:attack_step({ dragon })
    assert.is_true(g:check_block({ [angel] = dragon }))   -- a flyer blocks a flyer
  end)

  it("Shivan Dragon breathes fire three times after no blocks: 8 damage", function()
    local g, ann, bob = H.game()
    lands(g, ann, "RRR")
    local dragon = bf(g, card("shivan_dragon"), ann)
    main_phase(g)
    g:beginning_of_combat(); g:attack_step({ dragon }); g:block_step({})
    for _ = 1, 3 do g:activate(ann, dragon, 1) end
    assert.equal(3, #g:stack_objects())
    g:settle()
    assert.equal(8, dragon.power)
    g:damage_step(); g:end_of_combat_step()
    assert.equal(12, bob.life)
    g:end_step(); g:cleanup_step()
    assert.equal(5, dragon.power)                           -- until end of turn
  end)

  it("Royal Assassin kills an attacker (tapped), not an untapped creature; untapped in response it lives (413)", function()
    local g, ann, bob = H.game()
    local assassin = bf(g, card("royal_assassin"), bob)
    local bear, other = bf(g, H.bear, ann), bf(g, H.bear, ann)
    main_phase(g)
    g:beginning_of_combat(); g:attack_step({ bear, other })
    local fresh = bf(g, H.bear, ann)
    assert.error_matches(function() g:activate(bob, assassin, 1, { targets = { fresh } }) end, "not a legal creature")
    g:activate(bob, assassin, 1, { targets = { bear } })
    g:settle()
    assert.equal("graveyard", bear.zone)
    assassin:untap()
    g:activate(bob, assassin, 1, { targets = { other } })
    other:untap()                                          -- untapped in response
    g:settle()
    assert.equal("battlefield", other.zone)
  end)
end)

describe("artifacts: Icy Manipulator, Nevinyrral's Disk, Loxodon Warhammer (403 activated abilities; 502.9 trample)", function()
  it("Icy in the foe's upkeep: the tapped creature can't attack", function()
    local g, ann, bob = H.game()
    lands(g, ann, "R")
    local icy = bf(g, card("icy_manipulator"), ann)
    local dragon = bf(g, card("shivan_dragon"), bob)
    main_phase(g)
    g:end_step(); g:cleanup_step()
    g:set_agent(ann, { priority = function(_, game)
      if game.step == "upkeep" and not icy.tapped then return { activate = icy, ability = 1, targets = { dragon } } end
    end })
    g:begin_turn(bob); g:untap_step(); g:upkeep_step()
    assert.same({ true, true }, { icy.tapped, dragon.tapped })
    g:draw_step(); g:main_phase(); g:beginning_of_combat()
    assert.is_false(g:check_attack({ dragon }))
  end)

  it("Nevinyrral's Disk comes into play tapped; next turn it destroys artifacts, creatures, enchantments, itself", function()
    local g, ann, bob = H.game()
    lands(g, ann, "RRRRR")
    local disk = hand(g, card("nevinyrrals_disk"), ann)
    local bear, icy = bf(g, H.bear, bob), bf(g, card("icy_manipulator"), bob)
    local aura = bf(g, card("pacifism"), bob)
    g:attach(aura, bear)
    main_phase(g)
    local taps = #H.events(g, "tap")
    g:cast(ann, disk)
    g:settle()
    assert.is_true(disk.tapped)
    assert.equal(taps + 4, #H.events(g, "tap"))            -- the four lands paying; the Disk: no event
    assert.error_matches(function() g:activate(ann, disk, 1) end, "is tapped")
    g:end_step(); g:cleanup_step()
    g:begin_turn(ann); g:untap_step(); g:upkeep_step(); g:draw_step(); g:main_phase()
    g:activate(ann, disk, 1)
    g:settle()
    assert.same({ "graveyard", "graveyard", "graveyard", "graveyard" }, { disk.zone, bear.zone, icy.zone, aura.zone })
    assert.equal(5, g:count_permanents(ann, "Land"))
  end)

  it("Loxodon Warhammer: +3/+0 and trample; its creature's damage gains its controller that much life", function()
    local g, ann, bob = H.game()
    lands(g, ann, "RRRRRR")
    local bear = bf(g, H.bear, ann)
    local wall = bf(g, arbiter.card{ name = "Wall", types = { "Creature" }, power = 0, toughness = 2 }, bob)
    local hammer = hand(g, card("loxodon_warhammer"), ann)
    main_phase(g)
    g:cast(ann, hammer)
    g:settle()
    g:activate(ann, hammer, 1, { targets = { bear } })
    g:settle()
    assert.same({ 5, 2, true }, { bear.power, bear.toughness, bear:has("trample") })
    fight(g, { bear }, { [wall] = bear })
    assert.same({ "graveyard", 17, 25 }, { wall.zone, bob.life, ann.life })   -- 2 to the Wall, 3 trample over
    -- unattached, the creature's damage gains nothing; nor does sourceless damage
    g:move(bear, "hand")
    g:settle()
    assert.is_nil(hammer.attached_to)
    g:damage(nil, bob, 1)
    g:settle()
    assert.equal(25, ann.life)
  end)
end)

describe("Mind Rot: its target player chooses the two cards (413)", function()
  it("Bob discards the two he picks", function()
    local g, ann, bob = H.game()
    lands(g, ann, "BBB")
    local keep = hand(g, H.bear, bob)
    hand(g, H.plain, bob); hand(g, H.plain, bob)
    main_phase(g, function(what, options)
      if what == "discard" then for _, c in ipairs(options) do if c ~= keep then return c end end end
      return options[1]
    end)
    g:cast(ann, hand(g, mind_rot, ann), { targets = { bob } })
    g:settle()
    assert.same({ keep }, bob.hand:cards())
  end)
end)

describe("\"comes into play tapped\" (614.1c today: a replacement of how it comes into play)", function()
  local tapland = arbiter.card{ name = "Tapland", types = { "Land" }, subtypes = { "Forest" },
    abilities = { "comes into play tapped" } }

  it("cast, moved, played as a land or created, it enters tapped and records no tap event", function()
    local g, ann = H.game()
    local moved = g:create(tapland, { owner = ann, zone = "graveyard" })
    g:move(moved, "battlefield")
    local created = g:create(tapland, { owner = ann, zone = "battlefield", tapped = false })
    assert.same({ true, true }, { moved.tapped, created.tapped })
    local played = hand(g, tapland, ann)
    main_phase(g)                                           -- (its untap step untaps the first two)
    g:play_land(ann, played)
    assert.is_true(played.tapped)
    assert.equal(0, #H.events(g, "tap"))
    assert.equal(2, g:count_permanents(ann, "Land", "u"))   -- the played one can't pay this turn
    g:end_step(); g:cleanup_step()
    g:begin_turn(ann); g:untap_step()
    assert.is_false(played.tapped)                          -- it untaps as usual
  end)

  it("the \"enters the battlefield tapped\" wording is the same ability; a card elsewhere isn't tapped", function()
    local g, ann = H.game()
    local def = arbiter.card{ name = "T2", types = { "Artifact" }, abilities = { "enters the battlefield tapped" } }
    local c = g:create(def, { owner = ann, zone = "hand" })
    assert.is_false(c.tapped)
    g:move(c, "battlefield")
    assert.is_true(c.tapped)
    assert.is_true(c:has("comes into play tapped"))
  end)
end)


describe("410.10: what an event's notification checks", function()
  it("a trigger registered during it sees the event; an observer registered during it starts with the next", function()
    local g, ann = H.game()
    local seen, registered = 0, 0
    g:on("draw", function(_, game)
      if registered < 3 then
        registered = registered + 1
        game:on("draw", function() seen = seen + 1 end)
      end
    end)
    H.deck(g, ann, 3)
    g:draw(ann)
    assert.equal(0, seen)                                  -- the new observer: not this draw
    g:draw(ann)
    assert.equal(1, seen)
  end)
end)
