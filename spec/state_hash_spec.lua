-- The engine's own guarantees, not rules of the game: g:clone (an independent copy), g:state_hash
-- (equal for equal states, different for different ones, the same in two processes) and
-- determinism by seed (moved here from atomic_spec, which keeps 422's rollback).
local H = require("helpers")

local board = H.board

describe("g:clone", function()
  -- Found by the Alpha soak (seeds 4604, 4853, 5821, 7549): the installer remembered its cards by
  -- proxy, so a clone's cards (other proxies) installed again and had their abilities twice
  it("a clone's permanents keep what they installed: installing again gives the same handles", function()
    local arbiter = H.arbiter
    local walker = arbiter.card{ name = "Walker", types = { "Creature" }, power = 1, toughness = 1,
      install = arbiter.installer(function(game, card)
        return game:add_static{ source = card, affects = card, abilities = { "swampwalk" } }
      end) }
    local g = H.game()
    local w = g:create(walker, { owner = g.players[1], zone = "battlefield" })
    local h = walker.install(g, w)
    assert.equal(1, w:count("swampwalk"))
    local c = g:clone()
    local cw = c:permanents(c.players[1])[1]
    assert.equal(h, walker.install(c, cw))                   -- the same stay: nothing new
    assert.same({ 1, 1 }, { cw:count("swampwalk"), w:count("swampwalk") })
    assert.equal(g:state_hash(true), c:state_hash(true))
  end)

  it("is an independent copy with an equal state hash", function()
    local g, ann, _, bear = board()
    g:draw(ann, 2)
    local c = g:clone()
    assert.are.equal(g:state_hash(), c:state_hash())
    assert.are.equal(g:state_hash(true), c:state_hash(true))
    local cann = c.players[1]
    assert.are_not.equal(ann, cann)
    assert.are.equal("Ann", cann.name)
    assert.are.same(H.names(ann.hand:cards()), H.names(cann.hand:cards()))
    c:draw(cann, 2)
    cann.life = 3
    for _, x in ipairs(c.battlefield:cards()) do if x.id == bear.id then x:tap() end end
    assert.are.equal(2, #ann.hand)
    assert.are.equal(20, ann.life)
    assert.is_false(bear.tapped)
    assert.are_not.equal(g:state_hash(), c:state_hash())
    -- the same actions on the original bring the hashes together again
    g:draw(ann, 2)
    ann.life = 3
    bear:tap()
    assert.are.equal(g:state_hash(), c:state_hash())
  end)

  -- A clone's proxy tables are made the size of its original's (csrc/lgame.c, g_clone): its
  -- proxies, all new, are made as it is read, each once, and a card made in the clone past the
  -- original's ids (outside the array made) is one proxy as well.
  it("a clone's cards, players and zones are its own proxies, one per object", function()
    local g, ann = board()
    g:draw(ann, 2)
    local c = g:clone()
    local ids = {}
    for _, zone in ipairs({ g.battlefield, ann.hand, ann.library }) do
      for _, x in ipairs(zone:cards()) do ids[#ids + 1] = x.id end
    end
    assert.is_true(#ids > 2)
    for _, id in ipairs(ids) do
      local x = c:card(id)
      assert.are.equal(x, c:card(id))
      assert.are_not.equal(g:card(id), x)
      assert.are.equal(id, x.id)
    end
    local cann = c.players[1]
    assert.are.equal(cann, c.players[1])
    assert.are.equal(cann.hand, cann.hand)
    assert.are_not.equal(ann.hand, cann.hand)
    assert.are.equal(c.battlefield, c.battlefield)
    assert.are.same(H.names(ann.hand:cards()), H.names(cann.hand:cards()))
    local made = c:create(H.arbiter.card{ name = "Past The Ids", types = { "Sorcery" } }, { owner = cann })
    assert.are.equal(made, c:card(made.id))
    assert.is_nil(g:card(made.id))
    local empty = H.arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1 }:clone()   -- no cards
    assert.are.equal(empty.players[2], empty.players[2])
    assert.are.equal(0, #empty.players[2].hand)
  end)

  it("copies the random state: both continue with the same numbers", function()
    local g = board(99)
    g:random(10)
    local c = g:clone()
    for _ = 1, 5 do assert.are.equal(g:random(1000), c:random(1000)) end
  end)

  -- Found by bench/soak.lua: the APNAP order was cached as the original's player objects and
  -- copied into the clone, so a clone's combat asked "player of another game" questions.
  it("a clone's APNAP order (g:apnap) names the clone's own players", function()
    local g = board()
    g:apnap()                        -- fills the cache before the copy
    local c = g:clone()
    for i, p in ipairs(c:apnap()) do
      assert.are.equal(c.players[i], p)
      c:draw(p)                      -- raised "player of another game" before
    end
  end)

  it("changes to the original don't reach the clone", function()
    local g, ann = board()
    local c = g:clone()
    local h = c:state_hash()
    g:draw(ann, 3)
    g:lose(ann)
    assert.are.equal(h, c:state_hash())
    assert.is_nil(c:result())
    assert.are.equal(0, #c.players[1].hand)
  end)

  -- A clone's arrays (cards, zones, history, effects, counters, durations, interned strings)
  -- are parts of its one block (csrc/game.c, arb_game_clone); a part that outgrows its room
  -- moves out to a block of its own. Each side's growth reaches only itself, both ways.
  local wide = H.arbiter.card{ name = "Wide Wurm", types = { "Creature" }, subtypes = { "Wurm" },
    power = 6, toughness = 4 }
  local function grow(g)
    local ann = g.players[1]
    for i = 1, 20 do g:create(H.arbiter.card{ name = "Grown-" .. i, types = { "Sorcery" },
      subtypes = { "Kind" .. i } }, { owner = ann }) end            -- cards, definitions, strings
    g:draw(ann, 20)                                                  -- zones, history
    local w = g:create(wide, { owner = ann, zone = "battlefield" })
    w:add_counters("+1/+1", 3)                                      -- counters
    g:modify(w, 2, 2)                                                -- effects, durations
    g:add_static{ affects = w, power = 1 }                           -- statics
    return w
  end
  local function snapshot(g)
    return { hash = g:state_hash(true), hand = #g.players[1].hand, battlefield = #g.battlefield,
      history = g:history_length() }
  end

  it("a clone's growth past the room it was made with doesn't reach the original", function()
    local g = board()
    g:draw(g.players[1], 2)
    local before = snapshot(g)
    local c = g:clone()
    local w = grow(c)
    assert.are.equal(12, w.power)                      -- 6, 3 counters, +2 until end of turn, +1 static
    assert.are.equal("Wurm", w.subtypes[1])
    assert.are.equal(22, #c.players[1].hand)
    assert.are.same(before, snapshot(g))
    assert.is_nil(g:card(w.id))
    grow(g)                                                          -- the same on the original:
    assert.are.equal(g:state_hash(true), c:state_hash(true))         -- equal states again
  end)

  it("the original's growth after the copy doesn't reach the clone; a clone of a clone is equal", function()
    local g = board()
    local c = g:clone()
    local before = snapshot(c)
    local w = grow(g)
    assert.are.same(before, snapshot(c))
    assert.is_nil(c:card(w.id))
    local cc = c:clone()
    assert.are.equal(c:state_hash(true), cc:state_hash(true))
    grow(c)
    assert.are.same(before, snapshot(cc))
    assert.are.equal(g:state_hash(true), c:state_hash(true))
  end)

  it("a clone's cards read their own definitions: a card made at the same id in each differs", function()
    local g, ann = board()
    local c = g:clone()
    local a = g:create(H.arbiter.card{ name = "Only In Original", types = { "Sorcery" } }, { owner = ann })
    local b = c:create(H.arbiter.card{ name = "Only In Clone", types = { "Sorcery" } }, { owner = c.players[1] })
    assert.are.equal(a.id, b.id)
    assert.are.equal("Only In Original", g:card(a.id).definition.name)
    assert.are.equal("Only In Clone", c:card(b.id).definition.name)
    -- 422: a failed creation in the clone leaves both as they were
    local hc, hg = c:state_hash(true), g:state_hash(true)
    assert.has_error(function()
      c:create(H.arbiter.card{ name = "Boom", types = { "Creature" }, power = 1, toughness = 1,
        install = function() error("boom") end }, { owner = c.players[1], zone = "battlefield" })
    end)
    assert.are.equal(hc, c:state_hash(true))
    assert.are.equal(hg, g:state_hash(true))
    assert.are.equal("Only In Clone", c:card(b.id).definition.name)
  end)

  -- The definitions by card id are shared by a game and its clones until one of them makes a
  -- card (csrc/lgame.c, arb_l_own_defs): a rollback of the original (422) leaves a clone made
  -- during the failed action its card and definition, and each side's next card is its own.
  it("a clone made during an action that fails keeps the card the action made", function()
    local g, ann = board()
    local made = H.arbiter.card{ name = "Made Then Undone", types = { "Sorcery" } }
    local kept, id
    assert.has_error(function()
      H.arbiter.atomic(g, function()
        id = g:create(made, { owner = ann }).id
        kept = g:clone()
        error("undone")
      end)
    end)
    assert.is_nil(g:card(id))
    assert.are.equal("Made Then Undone", kept:card(id).definition.name)
    local other = g:create(H.arbiter.card{ name = "Made After", types = { "Sorcery" } }, { owner = ann })
    assert.are.equal(id, other.id)
    assert.are.equal("Made After", g:card(id).definition.name)
    assert.are.equal("Made Then Undone", kept:card(id).definition.name)
    local next_kept = kept:create(H.arbiter.card{ name = "Kept's Next", types = { "Sorcery" } },
      { owner = kept.players[1] })
    assert.are.equal("Kept's Next", kept:card(next_kept.id).definition.name)
    assert.is_nil(g:card(next_kept.id))
    assert.are.equal("Made After", g:card(id).definition.name)
  end)

  -- g:clone copies the game's Lua-side state (its env, csrc/lgame.c g_clone) one level deep, the
  -- env and each of its tables into a table sized by the entries the last copy of that env found
  -- (the tables' by their order): a game cloned again and again counts them once. The sizes are
  -- only hints: an env, or a table of it, that gained entries since its last copy (or tables in
  -- another order) is copied whole.
  it("a game whose Lua-side state grew since its last copy is copied whole, each table of it too", function()
    local core = require("arbiter.core")
    -- the env's keys and, for its tables, their keys: what a copy must hold (objs is the game's own)
    local function shape(game)
      local keys = {}
      for k, v in pairs(core.env(game)) do
        if k ~= "objs" then
          local sub = {}
          if type(v) == "table" and k ~= "defs" then for kk in pairs(v) do sub[#sub + 1] = tostring(kk) end end
          table.sort(sub)
          keys[#keys + 1] = tostring(k) .. "=" .. table.concat(sub, ",")
        end
      end
      table.sort(keys)
      return keys
    end
    local function count(t) local n = 0; for _ in pairs(t) do n = n + 1 end return n end
    local g, ann = board()
    g:clone()                                                 -- remembers the sizes
    local before = count(core.env(g))
    g:apnap()                                                 -- cached in the env (apnap_orders)
    g:set_agent(ann, { priority = function() end })           -- the agents' table
    g:add_replacement{ event = "draw", applies = function() return false end, replace = function() end }
    assert.is_true(count(core.env(g)) > before)              -- the hint is now too small
    local second = g:clone()
    assert.are.same(shape(g), shape(second))
    assert.are.equal(g:state_hash(true), second:state_hash(true))
    for i, p in ipairs(second:apnap()) do assert.are.equal(second.players[i], p) end
    -- and a clone of the clone, whose own sizes were recorded by its copy
    local third = second:clone()
    assert.are.same(shape(g), shape(third))
    assert.are.equal(g:state_hash(true), third:state_hash(true))
    -- independent: a draw in one reaches neither of the others
    second:draw(second.players[1], 1)
    assert.are.equal(g:state_hash(), third:state_hash())
    assert.are_not.equal(g:state_hash(), second:state_hash())
  end)
end)

describe("g:state_hash", function()
  it("is equal for equal states built the same way", function()
    local g1 = board(5)
    local g2 = board(5)
    assert.are.equal(g1:state_hash(), g2:state_hash())
    assert.are.equal("string", type(g1:state_hash()))
  end)

  local variants = {
    zone = function(g, ann, bob, bear) g:move(bear, "graveyard") end,
    library_order = function(g, ann) g:move(ann.library:top(), "library", { position = "bottom" }) end,
    hand = function(g, ann) g:draw(ann) end,
    life = function(g, ann) ann.life = 19 end,
    tapped = function(g, ann, bob, bear) bear:tap() end,
    damage = function(g, ann, bob, bear, bear2) g:damage(bear2, bear, 1) end,
    lost = function(g, ann) g:lose(ann) end,
  }
  for name, change in pairs(variants) do
    it("differs when the " .. name .. " differs", function()
      local g1 = board(5)
      local g2, ann, bob, bear, bear2 = board(5)
      change(g2, ann, bob, bear, bear2)
      assert.are_not.equal(g1:state_hash(), g2:state_hash())
    end)
  end

  it("is equal across two processes running the same script", function()
    local script = string.format([[
      package.path = %q
      package.cpath = %q
      local arbiter = require("arbiter")
      local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1234 }
      local ann, bob = g.players[1], g.players[2]
      for i = 1, 12 do g:create(arbiter.card{ name = "C" .. i, types = { "Sorcery" } }, { owner = ann }) end
      local b = g:create(arbiter.card{ name = "Bear", types = { "Creature" }, power = 2, toughness = 2 },
        { owner = bob, zone = "battlefield" })
      g:shuffle(ann.library)
      g:draw(ann, 3)
      g:discard(ann, 1, { random = true })
      b:tap()
      g:damage(nil, b, 1)
      bob.life = 13
      io.write(g:state_hash(), " ", g:state_hash(true))
    ]], package.path, package.cpath)
    local a, b, name = H.run_twice(script)
    local here = (function()
      local chunk = assert(loadfile(name))
      local buf = {}
      local old = io.write
      io.write = function(...) for _, s in ipairs({ ... }) do buf[#buf + 1] = s end end -- luacheck: ignore 122
      local ok, e = pcall(chunk)
      io.write = old -- luacheck: ignore 122
      assert(ok, e)
      return table.concat(buf)
    end)()
    os.remove(name)
    assert.is_truthy(a:match("^%x+ %x+$"), a)
    assert.are.equal(a, b)
    assert.are.equal(a, here)
  end)
end)

describe("determinism by seed", function()
  local function shuffled(seed)
    local g, ann = H.game{ seed = seed }
    H.deck(g, ann, 20)
    g:shuffle(ann.library)
    return H.names(ann.library:cards()), g
  end

  it("the same seed shuffles the same way", function()
    assert.are.same(shuffled(42), shuffled(42))
  end)

  it("a shuffle actually reorders, and different seeds give different orders", function()
    local a = shuffled(42)
    local b = shuffled(43)
    local sorted = {}
    for i = 1, 20 do sorted[i] = "Ann-" .. i end
    assert.are_not.same(sorted, a)
    assert.are_not.same(a, b)
  end)

  it("a rolled-back shuffle repeats exactly", function()
    local g, ann = H.game{ seed = 8 }
    H.deck(g, ann, 20)
    local order
    g:attempt(function(g2) g2:shuffle(ann.library); order = H.names(ann.library:cards()); error("x") end)
    g:shuffle(ann.library)
    assert.are.same(order, H.names(ann.library:cards()))
  end)
end)

-- Interned names hashed by their text, and the RNG's seeding (csrc/hash.c, csrc/rng.c).
local island = require("arbiter").card{ name = "Island", types = { "Land" }, subtypes = { "Island" }, supertypes = { "Basic" } }

-- Ann's bear and Bob's Island on the battlefield; `detour` runs first (a call undone by 422).
local function game(detour)
  local g, ann, bob = H.game{ seed = 3 }
  local bear = g:create(H.bear, { owner = ann, zone = "battlefield" })
  g:create(island, { owner = bob, zone = "battlefield" })
  if detour then detour(g, bear) end
  return g, bear
end

describe("the state hash (421: a loop is found by equal states)", function()
  it("equal games hash equal though a call undone by 422 interned names first", function()
    local a, abear = game(function(g, bear)
      assert.is_false(g:attempt(function()
        g:add_static{ affects = bear, subtypes = { "Zombie" }, abilities = { "forestwalk" } }
        g:event("soak_marker")
        error("undone")
      end))
    end)
    local b, bbear = game()
    for _, pair in ipairs({ { a, abear }, { b, bbear } }) do   -- the same calls in both games
      pair[1]:add_static{ affects = pair[2], subtypes = { "Goblin" }, abilities = { "islandwalk" } }
    end
    assert.is_true(abear:is("Goblin") and bbear:is("Goblin"))
    assert.are.equal(b:state_hash(), a:state_hash())
    assert.are.equal(b:state_hash(true), a:state_hash(true))
  end)

  it("a different subtype or landwalk still hashes differently", function()
    local a, abear = game()
    local b, bbear = game()
    a:add_static{ affects = abear, subtypes = { "Goblin" } }
    b:add_static{ affects = bbear, subtypes = { "Zombie" } }
    assert.are_not.equal(b:state_hash(), a:state_hash())
    local c, cbear = game()
    local d, dbear = game()
    c:add_static{ affects = cbear, abilities = { "islandwalk" } }
    d:add_static{ affects = dbear, abilities = { "swampwalk" } }
    assert.are_not.equal(d:state_hash(), c:state_hash())
  end)

  -- A declared filter (add_static{affects = filter}) decides which permanents the effect will
  -- reach: two games alike but for it are different states, though no permanent is reached yet
  -- in either (a Goblin or a tapped creature entering later is).
  it("a static ability's declared filter is part of the state; equal filters hash equal", function()
    local FILTERS = {
      { is = "Goblin" }, { is = "Zombie" }, { is = { "Creature", "Goblin" } }, { is = "Legendary" },
      { is = "Artifact" }, { is = "black" }, { is = "Goblin", other = true }, { is = "Zombie", tapped = false },
      { is = "Zombie", controller = "you" }, { is = "Zombie", self = true },
    }
    local seen = {}
    for i, filter in ipairs(FILTERS) do
      local g, bear = game()
      g:add_static{ source = bear, power = 1, affects = filter }
      assert.are.equal(2, bear.power)                         -- (reaches nothing: the board alike)
      local h = g:state_hash()
      assert.is_nil(seen[h], "filter " .. i .. " hashes as filter " .. tostring(seen[h]))
      seen[h] = i
      -- the same filter, its subtype interned after other names (a call undone by 422): equal
      local g2, bear2 = game(function(x, b)
        assert.is_false(x:attempt(function() x:add_static{ affects = b, subtypes = { "Elf", "Dwarf" } } error("undone") end))
      end)
      g2:add_static{ source = bear2, power = 1, affects = filter }
      assert.are.equal(h, g2:state_hash())
    end
  end)

  -- Two games alike but for one field of an effect that reaches nothing yet (its filter names
  -- Zombies): the colors it sets, "loses all abilities", P/T its function computes, whether it
  -- ends as its source leaves -- each is what a Zombie entering later gets, so part of the state.
  it("a static's colors, remove_all, fnpt and until_leaves are part of the state", function()
    local Z = { is = "Zombie" }
    local function hash_of(spec, before)
      local g, bear = game()
      if before then before(g, bear) end
      local t = { source = bear }
      for k, v in pairs(spec) do t[k] = v end
      g:add_static(t)
      return g:state_hash()
    end
    local cases = {
      { { affects = Z, colors = "red" }, { affects = Z, colors = "blue" } },                    -- colors
      { { affects = Z, power = 1, remove_abilities = "all" }, { affects = Z, power = 1 } },      -- remove_all
      { { affects = Z, toughness = 1, power = function() return 0 end }, { affects = Z, toughness = 1 } },   -- fnpt
    }
    for i, pr in ipairs(cases) do
      assert.are_not.equal(hash_of(pr[1]), hash_of(pr[2]), "pair " .. i)
      assert.are.equal(hash_of(pr[2]), hash_of(pr[2]), "pair " .. i .. " (equal specs hash equal)")
    end
    -- until_leaves: the same effect made while its source was in hand (it doesn't end as the
    -- source leaves) or once the source was on the battlefield (it does); the boards alike
    local function in_hand(g, bear) g:move(bear, "hand") end
    local a = hash_of({ affects = Z, power = 1 }, function(g, bear)
      in_hand(g, bear)
      g:add_static{ source = bear, affects = Z, power = 1 }
      g:move(bear, "battlefield")
    end)
    local b = hash_of({ affects = Z, power = 1 }, function(g, bear)
      in_hand(g, bear)
      g:move(bear, "battlefield")
      g:add_static{ source = bear, affects = Z, power = 1 }
    end)
    assert.are_not.equal(a, b)
  end)
end)

describe("the game's RNG (the seed alone decides every random choice)", function()
  it("the first random number depends on the seed: small seeds don't all start alike", function()
    local seen = {}
    for seed = 1, 40 do
      local r = H.game{ seed = seed }:random(2)
      seen[r] = (seen[r] or 0) + 1
    end
    assert.is_truthy(seen[1]); assert.is_truthy(seen[2])
    local firsts = {}
    for seed = 1, 40 do firsts[H.game{ seed = seed }:random(1000000)] = true end
    local n = 0
    for _ in pairs(firsts) do n = n + 1 end
    assert.is_true(n >= 39, "40 seeds gave only " .. n .. " different first numbers")
  end)
end)
