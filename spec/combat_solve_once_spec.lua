-- g:nearest_legal_block's solve (issue 28, speed): with the maximum not yet solved, the maximum
-- and the nearest search run on one preparation of the problem (arb_block_solve_nearest,
-- csrc/solver_block.c), and the copy handed out (one attacker alone, a list otherwise) is made
-- by the core with the proved declaration (csrc/lcombat_block.c); g:nearest_legal_attack's
-- array (its creatures in card-id order) and its copy are made by the core too
-- (csrc/lcombat_attack.c). These specs show they give what the two calls (maximum, then nearest
-- given it) and the copies made in Lua gave (500.2-500.4: legal iff it obeys every restriction
-- and as many requirements as the most).
local arbiter = require("arbiter")
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions

local MENACE = "can't be blocked except by two or more creatures"

-- A two-player game and cr(player, name, abilities): a 2/2 creature on the battlefield
local function duel_game(seed)
  local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = seed }
  local function cr(p, name, abil)
    return g:create(arbiter.card{ name = name, types = { "Creature" }, power = 2, toughness = 2,
      abilities = abil or {} }, { owner = p, zone = "battlefield" })
  end
  return g, g.players[1], g.players[2], cr
end

-- The same board twice (two games): menace and Lure attackers, blockers that must block,
-- one of which can block any number of creatures (500.4's maximum needs the search).
local function board(seed)
  local g, ann, bob, new = duel_game(seed)
  local n = 0
  local function cr(p, abil)
    n = n + 1
    return new(p, "C" .. n, abil)
  end
  local atk = { cr(ann, { MENACE, "lure" }), cr(ann, { "lure" }), cr(ann, {}), cr(ann, { MENACE }), cr(ann, { "flying" }) }
  g:declare_attackers(atk)
  local blk = { cr(bob, { "blocks each combat if able" }), cr(bob, { "can block any number of creatures" }),
    cr(bob, { "blocks each combat if able" }), cr(bob, {}), cr(bob, { "reach" }) }
  return g, atk, blk
end

-- a declaration {[blocker] = attacker or {attacker...}} by card names (comparable across games)
local function names(d)
  local out = {}
  for b, v in pairs(d) do
    if type(v) == "table" then
      local l = {}
      for i, a in ipairs(v) do l[i] = a.name end
      out[b.name] = l
    else
      out[b.name] = v.name
    end
  end
  return out
end

describe("the nearest legal block on one preparation (500.3, 500.4)", function()
  it("gives what the maximum solved first, then the search given it, gives", function()
    for _, wish in ipairs({ {}, { [2] = 1 }, { [1] = 3, [4] = 2 }, { [2] = 5, [3] = 5, [5] = 5 } }) do
      local one, atk1, blk1 = board(7)
      local two, atk2, blk2 = board(7)
      local max2 = two:max_block_requirements()   -- two: solved first, then the search given it
      local d1, d2 = {}, {}
      for b, a in pairs(wish) do
        d1[blk1[b]], d2[blk2[b]] = { atk1[a] }, { atk2[a] }
      end
      local n1, c1, e1, b1 = GI._block(one, "nearest", d1)
      local n2, c2, e2, b2 = GI._block(two, "nearest", d2)
      assert.same(names(n2), names(n1))
      assert.equal(c2, c1)
      assert.equal(e2, e1)
      assert.equal(b2, b1)
      assert.is_true(one:check_block(n1))
      -- the maximum the single preparation solved is kept as the solve's own (the cache)
      assert.equal(max2, one:max_block_requirements())
      assert.is_true(max2 > 0)
    end
  end)

  it("hands out a copy: one attacker alone, several in the declaration's order", function()
    local g, atk, blk = board(7)
    local near, changes, exact = g:nearest_legal_block({ [blk[2]] = { atk[3], atk[2] } })
    assert.is_true(exact)
    assert.is_true(changes >= 0)
    local several = 0
    for b, v in pairs(near) do
      assert.equal("Bob", b.controller.name)
      if type(v) == "table" then
        several = several + 1
        assert.is_true(#v > 1)                   -- a list only for several attackers
        for i = 2, #v do assert.is_true(v[i - 1].id < v[i].id) end
      else
        assert.is_true(v.attacking)              -- one attacker stands alone
      end
    end
    assert.equal(1, several)                     -- the blocker of any number keeps both
    assert.is_true(g:check_block(near))
    -- the copy is the caller's: changing it changes nothing the game remembers (declared as
    -- changed, it is read and checked again: 500.3)
    local h = g:state_hash()
    near[blk[2]] = blk[1]
    assert.has_error(function() g:declare_blockers(near) end)
    assert.equal(h, g:state_hash())
  end)

  it("reads a plain map {[blocker] = attacker} as the same blocks in lists (no copy made)", function()
    local wishes = {
      function(atk, blk) return { [blk[1]] = atk[2], [blk[4]] = atk[5], [blk[2]] = atk[1] } end,
      function(atk, blk) return { [blk[5]] = atk[5], [blk[3]] = atk[3] } end,
      -- cards that can't be part of a block: an attacker as a blocker, a blocker of a blocker
      function(atk, blk) return { [atk[1]] = atk[2], [blk[1]] = blk[2], [blk[4]] = atk[4] } end,
      function() return {} end,
    }
    for _, wish in ipairs(wishes) do
      local one, atk1, blk1 = board(9)
      local two, atk2, blk2 = board(9)
      local plain, lists = wish(atk1, blk1), {}
      for b, a in pairs(wish(atk2, blk2)) do lists[b] = { a } end   -- read by norm_block
      local n1, c1, e1, b1 = one:nearest_legal_block(plain)
      local n2, c2, e2, b2 = two:nearest_legal_block(lists)
      assert.same(names(n2), names(n1))
      assert.same({ c2, e2, b2 }, { c1, e1, b1 })
      assert.is_true(one:check_block(n1))
    end
    -- not a plain map of this game's cards: read (and refused) as ever
    local g, atk, blk = board(9)
    local other = board(9)
    assert.is_true(atk[1].attacking)
    assert.has_error(function() g:nearest_legal_block({ [blk[1]] = other.players[1] }) end)
    assert.has_error(function() g:nearest_legal_block({ [blk[1]] = 3 }) end)
    assert.is_true(g:check_block((g:nearest_legal_block(setmetatable({ [blk[2]] = atk[1] }, {})))))
  end)

  it("a band's members are listed; a blocker of a one-member column names it alone (502.10e)", function()
    local g, ann, bob, cr = duel_game(3)
    local h1, h2, w = cr(ann, "H1", { "banding" }), cr(ann, "H2", { "banding" }), cr(ann, "W")
    g:declare_attackers({ h1, h2, w }, { bands = { { h1, h2 } } })
    local x, y = cr(bob, "X"), cr(bob, "Y")
    local near = g:nearest_legal_block({ [x] = h2, [y] = w })
    assert.same({ h1, h2 }, near[x])             -- blocking a member blocks the band
    assert.equal(w, near[y])
    g:declare_blockers(near)
    assert.is_true(h1.blocked and h2.blocked and w.blocked)
  end)
end)

describe("the nearest legal attack's array, made by the core (500.2)", function()
  local function duel(k, players)
    local g = arbiter.new_game{ players = players or { "Ann", "Bob" }, seed = 5 }
    local ann = g.players[1]
    local mine = {}
    for i = 1, k do
      mine[i] = g:create(arbiter.card{ name = "A" .. i, types = { "Creature" }, power = 1, toughness = 1,
        abilities = i % 3 == 0 and { "defender" } or {} }, { owner = ann, zone = "battlefield" })
    end
    return g, mine
  end

  it("lists the creatures that may attack in card-id order, a copy the caller may change", function()
    for _, k in ipairs({ 5, 70 }) do            -- (more than 64: card_keys left them to Lua before)
      local g, mine = duel(k)
      local wish = {}
      for i = k, 1, -1 do wish[#wish + 1] = mine[i] end   -- the wish in reverse order
      local near, changes, exact = g:nearest_legal_attack(wish)
      assert.is_true(exact)
      assert.equal(math.floor(k / 3), changes)  -- the creatures with defender can't attack
      assert.equal(k - changes, #near)
      for i = 2, #near do assert.is_true(near[i - 1].id < near[i].id) end
      for _, c in ipairs(near) do assert.is_false(c:has("defender")) end
      assert.is_true(g:check_attack(near))
      -- changed, the copy is read and checked as any declaration (the kept array isn't it)
      near[#near + 1] = mine[3]
      assert.has_error(function() g:declare_attackers(near) end)
      near[#near] = nil
      g:declare_attackers(near)
      assert.equal(k - changes, #g:attackers())
    end
  end)

  it("several defending players: a map, its own copy", function()
    local g, mine = duel(4, { "Ann", "Bob", "Cid" })
    local bob, cid = g.players[2], g.players[3]
    local near, changes, exact = g:nearest_legal_attack({ [mine[1]] = bob, [mine[2]] = cid, [mine[3]] = bob })
    assert.is_true(exact)
    assert.equal(1, changes)
    assert.same({ [mine[1]] = bob, [mine[2]] = cid }, near)
    assert.is_nil(near[1])
    g:declare_attackers(near)
    assert.equal(2, #g:attackers())
  end)
end)

describe("the declaration's pairs, in a list made with room for them (500.2, 500.3)", function()
  -- k attackers of Ann, then the blocks of Bob's creatures (blockers[i] = its attackers)
  local function declared(k, blocks)
    local g, ann, bob, cr = duel_game(11)
    local atk = {}
    for i = 1, k do atk[i] = cr(ann, "A" .. i) end
    local wish = {}
    for i = k, 1, -1 do wish[#wish + 1] = atk[i] end
    g:declare_attackers(wish)
    local decl, blk = {}, {}
    for i, as in ipairs(blocks) do
      blk[i] = cr(bob, "B" .. i, #as > 1 and { "can block any number of creatures" } or nil)
      local l = {}
      for j, a in ipairs(as) do l[j] = atk[a] end
      decl[blk[i]] = #l == 1 and l[1] or l
    end
    g:declare_blockers(decl)
    local attacks, pairs_ = {}, {}
    for _, ev in ipairs(g:history()) do
      if ev.type == "attack" then attacks[#attacks + 1] = ev.card.name end
      if ev.type == "block" then pairs_[#pairs_ + 1] = ev.card.name .. ">" .. ev.target.name end
    end
    return attacks, pairs_
  end

  it("declares every pair in card-id order, whatever the number of pairs", function()
    local attacks, blocks = declared(1, { { 1 } })
    assert.same({ "A1" }, attacks)
    assert.same({ "B1>A1" }, blocks)
    attacks, blocks = declared(3, { { 3 }, { 1 } })
    assert.same({ "A1", "A2", "A3" }, attacks)
    assert.same({ "B1>A3", "B2>A1" }, blocks)
    attacks, blocks = declared(6, { { 6, 2, 4 }, { 1 }, { 5 }, { 3 }, { 2 } })
    assert.same({ "A1", "A2", "A3", "A4", "A5", "A6" }, attacks)
    assert.same({ "B1>A2", "B1>A4", "B1>A6", "B2>A1", "B3>A5", "B4>A3", "B5>A2" }, blocks)
  end)
end)

describe("the declaration g:nearest_legal_* proved, kept as the game's own record (500.2, 500.3)", function()
  local core = require("arbiter.core")
  -- core.kind calls while fn runs: a declaration read card by card makes some, the proved
  -- one declared as handed out none (spec/combat_fast_spec.lua)
  local function kinds(fn)
    local n = 0
    debug.sethook(function() if debug.getinfo(2, "f").func == core.kind then n = n + 1 end end, "c")
    local ok, err = pcall(fn)
    debug.sethook()
    assert(ok, err)
    return n
  end
  local function named(g, name)
    for _, c in ipairs(g.battlefield:cards()) do if c.name == name then return c end end
  end

  it("a clone remembers its own; the game's record, written over, is the last one proved", function()
    local g, atk = board(7)
    local b = {}
    for i = 1, 5 do b[i] = named(g, "C" .. (5 + i)) end          -- the blockers
    g:nearest_legal_block({ [b[4]] = atk[3] })                -- a record the clone shares
    local c = g:clone()
    local cb4, ca2 = named(c, "C9"), named(c, "C2")
    local theirs = c:nearest_legal_block({ [cb4] = ca2 })        -- the clone's own record
    local last = g:nearest_legal_block({ [b[4]] = atk[2] })      -- the game's, written over
    assert.is_true(kinds(function() g:declare_blockers(last) end) == 0)   -- proved: no card read
    assert.is_true(kinds(function() c:declare_blockers(theirs) end) == 0)
    assert.equal(g:state_hash(), c:state_hash())                -- the same blocks declared
  end)

  it("the original's handed-out declaration, declared in a clone, is refused as another game's cards "
    .. "(the clone shares the record until it makes its own; 500.2, 500.3)", function()
    local g, atk = board(7)
    local blocks = g:nearest_legal_block({ [named(g, "C9")] = atk[3] })
    local c = g:clone()
    local hash = c:state_hash()
    local ok, err = pcall(c.declare_blockers, c, blocks)
    assert.is_false(ok)
    assert.matches("bad argument #1 to 'declare_blockers' %(card of another game", err)
    assert.equal(hash, c:state_hash())
    local h = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 3 }
    local wish = {}
    for i = 1, 3 do
      wish[i] = h:create(arbiter.card{ name = "A" .. i, types = { "Creature" }, power = 1, toughness = 1 },
        { owner = h.players[1], zone = "battlefield" })
    end
    local attackers = h:nearest_legal_attack(wish)
    assert.equal(3, #attackers)
    local hc = h:clone()
    ok, err = pcall(hc.declare_attackers, hc, attackers)
    assert.is_false(ok)
    assert.matches("bad argument #1 to 'declare_attackers' %(card of another game", err)
    assert.same({}, hc:attackers())
  end)

  it("a declaration proved before the last one is read and checked as any other", function()
    local g, atk = board(7)
    local b4 = named(g, "C9")
    local first = g:nearest_legal_block({ [b4] = atk[3] })
    g:nearest_legal_block({ [b4] = atk[2] })
    assert.is_true(kinds(function() g:declare_blockers(first) end) > 0)
    assert.truthy(g:blocks()[1])
  end)
end)

describe("the random agent's blocks: the creatures attacking it (500.3, 606.7c)", function()
  it("with two players, every attacker attacks the one defending player: asked of it, none else", function()
    local g, ann, bob, cr = duel_game(13)
    local a1, a2 = cr(ann, "A1"), cr(ann, "A2")
    g:declare_attackers({ a1, a2 })
    for i = 1, 3 do cr(bob, "B" .. i) end
    local seen = {}
    for seed = 1, 8 do
      for b, a in pairs(arbiter.agents.random(seed).block(bob, g)) do
        assert.equal("Bob", b.controller.name)
        seen[a.name] = true
      end
      assert.same({}, arbiter.agents.random(seed).block(ann, g))   -- nobody attacks Ann
    end
    assert.same({ A1 = true, A2 = true }, seen)
  end)

  it("with three players, only the creatures attacking it", function()
    local g = arbiter.new_game{ players = { "Ann", "Bob", "Cid" }, seed = 13 }
    local ann, bob, cid = g.players[1], g.players[2], g.players[3]
    local function cr(p, name)
      return g:create(arbiter.card{ name = name, types = { "Creature" }, power = 2, toughness = 2 },
        { owner = p, zone = "battlefield" })
    end
    local a1, a2 = cr(ann, "A1"), cr(ann, "A2")
    g:declare_attackers({ [a1] = bob, [a2] = cid })
    cr(bob, "B1")
    cr(cid, "C1")
    local n = 0
    for seed = 1, 8 do
      for b, a in pairs(arbiter.agents.random(seed).block(bob, g)) do
        assert.equal("Bob", b.controller.name)
        assert.equal(a1, a)
        n = n + 1
      end
      for _, a in pairs(arbiter.agents.random(seed).block(cid, g)) do assert.equal(a2, a); n = n + 1 end
    end
    assert.is_true(n > 0)
  end)
end)
