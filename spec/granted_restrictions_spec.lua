-- Combat restrictions granted by a continuous effect (500.1; issue 26 item 8, issue 30):
-- g:add_static{block_condition = fn} ("can't be blocked except by Walls": Invisibility) and
-- g:add_static{can_attack = fn} ("you can't be attacked except by creatures with flying":
-- Island Sanctuary), asked by the exact solver for each pair in which an affected creature or
-- player takes part; requirements and the vocabulary's restrictions are granted with
-- `abilities` ("lure", "can't block"). An effect lasts while its source stays (418.3) or for
-- its duration, `until_turn_of = p` ending it as p's next turn begins.
local arbiter = require("arbiter")

local BEAR = arbiter.card{ name = "Bear", types = { "Creature" }, power = 2, toughness = 2 }
local WALL = arbiter.card{ name = "Wall of Wood", types = { "Creature" }, subtypes = { "Wall" }, power = 0,
  toughness = 3, abilities = { "defender" } }
local BIRD = arbiter.card{ name = "Bird", types = { "Creature" }, power = 1, toughness = 1, abilities = { "flying" } }
local RELIC = arbiter.card{ name = "Relic", types = { "Artifact" } }

local function only_walls(blocker) return blocker:is("Wall") end

local function setup()
  local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 5 }
  local ann, bob = g.players[1], g.players[2]
  local function put(def, p) return g:create(def, { owner = p, zone = "battlefield" }) end
  return g, ann, bob, put
end

local function to_combat(g, ann)
  g:begin_turn(ann)
  g:beginning_of_combat()
end

