-- "No more than one creature can block each combat" in multiplayer (issue 30 item 7; contract,
-- Version 3: "counts per defending player"): each defending player's block is checked on its own
-- (500.3), so each may block with one creature, and "can't block alone" counts that player's
-- blockers; in Two-Headed Giant the defending team makes one
-- combined block that must be legal as a whole (606.7c), so the team blocks with one. The
-- exact solver against a brute force: spec/combat_diff_spec.lua ("blocks, multiplayer") and
-- tests/solver_brute.c (groups).
local arbiter = require("arbiter")

local BEAR = arbiter.card{ name = "Bear", types = { "Creature" }, power = 2, toughness = 2 }
local ARBITER = arbiter.card{ name = "Arbiter", types = { "Artifact" },
  abilities = { "no more than one creature can block each combat" } }

local function count(t) local n = 0 for _ in pairs(t) do n = n + 1 end return n end

-- Ann attacks Bob with x and Cid with y; Bob has b1, b2, Cid has c1; the Arbiter is Ann's.
local function three()
  local g = arbiter.new_game{ players = { "Ann", "Bob", "Cid" }, seed = 3 }
  local ann, bob, cid = g.players[1], g.players[2], g.players[3]
  local function bear(p) return g:create(BEAR, { owner = p, zone = "battlefield" }) end
  local x, y = bear(ann), bear(ann)
  local b1, b2, c1 = bear(bob), bear(bob), bear(cid)
  g:create(ARBITER, { owner = ann, zone = "battlefield" })
  g:begin_turn(ann)
  g:beginning_of_combat()
  g:declare_attackers({ [x] = bob, [y] = cid })
  return g, { ann = ann, bob = bob, cid = cid, x = x, y = y, b1 = b1, b2 = b2, c1 = c1 }
end

