-- Effects that change blocks after they are declared (False Orders; 2005-era glossary "Blocked
-- Creature" / "Unblocked Creature": a creature stays blocked or unblocked "until an effect says it
-- becomes blocked or unblocked", seed 003 "it remains blocked for the rest of the combat, even if
-- all its blockers are removed"): g:become_unblocked, g:become_blocking, and a blocker removed
-- from combat getting none of its attacker's damage (502.2: damage is assigned to the creatures
-- blocking it).
local arbiter = require("arbiter")

local function setup()
  local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 4 }
  local ann, bob = g.players[1], g.players[2]
  local n = 0
  local function cr(p, abil, pw, t)
    n = n + 1
    return g:create(arbiter.card{ name = "C" .. n, types = { "Creature" }, power = pw or 2, toughness = t or 2,
      abilities = abil or {} }, { owner = p, zone = "battlefield" })
  end
  return g, ann, bob, cr
end

describe("502.2 a blocker removed from combat is dealt none of its attacker's damage", function()
  it("502.2: two blockers, one removed: the other is dealt all 2 (the removed one none)", function()
    local g, ann, bob, cr = setup()
    local bear = cr(ann)
    local wall, other = cr(bob, {}, 0, 4), cr(bob)
    g:declare_attackers({ bear })
    g:declare_blockers({ [wall] = bear, [other] = bear })
    g:remove_from_combat(wall)
    g:combat_damage()
    assert.same({ 0, "graveyard", "graveyard" }, { wall.damage, other.zone, bear.zone })
    assert.equal(20, bob.life)
  end)
end)

describe("glossary 'Unblocked Creature': g:become_unblocked(attacker)", function()
  it("003/502.2: a blocked attacker made unblocked deals its damage to the player; its blocker stops blocking it", function()
    local g, ann, bob, cr = setup()
    local bear = cr(ann)
    local wall = cr(bob, {}, 1, 4)
    g:declare_attackers({ bear })
    g:declare_blockers({ [wall] = bear })
    g:become_unblocked(bear)
    assert.same({ false, 0 }, { bear.blocked, #g:blocks() })
    g:combat_damage()
    assert.same({ 18, 0, 0 }, { bob.life, wall.damage, bear.damage })
  end)

  it("003: bad input: not an attacking creature: an error naming become_unblocked, the game unchanged", function()
    local g, ann, _, cr = setup()
    local bear = cr(ann)
    local h = g:state_hash()
    assert.error_matches(function() g:become_unblocked(bear) end, "become_unblocked.*not an attacking creature")
    assert.error_matches(function() g:become_unblocked(7) end, "become_unblocked")
    assert.equal(h, g:state_hash())
  end)
end)

describe("glossary 'Blocking Creature': g:become_blocking(blocker, attacker)", function()
  it("500.3: an effect makes a creature block a flyer (not a declaration: evasion isn't checked); damage both ways", function()
    local g, ann, bob, cr = setup()
    local bird = cr(ann, { "flying" }, 1, 1)
    local bear = cr(bob)
    g:declare_attackers({ bird })
    g:declare_blockers({})
    local n = g:history_length()
    g:become_blocking(bear, bird)
    local evs = g:history(n + 1)
    assert.same({ "block", bear, bird }, { evs[#evs].type, evs[#evs].card, evs[#evs].target })
    assert.same({ true, { { bear, bird } } }, { bird.blocked, g:blocks() })
    g:combat_damage()
    assert.same({ 20, "graveyard", 1 }, { bob.life, bird.zone, bear.damage })
  end)

  it("502.10e: blocking a member blocks the band; a blocker removed from combat blocks anew only where it is made to", function()
    local g, ann, bob, cr = setup()
    local h1, h2, x = cr(ann, { "banding" }), cr(ann, { "banding" }), cr(ann)
    local wall = cr(bob, {}, 1, 9)
    g:declare_attackers({ h1, h2, x }, { bands = { { h1, h2 } } })
    g:declare_blockers({ [wall] = x })
    g:remove_from_combat(wall)
    g:become_blocking(wall, h2)
    assert.same({ { wall, h2 }, { wall, h1 } }, g:blocks())
    assert.is_true(x.blocked)                    -- x stays blocked (003), by nothing now
  end)

  it("500.3: bad input: an attacker as blocker, a creature of the attacking player, a non-attacker: errors, the game unchanged", function()
    local g, ann, bob, cr = setup()
    local bear, other = cr(ann), cr(ann)
    local wall = cr(bob)
    g:declare_attackers({ bear })
    local h = g:state_hash()
    assert.error_matches(function() g:become_blocking(bear, bear) end, "become_blocking")
    assert.error_matches(function() g:become_blocking(other, bear) end, "become_blocking.*500.3")
    assert.error_matches(function() g:become_blocking(wall, other) end, "become_blocking.*not an attacking creature")
    assert.equal(h, g:state_hash())
  end)
end)

describe("309 instead of declaring blockers: g:add_static{rules = {declare_blockers = fn}}; g:can_block", function()
  it("309: the declare blockers step runs fn for the defending player instead of asking; g:declare_blockers refuses", function()
    local g, ann, bob, cr = setup()
    local bear = cr(ann)
    local wall = cr(bob, {}, 0, 4)
    local calls = {}
    g:set_agent(bob, { choose = function() error("Bob is asked for blocks") end })
    g:begin_turn(ann)
    g:add_static{ duration = "end_of_turn", rules = { declare_blockers = function(game, p)
      calls[#calls + 1] = p
      game:become_blocking(wall, bear)
    end } }
    g:beginning_of_combat()
    g:attack_step({ bear })
    assert.error_matches(function() g:declare_blockers({ [wall] = bear }) end,
      "declare_blockers.*Bob doesn't declare blockers this turn")
    g:block_step()
    assert.same({ bob }, calls)
    assert.same({ { wall, bear } }, g:blocks())
  end)

  it("500.3: g:can_block reads the pair only: evasion and tapped say no; menace's count doesn't", function()
    local g, ann, bob, cr = setup()
    local bird, brute = cr(ann, { "flying" }), cr(ann, { "can't be blocked except by two or more creatures" })
    local bear, tapped = cr(bob), cr(bob)
    tapped:tap()
    g:declare_attackers({ bird, brute })
    assert.is_false(g:can_block(bear, bird))
    assert.is_true(g:can_block(bear, brute))
    assert.is_false(g:can_block(tapped, brute))
    assert.is_false(g:can_block(brute, bird))             -- an attacker, not a defending creature
    assert.error_matches(function() g:can_block(bear, 3) end, "can_block")
  end)

  it("422: rules.declare_blockers not a function: an error naming add_static, the game unchanged", function()
    local g = setup()
    local h = g:state_hash()
    assert.error_matches(function() g:add_static{ rules = { declare_blockers = 1 } } end,
      "add_static.*declare_blockers must be a function")
    assert.equal(h, g:state_hash())
  end)
end)
