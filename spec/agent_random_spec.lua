-- spec/agent_random_spec.lua — the random agent's combat wishes are made in C
-- (csrc/lagent_random.c: each ready creature attacks with probability 1/2 (308, the declare
-- attackers step), each untapped creature blocks a random attacker with probability 1/2 (309, the
-- declare blockers step)), drawing from the agent's own generator (lua/arbiter/agents.lua), whose
-- state C reads from a cell and advances with the same arithmetic. These specs hold the C
-- wishes to the Lua ones agents.lua made before (below: the reference), draw for draw: the same
-- wish and the same generator state after it, on boards of whole games and with many
-- defenders; and whole games with the reference agent are the same games.
local arbiter = require("arbiter")
local internal = require("arbiter.internal")
local GI = internal._game
local generator = internal._generator

local new_game = dofile("bench/game_decks.lua")(arbiter, "")

-- ---- the reference: the random agent's wishes as agents.lua made them in Lua ----

-- r(n): a draw in [1, n] from the generator
local function lua_attack_wish(r, g, p, defenders)
  local decl, mine = {}, g:permanents(p, "Creature", "r")
  if #mine == 0 then return nil end
  if #defenders == 1 then
    for i = 1, #mine do
      if r(2) == 1 then r(1); decl[#decl + 1] = mine[i] end
    end
  else
    for i = 1, #mine do
      if r(2) == 1 then decl[mine[i]] = defenders[r(#defenders)] end
    end
  end
  return decl
end

-- the creatures attacking p or p's team (606.7c), as agents.lua reads them
local function attacking(g, p)
  local out, team = {}, internal._team
  for _, a in ipairs(g:attackers()) do
    local d = GI._defender_of(g, a)
    if d == p or (d and team[d] == team[p]) then out[#out + 1] = a end
  end
  return out
end

local function lua_block_wish(r, g, p)
  local atk, decl = attacking(g, p), {}
  local mine = #atk > 0 and g:permanents(p, "Creature", "u") or {}
  if #mine == 0 then return nil end
  for i = 1, #mine do
    if r(2) == 1 then decl[mine[i]] = atk[r(#atk)] end
  end
  return decl
end

-- Agent a (agents.random) deciding combat as it did in Lua: its draws from its own generator
-- (internal._option_index: the draw its choose makes among n options), the wish made legal
-- (g:nearest_legal_attack / _block), a random band when its creatures may form one
local function with_lua_wishes(a)
  local function r(n) return internal._option_index(a.choose, nil, "attack", n) end
  a.attack = function(p, g, ctx)
    local decl = lua_attack_wish(r, g, p, ctx.defenders)
    if not decl then return {} end
    decl = g:nearest_legal_attack(decl)
    local bands = GI._banding_possible(g) and internal._band_options(g, decl) or { {} }
    local band = #bands > 1 and bands[r(#bands)] or nil
    return decl, band and #band > 0 and { bands = band } or nil
  end
  a.block = function(p, g)
    local decl = lua_block_wish(r, g, p)
    if not decl then return {} end
    return g:nearest_legal_block(decl)
  end
  return a
end

-- ---- helpers ----

-- a wish as a comparable list: an array's cards in order, a map's pairs by card id
local function shape(decl)
  if decl == nil then return "none" end
  local out = {}
  if #decl > 0 then
    for i, c in ipairs(decl) do out[i] = c.id end
    return "array " .. table.concat(out, " ")
  end
  local keys = {}
  for c in pairs(decl) do keys[#keys + 1] = c end
  table.sort(keys, function(x, y) return x.id < y.id end)
  for _, c in ipairs(keys) do out[#out + 1] = c.id .. "->" .. tostring(decl[c]) end
  return "map " .. table.concat(out, " ")
end

-- a board of a whole game: game `seed` of the bench's decks after some turns
local function board(seed, turns, multi)
  local g = new_game(seed, false, multi)
  for _ = 1, turns do
    if g:play_turn() == nil and g:result() then break end
  end
  return g
end

local haste = arbiter.card{ name = "Hasty", types = { "Creature" }, power = 1, toughness = 1, abilities = { "haste" } }
local wall = arbiter.card{ name = "Wall", types = { "Creature" }, power = 0, toughness = 4, abilities = { "defender" } }
local bear = arbiter.card{ name = "Bear", types = { "Creature" }, power = 2, toughness = 2 }

-- compares the C wish (c_wish: GI._random_*_wish) with the reference (lua_wish) from the same
-- generator state: the same wish, the same state after it, the same next draw. Returns the
-- wish's shape.
local function same_wish(c_wish, lua_wish, g, p, list, seed)
  local r1, cell1 = generator(seed)
  local r2, cell2 = generator(seed)
  local made = c_wish(g, p, cell1, list)
  assert.are.equal(shape(lua_wish(r2, g, p, list)), shape(made))
  assert.are.equal(cell2[1], cell1[1])
  assert.are.equal(r2(1000), r1(1000))
  return shape(made)
end
local function same_attack_wish(g, p, defenders, seed)
  return same_wish(GI._random_attack_wish, lua_attack_wish, g, p, defenders, seed)
end
local function same_block_wish(g, p, seed)
  return same_wish(GI._random_block_wish, lua_block_wish, g, p, nil, seed)
end

-- game g's agents compare the C wishes with the reference (a few generator states each) at
-- each of their declarations, before declaring as they do; kinds[shape] = true for each compared
local function watched(g, kinds)
  for _, p in ipairs(g.players) do
    local a = g:agent(p)
    local attack, block = a.attack, a.block
    a.attack = function(q, game, ctx)
      for k = 1, 3 do kinds["attack " .. same_attack_wish(game, q, ctx.defenders, game.turn * 10 + k):match("^%a+")] = true end
      return attack(q, game, ctx)
    end
    a.block = function(q, game, ctx)
      for k = 1, 3 do kinds["block " .. same_block_wish(game, q, game.turn * 10 + k):match("^%a+")] = true end
      return block(q, game, ctx)
    end
  end
  return g
end

-- a Two-Headed Giant game (606: two teams of two) of bears and forests between random agents
local forest = arbiter.card{ name = "Forest", types = { "Land" }, subtypes = { "Forest" }, supertypes = { "Basic" } }
local function team_game(seed)
  local g = arbiter.new_game{ teams = { { "A1", "A2" }, { "B1", "B2" } }, seed = seed }
  for i, p in ipairs(g.players) do
    local deck = {}
    for k = 1, 40 do deck[k] = k % 3 == 0 and bear or forest end
    g:create_deck(p, deck)
    g:set_agent(p, arbiter.agents.random(seed * 4 + i))
  end
  g:start()
  return g
end

describe("308/309 declarations: the random agent's combat wishes in C (csrc/lagent_random.c)", function()
  it("the same wishes and generator state as the Lua agent's, on boards of whole games", function()
    local kinds = {}
    for s = 1, 12 do
      local g = board(s, 4 + s % 7)
      -- creatures that are ready at once (haste), never (defender), tapped, sick
      local ann, bob = g.players[1], g.players[2]
      g:create(haste, { owner = g.active_player, zone = "battlefield" })
      g:create(wall, { owner = g.active_player, zone = "battlefield" })
      g:create(bear, { owner = g.active_player, zone = "battlefield" })
      local mine = g:permanents(bob, "Creature")
      if mine[1] then mine[1]:tap() end
      for k = 1, 25 do
        local seed = s * 1000 + k
        for _, p in ipairs({ ann, bob }) do
          local foe = p == ann and bob or ann
          kinds[same_attack_wish(g, p, { foe }, seed):match("^%a+")] = true
          kinds[same_attack_wish(g, p, { foe, p, foe }, seed):match("^%a+")] = true
          kinds[same_block_wish(g, p, seed):match("^%a+")] = true   -- no attacker: no draw
        end
      end
    end
    assert.is_true(kinds.array and kinds.map and kinds.none)   -- every shape was compared
  end)

  it("the same wishes at every declaration of whole games (two players, free-for-all, 606 Two-Headed Giant)", function()
    local kinds = {}
    for s = 1, 3 do
      watched(new_game(s, false), kinds):play{ max_turns = 400 }
      watched(new_game(s, false, { players = 4 }), kinds):play{ max_turns = 800 }
      watched(new_game(s, false, { players = 3, range = 1 }), kinds):play{ max_turns = 800 }
      watched(team_game(s), kinds):play{ max_turns = 400 }
    end
    for _, k in ipairs({ "attack array", "attack map", "attack none", "block map", "block none" }) do
      assert.is_true(kinds[k], k)
    end
  end)

  it("draws among many as the Lua generator does (a double division, as Lua's `/`)", function()
    local g = board(3, 8)
    local p = g.active_player
    for i = 1, 12 do g:create(haste, { owner = p, zone = "battlefield" }) end
    local ready = #g:permanents(p, "Creature", "r")
    assert.is_true(ready >= 12)
    for _, n in ipairs({ 2, 3, 7, 1000, 65537, 1048573 }) do
      local many = {}
      for i = 1, n do many[i] = i end
      for seed = 1, 20 do
        local r1, cell1 = generator(seed * 7919)
        local r2 = generator(seed * 7919)
        local wish = GI._random_attack_wish(g, p, cell1, many)
        for _, c in ipairs(g:permanents(p, "Creature", "r")) do
          if r2(2) == 1 then assert.are.equal(r2(n), wish[c]) else assert.is_nil(wish[c]) end
        end
        assert.are.equal(r2(n), r1(n))
      end
    end
  end)

  it("rounds as the Lua generator at every draw's edge: the exact floor of (s - 1) * n / (2^31 - 2)", function()
    -- states whose next draw among n sits right at an edge (the first state of draw k + 1, the
    -- last of draw k), reached back through the inverse of the multiplier, one creature
    -- drawing 1 in 2 (it attacks) before its defender's draw
    local MOD, SPAN, INV = 2147483647, 2147483646, 1899818559   -- 48271 * INV % MOD == 1
    local toint = require("arbiter.compat").toint
    local function mulmod(a, b)         -- a * b % MOD, every product below 2^48 (exact in a double)
      local lo = b % 65536
      return toint(((a * ((b - lo) / 65536) % MOD) * 65536 + a * lo) % MOD)
    end
    assert.are.equal(1, mulmod(48271, INV))
    local function exact(s, n)          -- floor((s - 1) * n / SPAN) + 1 in integers
      local x = (s - 1) * n
      local q = math.floor(x / SPAN)
      while q * SPAN > x do q = q - 1 end
      while (q + 1) * SPAN <= x do q = q + 1 end
      return q + 1
    end
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1 }
    local ann = g.players[1]
    g:create(haste, { owner = ann, zone = "battlefield" })
    local compared = 0
    for _, n in ipairs({ 3, 7, 1000, 65537, 1048573 }) do
      local many = {}
      for i = 1, n do many[i] = i end
      for _, k in ipairs({ 1, 2, math.floor(n / 3), math.floor(n / 2), n - 1 }) do
        local edge = math.floor(k * SPAN / n)      -- the least x with x * n >= k * SPAN, near it
        while edge * n < k * SPAN do edge = edge + 1 end
        while (edge - 1) * n >= k * SPAN do edge = edge - 1 end
        for _, s2 in ipairs({ edge + 1, edge }) do  -- (s2 - 1) = edge: draw k + 1; edge - 1: k
          local s1 = mulmod(s2, INV)
          if (s1 - 1) * 2 < SPAN then             -- the creature's draw of 1 in 2 is 1
            local r1, cell1 = generator(1)
            local r2, cell2 = generator(1)
            cell1[1], cell2[1] = mulmod(s1, INV), mulmod(s1, INV)
            local wish = GI._random_attack_wish(g, ann, cell1, many)
            local c = next(wish)
            assert.are.equal(1, r2(2))
            local want = exact(s2, n)
            assert.are.equal(want, r2(n))
            assert.are.equal(want, wish[c])
            assert.are.equal(s2, cell1[1])
            assert.are.equal(r2(n), r1(n))
            compared = compared + 1
          end
        end
      end
    end
    assert.is_true(compared >= 20)
  end)

  it("its choose and may draw as r does (choose: options[r(#options)], may: r(2) == 1)", function()
    local sizes = { 1, 2, 3, 7, 1000, 65537, 1048573 }
    local lists = {}
    for i, n in ipairs(sizes) do
      lists[i] = {}
      for k = 1, n do lists[i][k] = k end
    end
    for seed = 1, 40 do
      local a, r = arbiter.agents.random(seed), arbiter.agents.rng(seed)   -- one sequence
      for round = 1, 30 do
        for i, n in ipairs(sizes) do
          local got, want = a.choose(nil, "cast", lists[i]), r(n)
          assert.are.equal(want, got)
          assert.are.equal(r(2) == 1, a.may(nil, "pay", {}), round)
        end
      end
    end
  end)

  it("makes no draw when nothing can be declared, and refuses a state that isn't one", function()
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1 }
    local ann, bob = g.players[1], g.players[2]
    local _, cell = generator(5)
    local before = cell[1]
    assert.is_nil(GI._random_attack_wish(g, ann, cell, { bob }))
    g:create(bear, { owner = bob, zone = "battlefield" })
    assert.is_nil(GI._random_block_wish(g, bob, cell))      -- nobody attacks
    assert.are.equal(before, cell[1])
    for _, bad in ipairs({ 0, 2147483647, 1.5, "7" }) do
      assert.has_error(function() GI._random_attack_wish(g, ann, { bad }, { bob }) end)
    end
  end)

  it("whole games with the Lua wishes are the same games (two players, instants, free-for-all, Two-Headed Giant)", function()
    local cases = { { false }, { true }, { false, { players = 4 } }, { false, { players = 3, range = 1 } }, { "teams" } }
    for _, case in ipairs(cases) do
      for s = 1, 4 do
        local function make() return case[1] == "teams" and team_game(s) or new_game(s, case[1], case[2]) end
        local a, b = make(), make()
        for _, p in ipairs(b.players) do with_lua_wishes(b:agent(p)) end
        local ra, rb = a:play{ max_turns = 400 }, b:play{ max_turns = 400 }
        assert.are.equal(b:state_hash(), a:state_hash())
        assert.are.equal(b:history_length(), a:history_length())
        assert.are.equal(b.turn, a.turn)
        local function winner(r) return r and (r.draw and "draw" or r.winner.name) or "none" end
        assert.are.equal(winner(rb), winner(ra))
      end
    end
  end)
end)