describe("500.3 multiplayer: no more than one creature can block each combat, per defending player", function()
  it("500.3: Bob and Cid each block with one creature; both blocks stand and deal damage", function()
    local g, t = three()
    assert.is_true((g:check_block({ [t.b1] = t.x, [t.c1] = t.y })))
    g:declare_blockers({ [t.b1] = t.x, [t.c1] = t.y })
    g:combat_damage()
    assert.same({ "graveyard", "graveyard", "graveyard", "graveyard", 20, 20 },
      { t.x.zone, t.y.zone, t.b1.zone, t.c1.zone, t.bob.life, t.cid.life })
  end)

  it("500.3: two of Bob's creatures blocking is illegal, the message names the rule and the count", function()
    local g, t = three()
    local h = g:state_hash()
    local ok, why = g:check_block({ [t.b1] = t.x, [t.b2] = t.x })
    assert.is_false(ok)
    assert.matches("500.3: 2 creatures of Bob's side block", why, 1, true)
    assert.matches("counted per defending player", why, 1, true)
    assert.has_error(function() g:declare_blockers({ [t.b1] = t.x, [t.b2] = t.x }) end)
    assert.equal(h, g:state_hash())
  end)

  it("500.3: legal_blocks lists every declaration of at most one blocker per player (2 x 3 = 6)", function()
    local g, t = three()
    local list, exact = g:legal_blocks()
    assert.is_true(exact)
    assert.equal(6, #list)         -- Bob: none, b1, b2; Cid: none, c1
    local both = 0
    for _, d in ipairs(list) do if count(d) == 2 then both = both + 1 end end
    assert.equal(2, both)          -- b1 or b2 with c1
    assert.equal(0, g:max_block_requirements())
    assert.is_true((g:check_block({ [t.c1] = t.y })))
  end)

  it("500.4: a Lure on each attacker: one creature per player blocks it, and that is the most", function()
    local g = arbiter.new_game{ players = { "Ann", "Bob", "Cid" }, seed = 3 }
    local ann, bob, cid = g.players[1], g.players[2], g.players[3]
    local lure = arbiter.card{ name = "Lured", types = { "Creature" }, power = 2, toughness = 2, abilities = { "lure" } }
    local x, y = g:create(lure, { owner = ann, zone = "battlefield" }), g:create(lure, { owner = ann, zone = "battlefield" })
    local b1, b2 = g:create(BEAR, { owner = bob, zone = "battlefield" }), g:create(BEAR, { owner = bob, zone = "battlefield" })
    local c1 = g:create(BEAR, { owner = cid, zone = "battlefield" })
    g:create(ARBITER, { owner = bob, zone = "battlefield" })
    g:begin_turn(ann)
    g:beginning_of_combat()
    g:declare_attackers({ [x] = bob, [y] = cid })
    assert.equal(2, g:max_block_requirements())      -- one Lure requirement met per player
    assert.is_false((g:check_block({ [b1] = x })))   -- Cid's creature must block y too
    assert.is_true((g:check_block({ [b2] = x, [c1] = y })))
    local near = g:nearest_legal_block({ [b1] = x, [b2] = x, [c1] = y })
    assert.equal(2, count(near))
    assert.equal(y, near[c1])
    assert.is_true(near[b1] == x or near[b2] == x)
  end)
end)

describe("500.3 multiplayer: \"can't block alone\" counts the blocker's own player's blockers", function()
  it("500.3: Bob's creature that can't block alone may not block beside Cid's blocker only; with Bob's other, it may", function()
    local g = arbiter.new_game{ players = { "Ann", "Bob", "Cid" }, seed = 3 }
    local ann, bob, cid = g.players[1], g.players[2], g.players[3]
    local LONER = arbiter.card{ name = "Loner", types = { "Creature" }, power = 2, toughness = 2,
      abilities = { "can't block alone" } }
    local x, y = g:create(BEAR, { owner = ann, zone = "battlefield" }), g:create(BEAR, { owner = ann, zone = "battlefield" })
    local loner, b2 = g:create(LONER, { owner = bob, zone = "battlefield" }), g:create(BEAR, { owner = bob, zone = "battlefield" })
    local c1 = g:create(BEAR, { owner = cid, zone = "battlefield" })
    g:begin_turn(ann)
    g:beginning_of_combat()
    g:declare_attackers({ [x] = bob, [y] = cid })
    local ok, why = g:check_block({ [loner] = x, [c1] = y })
    assert.is_false(ok)
    assert.matches("can't block alone", why, 1, true)
    assert.is_true((g:check_block({ [loner] = x, [b2] = x, [c1] = y })))
    assert.is_true((g:check_block({ [c1] = y })))
  end)
end)

describe("606.7c Two-Headed Giant: the defending team's one combined block", function()
  it("606.7c: B1 and B2 each blocking is two creatures in one block: illegal; one of them: legal", function()
    local g = arbiter.new_game{ teams = { { "A1", "A2" }, { "B1", "B2" } }, seed = 1 }
    local a1, b1, b2 = g.players[1], g.players[3], g.players[4]
    local x = g:create(BEAR, { owner = a1, zone = "battlefield" })
    local y = g:create(BEAR, { owner = a1, zone = "battlefield" })
    local z1 = g:create(BEAR, { owner = b1, zone = "battlefield" })
    local z2 = g:create(BEAR, { owner = b2, zone = "battlefield" })
    g:create(ARBITER, { owner = b2, zone = "battlefield" })
    g:begin_turn(a1)
    g:beginning_of_combat()
    g:declare_attackers({ [x] = b1, [y] = b1 })
    local ok, why = g:check_block({ [z1] = x, [z2] = y })
    assert.is_false(ok)
    assert.matches("no more than 1 can block each combat", why, 1, true)
    assert.is_true((g:check_block({ [z2] = y })))
    assert.equal(5, #(g:legal_blocks()))   -- none, or z1 or z2 on x or y
  end)
end)
