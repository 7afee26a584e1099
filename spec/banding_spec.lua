-- Banding (502.10, 2005-era numbering; seed 003 "Step by Step": "Creatures always attack
-- individually unless they're organized into bands ... If a creature is assigned to block a member
-- of a band, it's considered to block the other member(s) of the band as well"). The solver's side
-- is judged against a brute force in spec/combat_diff_spec.lua ("502.10 differential").
local arbiter = require("arbiter")

local function setup()
  local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 3 }
  local ann, bob = g.players[1], g.players[2]
  local n = 0
  local function cr(p, abil, pw, t, extra)
    n = n + 1
    local spec = { name = "C" .. n, types = { "Creature" }, power = pw or 2, toughness = t or 2, abilities = abil or {} }
    for k, v in pairs(extra or {}) do spec[k] = v end
    return g:create(arbiter.card(spec), { owner = p, zone = "battlefield" })
  end
  return g, ann, bob, cr
end

-- an agent answering "damage" questions with fn(ctx, options), recording who was asked
local function divider(log, fn)
  return { choose = function(p, what, options, ctx)
    log[#log + 1] = { p = p, what = what, ctx = ctx }
    return fn(ctx, options)
  end }
end

describe("502.10b-c: declaring bands", function()
  it("a band is any number of creatures with banding and at most one without (502.10b)", function()
    local g, ann, _, cr = setup()
    local h1, h2, w1, w2 = cr(ann, { "banding" }), cr(ann, { "banding" }), cr(ann), cr(ann)
    assert.is_true(g:check_attack({ h1, h2, w1 }, { bands = { { h1, h2, w1 } } }))
    local ok, msg = g:check_attack({ h1, w1, w2 }, { bands = { { h1, w1, w2 } } })
    assert.is_false(ok)
    assert.matches("502.10b", msg)
    assert.matches("at most one creature without banding", msg)
    local h0 = g:state_hash()
    assert.has_error(function() g:declare_attackers({ h1, w1, w2 }, { bands = { { h1, w1, w2 } } }) end,
      "declare_attackers: illegal attack: 502.10b: a band has at most one creature without banding, and C3#2 and C4#3 have none")
    assert.equal(h0, g:state_hash())          -- 422: the game as it was
    assert.is_false(w1.attacking)
  end)

  it("each creature is in one band at most (502.10c); members attack (502.10b)", function()
    local g, ann, _, cr = setup()
    local h1, h2, w1 = cr(ann, { "banding" }), cr(ann, { "banding" }), cr(ann)
    local ok, msg = g:check_attack({ h1, h2, w1 }, { bands = { { h1, w1 }, { h2, h1 } } })
    assert.is_false(ok)
    assert.matches("502.10c: C1#0 is in two bands", msg)
    ok, msg = g:check_attack({ h1 }, { bands = { { h1, w1 } } })
    assert.is_false(ok)
    assert.matches("not declared as an attacker", msg)
  end)

  it("bad bands are errors naming the argument, and legal_attacks accepts bands", function()
    local g, ann, bob, cr = setup()
    local h1, w1, w2 = cr(ann, { "banding" }), cr(ann), cr(ann)
    local theirs = cr(bob, { "banding" })
    assert.has_error(function() g:check_attack({ h1 }, { bands = h1 }) end)
    assert.has_error(function() g:check_attack({ h1 }, { bands = { { 3 } } }) end,
      "bad argument #2 to 'check_attack' (bands[1][1]: a card expected, got 3)")
    assert.has_error(function() g:legal_attacks{ bands = { { theirs } } } end)
    assert.has_error(function() g:legal_attacks{ bands = { { w1, w2 } } } end)
    assert.equal(8, #g:legal_attacks{ bands = { { h1, w1 } } })   -- bands don't change what may attack
  end)
end)

describe("502.10e: a creature blocking a member blocks the band", function()
  it("the 502.10e example: blocking the flyer of a band blocks the swampwalker too", function()
    local g, ann, bob, cr = setup()
    g:create(arbiter.card{ name = "Swamp", types = { "Land" }, subtypes = { "Swamp" }, supertypes = { "Basic" } },
      { owner = bob, zone = "battlefield" })
    local flyer = cr(ann, { "flying", "banding" }, 1, 1)
    local walker = cr(ann, { "swampwalk" }, 3, 3)
    local hawk = cr(bob, { "flying" }, 2, 2)
    g:declare_attackers({ flyer, walker }, { bands = { { flyer, walker } } })
    assert.is_true(g:check_block({ [hawk] = flyer }))
    assert.is_true(g:check_block({ [hawk] = walker }))   -- naming any member blocks the band
    g:declare_blockers({ [hawk] = walker })
    local blocks = g:blocks()
    assert.equal(2, #blocks)
    assert.same({ hawk, walker }, blocks[1])
    assert.same({ hawk, flyer }, blocks[2])
    assert.is_true(flyer.blocked and walker.blocked)
    g:combat_damage()
    assert.equal(20, bob.life)                           -- neither member is unblocked
  end)

  it("a creature that can't block any member can't block the band", function()
    local g, ann, bob, cr = setup()
    local f1, f2 = cr(ann, { "flying", "banding" }), cr(ann, { "flying" })
    local bear = cr(bob)
    g:declare_attackers({ f1, f2 }, { bands = { { f1, f2 } } })
    local ok, msg = g:check_block({ [bear] = f1 })
    assert.is_false(ok)
    assert.matches("500.3/501", msg)
  end)

  it("legal_blocks lists each block against every member; a one-blocker creature blocks a whole band", function()
    local g, ann, bob, cr = setup()
    local h1, h2, w = cr(ann, { "banding" }), cr(ann, { "banding" }), cr(ann)
    local bear = cr(bob)
    g:declare_attackers({ h1, h2, w }, { bands = { { h1, h2, w } } })
    local legal = g:legal_blocks()
    assert.equal(2, #legal)                              -- nobody blocks, or the bear blocks the band
    local blocked = legal[1][bear] or legal[2][bear]
    assert.same({ h1, h2, w }, blocked)
  end)

  it("an effect that blocks one member blocks the band (502.10g)", function()
    local g, ann, _, cr = setup()
    local h1, w = cr(ann, { "banding" }), cr(ann)
    g:declare_attackers({ h1, w }, { bands = { { h1, w } } })
    g:become_blocked(w)
    assert.is_true(h1.blocked and w.blocked)
  end)

  it("a member removed from combat leaves the band (502.10d): blocks of the band no longer reach it", function()
    local g, ann, bob, cr = setup()
    local h1, h2 = cr(ann, { "banding" }), cr(ann, { "banding" })
    local bear = cr(bob)
    g:declare_attackers({ h1, h2 }, { bands = { { h1, h2 } } })
    g:regenerate(h1)
    g:destroy(h1)                                        -- regenerated: out of combat
    assert.is_false(h1.attacking)
    g:declare_blockers({ [bear] = h2 })
    assert.equal(1, #g:blocks())
    assert.is_false(h1.blocked)
  end)
end)

describe("502.10 with restrictions and requirements (docs/RULES.md, banding)", function()
  it("a Lure member makes every creature able to block the band block it", function()
    local g, ann, bob, cr = setup()
    local lure = cr(ann, { "banding", "lure", "flying" })
    local plain = cr(ann)
    local bear, ox = cr(bob), cr(bob)
    g:declare_attackers({ lure, plain }, { bands = { { lure, plain } } })
    -- the bears can't block the flyer, but they can block the band through its other member,
    -- and blocking the band is blocking the Lure creature: both must
    assert.equal(2, g:max_block_requirements())
    assert.is_false(g:check_block({ [bear] = plain }))
    assert.is_true(g:check_block({ [bear] = plain, [ox] = lure }))
  end)

  it("'can't be blocked except by two or more creatures' counts the band's blockers", function()
    local g, ann, bob, cr = setup()
    local menace = cr(ann, { "banding", "can't be blocked except by two or more creatures" })
    local plain = cr(ann)
    local bear, ox = cr(bob), cr(bob)
    g:declare_attackers({ menace, plain }, { bands = { { menace, plain } } })
    local ok, msg = g:check_block({ [bear] = plain })
    assert.is_false(ok)
    assert.matches("except by 2 or more", msg)
    assert.is_true(g:check_block({ [bear] = plain, [ox] = menace }))
  end)

  it("a Lure member and a two-or-more member: every able creature blocks, if two are able (004)", function()
    local g, ann, bob, cr = setup()
    local lure = cr(ann, { "banding", "lure" })
    local menace = cr(ann, { "can't be blocked except by two or more creatures" })
    local bear = cr(bob)
    g:declare_attackers({ lure, menace }, { bands = { { lure, menace } } })
    -- one blocker alone would break the restriction: nobody blocks
    assert.equal(0, g:max_block_requirements())
    assert.is_true(g:check_block({}))
    local ox = cr(bob)
    assert.equal(2, g:max_block_requirements())
    assert.is_true(g:check_block({ [bear] = lure, [ox] = lure }))
    assert.is_false(g:check_block({}))
  end)
end)

describe("502.10h: who divides combat damage", function()
  it("the attacking player divides the damage of a creature blocking a band (ctx.band)", function()
    local g, ann, bob, cr = setup()
    local hero, wolf = cr(ann, { "banding" }, 1, 1), cr(ann, {}, 2, 2)
    local ogre = cr(bob, {}, 3, 3)
    local log = {}
    g:set_agent(ann, divider(log, function(ctx)
      return { [ctx.band[1]] = 0, [ctx.band[2]] = 3 }           -- all on the 2/2
    end))
    g:set_agent(bob, divider(log, function() error("Bob is not asked") end))
    g:declare_attackers({ hero, wolf }, { bands = { { hero, wolf } } })
    g:declare_blockers({ [ogre] = hero })
    g:combat_damage()
    assert.equal(1, #log)
    assert.equal(ann, log[1].p)
    assert.same({ hero, wolf }, log[1].ctx.band)
    assert.equal(ogre, log[1].ctx.source)
    assert.equal("battlefield", hero.zone)                     -- Ann saved the 1/1
    assert.equal("graveyard", wolf.zone)
    assert.equal("graveyard", ogre.zone)                      -- 1 + 2 damage
  end)

  it("without banding in the band's controller's hands the blocker's controller divides (502.2)", function()
    local g, ann, bob, cr = setup()
    local a1, a2 = cr(ann, {}, 1, 1), cr(ann, {}, 2, 2)
    local wall = cr(bob, { "can block an additional creature" }, 3, 5)
    local log = {}
    g:set_agent(bob, divider(log, function(_, options) return options[1] end))
    g:declare_attackers({ a1, a2 })
    g:declare_blockers({ [wall] = { a1, a2 } })
    g:combat_damage()
    assert.equal(1, #log)
    assert.equal(bob, log[1].p)
    assert.is_nil(log[1].ctx.band)
  end)

  it("a blocking creature with banding lets the defending player divide the attacker's damage", function()
    local g, ann, bob, cr = setup()
    local giant = cr(ann, {}, 4, 4)
    local hero, bear = cr(bob, { "banding" }, 1, 1), cr(bob, {}, 2, 2)
    local log = {}
    g:set_agent(bob, divider(log, function(ctx) return { [ctx.blockers[1]] = 0, [ctx.blockers[2]] = 4 } end))
    g:set_agent(ann, divider(log, function() error("Ann is not asked") end))
    g:declare_attackers({ giant })
    g:declare_blockers({ [hero] = giant, [bear] = giant })
    g:combat_damage()
    assert.equal(1, #log)
    assert.equal(bob, log[1].p)
    assert.equal(giant, log[1].ctx.source)
    assert.equal("battlefield", hero.zone)                     -- Bob put it all on the bear
    assert.equal("graveyard", bear.zone)
    assert.equal(3, giant.damage)
  end)
end)

describe("g:remove_from_combat (False Orders; 502.10d)", function()
  it("a blocker removed from combat deals no damage; its attacker stays blocked (seed 003)", function()
    local g, ann, bob, cr = setup()
    local bear = cr(ann, {}, 2, 2)
    local wall = cr(bob, {}, 3, 3)
    g:declare_attackers({ bear })
    g:declare_blockers({ [wall] = bear })
    assert.is_true(g:remove_from_combat(wall))
    assert.equal(0, #g:blocks())
    assert.is_true(bear.blocked)
    g:combat_damage()
    assert.equal("battlefield", bear.zone)   -- the wall dealt nothing
    assert.equal(0, wall.damage)             -- and got nothing
    assert.equal(20, bob.life)               -- the bear stays blocked
    assert.is_false(g:remove_from_combat(wall))
  end)

  it("an attacker removed from combat leaves its band: later blocks of the band don't reach it", function()
    local g, ann, bob, cr = setup()
    local h1, h2 = cr(ann, { "banding" }), cr(ann, { "banding" })
    local bear = cr(bob)
    g:declare_attackers({ h1, h2 }, { bands = { { h1, h2 } } })
    g:remove_from_combat(h1)
    assert.is_false(h1.attacking)
    g:declare_blockers({ [bear] = h2 })
    assert.same({ { bear, h2 } }, g:blocks())
    assert.has_error(function() g:remove_from_combat(3) end)
  end)
end)

describe("502.10b: agents declare bands", function()
  local function board()
    local g, ann, bob, cr = setup()
    local hero, pegasus, ogre = cr(ann, { "banding" }, 1, 1), cr(ann, { "banding" }, 1, 1), cr(ann, {}, 3, 3)
    return g, ann, bob, cr, hero, pegasus, ogre
  end

  it("an agent's attack returns its options with the declaration (attack_step)", function()
    local g, ann, _, _, hero, _, ogre = board()
    g:set_agent(ann, { attack = function() return { hero, ogre }, { bands = { { hero, ogre } } } end })
    g:beginning_of_combat()
    assert.is_true(g:attack_step())
    assert.is_true(hero.attacking and ogre.attacking)
    g:become_blocked(ogre)
    assert.is_true(hero.blocked)                           -- one band (502.10g)
  end)

  it("the default asks choose(p, \"bands\") after the declaration; {} is no band", function()
    local g, ann, _, _, hero, pegasus, ogre = board()
    local asked
    g:set_agent(ann, { choose = function(_, what, options)
      if what == "attack" then
        for _, o in ipairs(options) do if #o == 3 then return o end end
      elseif what == "bands" then
        asked = options
        assert.same({}, options[1])
        return options[#options]
      end
      return options[1]
    end })
    g:beginning_of_combat()
    g:attack_step()
    assert.equal(3, #asked)                                -- none; the two heroes; both with the ogre
    assert.same({ { { ogre, hero, pegasus } } }, { asked[3] })
    g:become_blocked(pegasus)
    assert.is_true(hero.blocked and ogre.blocked)
  end)

  it("the simple agent bands its banding attackers with its strongest creature; g:play runs with bands", function()
    local g, ann, bob, cr, hero, pegasus, ogre = board()
    local bear = cr(bob, {}, 2, 2)
    bear:tap()                                             -- nothing can block: everything attacks
    g:set_agent(ann, arbiter.agents.simple())
    g:beginning_of_combat()
    g:attack_step()
    assert.is_true(hero.attacking and pegasus.attacking and ogre.attacking)
    g:become_blocked(hero)
    assert.is_true(ogre.blocked and pegasus.blocked)
  end)

  it("the random agent bands at random", function()
    local banded, alone = 0, 0
    for seed = 1, 40 do
      local g, ann, _, _, hero, pegasus = board()
      g:set_agent(ann, arbiter.agents.random(seed))
      g:beginning_of_combat()
      g:attack_step()
      if hero.attacking and pegasus.attacking then
        g:become_blocked(hero)
        if pegasus.blocked then banded = banded + 1 else alone = alone + 1 end
      end
    end
    assert.is_true(banded > 0 and alone > 0)
  end)
end)