describe("500.1 restrictions granted by an effect: g:add_static{block_condition = fn}", function()
  it("500.1/501: the enchanted attacker can't be blocked except by Walls; the Wall blocks, the Bear can't", function()
    local g, ann, bob, put = setup()
    local x, b, w = put(BEAR, ann), put(BEAR, bob), put(WALL, bob)
    to_combat(g, ann)
    g:add_static{ affects = x, block_condition = only_walls }
    g:declare_attackers({ x })
    local ok, why = g:check_block({ [b] = x })
    assert.is_false(ok)
    assert.matches("500.3/501", why, 1, true)
    assert.is_true((g:check_block({ [w] = x })))
    assert.equal(2, #(g:legal_blocks()))          -- nobody, or the Wall
    g:declare_blockers({ [w] = x })
    g:combat_damage()
    assert.same({ 20, 2 }, { bob.life, w.damage })
  end)

  it("500.1: an effect affecting the blocker restricts that blocker only (\"can't block creatures with power 2 or more\")", function()
    local g, ann, bob, put = setup()
    local x, y = put(BEAR, ann), put(BIRD, ann)
    local b, c = put(BIRD, bob), put(BIRD, bob)
    to_combat(g, ann)
    g:add_static{ affects = b, block_condition = function(_, attacker) return attacker.power < 2 end }
    g:declare_attackers({ x, y })
    assert.is_false((g:check_block({ [b] = x })))
    assert.is_true((g:check_block({ [b] = y })))
    assert.is_true((g:check_block({ [c] = x })))   -- c is not affected
  end)

  it("418.3: the effect ends when its source leaves the battlefield; a Bear may block again", function()
    local g, ann, bob, put = setup()
    local x, b, relic = put(BEAR, ann), put(BEAR, bob), put(RELIC, ann)
    to_combat(g, ann)
    g:add_static{ source = relic, affects = x, block_condition = only_walls }
    g:declare_attackers({ x })
    assert.is_false((g:check_block({ [b] = x })))
    g:destroy(relic)
    assert.is_true((g:check_block({ [b] = x })))
  end)

  it("500.4: a requirement yields to the granted restriction (a Lure on the attacker, only the Wall must block)", function()
    local g, ann, bob, put = setup()
    local x, b, w = put(BEAR, ann), put(BEAR, bob), put(WALL, bob)
    to_combat(g, ann)
    g:add_static{ affects = x, abilities = "lure" }
    g:add_static{ affects = x, block_condition = only_walls }
    g:declare_attackers({ x })
    assert.equal(1, g:max_block_requirements())
    assert.is_false((g:check_block({})))            -- the Wall must block it
    assert.is_true((g:check_block({ [w] = x })))
    assert.is_false((g:check_block({ [b] = x, [w] = x })))
    assert.same({ [w] = x }, g:nearest_legal_block({ [b] = x }))
    assert.is_false(b:has("lure"))
  end)

  it("502.10e: in a band, a blocker may block it if it may block one member (the granted restriction read member by member)", function()
    local g, ann, bob, put = setup()
    local HERO = arbiter.card{ name = "Hero", types = { "Creature" }, power = 1, toughness = 1, abilities = { "banding" } }
    local x, h, b = put(BEAR, ann), put(HERO, ann), put(BEAR, bob)
    to_combat(g, ann)
    g:add_static{ affects = x, block_condition = only_walls }
    g:declare_attackers({ x, h }, { bands = { { x, h } } })
    assert.is_true((g:check_block({ [b] = x })))    -- it may block the Hero, so the band
    g:declare_blockers({ [b] = h })
    assert.equal(2, #g:blocks())
  end)

  it("422: a block_condition that isn't a function, or mixed with another kind: an error naming add_static, the game unchanged", function()
    local g, ann, _, put = setup()
    local x = put(BEAR, ann)
    local h = g:state_hash()
    assert.error_matches(function() g:add_static{ affects = x, block_condition = true } end,
      "add_static.*block_condition must be a function")
    assert.error_matches(function() g:add_static{ affects = x, block_condition = only_walls, spell_cost = "{1}" } end,
      "add_static.*make two effects")
    assert.error_matches(function() g:add_static{ affects = x, can_attack = only_walls, power = 1 } end,
      "add_static.*make two effects")
    assert.equal(h, g:state_hash())
  end)
end)

describe("500.1 restrictions granted by an effect: g:add_static{can_attack = fn}, until_turn_of", function()
  it("500.2: Bob can't be attacked except by creatures with flying until his next turn; then he can", function()
    local g, ann, bob, put = setup()
    local x, y = put(BEAR, ann), put(BIRD, ann)
    g:add_static{ affects = bob, until_turn_of = bob,
      can_attack = function(c) return c:has("flying") or c:has("islandwalk") end }
    to_combat(g, ann)
    local ok, why = g:check_attack({ x })
    assert.is_false(ok)
    assert.matches("500.2", why, 1, true)
    assert.is_true((g:check_attack({ y })))
    assert.equal(2, #(g:legal_attacks()))           -- nobody, or the Bird
    g:end_turn()
    g:begin_turn(bob)                                 -- his turn begins: the effect ends
    g:end_turn()
    to_combat(g, ann)
    assert.is_true((g:check_attack({ x, y })))
  end)

  it("500.2: the restriction survives Ann's next turn when Bob's hasn't come (an extra turn)", function()
    local g, ann, bob, put = setup()
    local x = put(BEAR, ann)
    g:add_static{ affects = bob, until_turn_of = bob, can_attack = function(c) return c:has("flying") end }
    to_combat(g, ann)
    g:end_turn()
    to_combat(g, ann)
    assert.is_false((g:check_attack({ x })))
  end)

  it("500.2: an effect affecting the creature ('can't attack Bob'), requirements yielding to it", function()
    local g, ann, bob, put = setup()
    local x = put(BEAR, ann)
    g:add_static{ affects = x, abilities = "attacks each combat if able" }
    g:add_static{ affects = x, can_attack = function(_, defender) return defender ~= bob end }
    to_combat(g, ann)
    assert.equal(0, g:max_attack_requirements())
    assert.is_true((g:check_attack({})))
    assert.is_false((g:check_attack({ x })))
  end)

  it("422: until_turn_of not a player: an error naming add_static and the game unchanged", function()
    local g, ann = setup()
    local h = g:state_hash()
    assert.error_matches(function() g:add_static{ affects = ann, until_turn_of = 3, can_attack = only_walls } end,
      "add_static")
    assert.equal(h, g:state_hash())
  end)
end)
