-- Memory accounting (issue 2 item 3): the core allocates through the Lua state, so every
-- byte of a game shows in collectgarbage("count"), and all of it comes back when the game
-- is dropped. g:memory() is what the core holds now.
local H = require("helpers")
local core = require("arbiter.core")

-- Collects until the core's live blocks stop changing: on LuaJIT a finalized game can take
-- more than two cycles to give its blocks back, and a count taken before it did is too high.
local function full_gc()
  local last
  collectgarbage()
  for _ = 1, 10 do
    collectgarbage()
    local now = core._blocks()
    if now == last then return end
    last = now
  end
end

-- bench/draw.lua's memory game: two players, 60 cards each (24 lands, 36 creatures).
local function game_of_120()
  local arbiter = H.arbiter
  local island = arbiter.card{ name = "Island", types = { "Land" }, supertypes = { "Basic" }, subtypes = { "Island" } }
  local defs = {}
  for i = 1, 15 do
    defs[i] = arbiter.card{ name = "Bear " .. i, types = { "Creature" }, subtypes = { "Bear" },
      colors = { "green" }, power = 2, toughness = 2, abilities = { i % 3 == 0 and "trample" or "reach" } }
  end
  local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 60 }
  for _, p in ipairs(g.players) do
    for i = 1, 60 do g:create(i <= 24 and island or defs[(i % 15) + 1], { owner = p }) end
  end
  return g
end

describe("memory", function()
  it("g:memory() counts the core's bytes and grows with the cards", function()
    local g, ann = H.game()
    local m0 = g:memory()
    assert.is_true(m0 > 0)
    for _ = 1, 100 do g:create(H.bear, { owner = ann }) end
    assert.is_true(g:memory() > m0 + 100 * 16)
  end)

  -- docs/PERFORMANCE.md's memory figure: most of the core's bytes are the card array (128
  -- slots for 120 cards, sizeof(arb_card) each: 228 bytes, 39.1 KiB in all; 256 bytes and
  -- 42.8 KiB before session 12). A card struct grown back by 4 bytes fails this bound.
  it("a two-player game with two 60-card libraries holds under 39.5 KiB in the core", function()
    local g = game_of_120()
    assert.is_true(g:memory() < 39.5 * 1024, string.format("core: %.2f KiB", g:memory() / 1024))
  end)

  it("core bytes show in collectgarbage('count') and come back when the game is collected", function()
    full_gc()
    local base, blocks = collectgarbage("count"), core._blocks()
    local g, ann = H.game()
    local m0 = g:memory()
    full_gc()
    local c0 = collectgarbage("count")
    for _ = 1, 2000 do g:create(H.bear, { owner = ann }) end
    full_gc()
    local grown_kib = collectgarbage("count") - c0
    local core_kib = (g:memory() - m0) / 1024
    -- the Lua side of a created card is a few bytes (its definition's slot); the core's
    -- cards are most of it: the heap must have grown by at least the core's growth
    assert.is_true(core_kib > 100, "core grew " .. core_kib .. " KiB")
    assert.is_true(grown_kib >= core_kib, string.format("heap +%.1f KiB < core +%.1f KiB", grown_kib, core_kib))
    g, ann = nil, nil -- luacheck: ignore 311 (dropped for the collector)
    full_gc()
    assert.are.equal(blocks, core._blocks())                 -- no core block outlives its game
    local left = collectgarbage("count") - base               -- busted's own bookkeeping aside
    assert.is_true(left < grown_kib / 20, string.format("heap after drop: +%.1f KiB", left))
  end)

  it("the blocks a game's arrays outgrew are reused by the next game: its growth is what it holds", function()
    local function make()
      local g, ann = H.game()
      for _ = 1, 120 do g:create(H.bear, { owner = ann }) end   -- the card array doubles 4 times
      return g
    end
    full_gc()
    local c0 = collectgarbage("count")
    local first = make()
    full_gc()
    local c1 = collectgarbage("count")
    local second = make()
    full_gc()
    local first_kib, second_kib = c1 - c0, collectgarbage("count") - c1
    local outgrown_kib = first:memory() / 1024 * 0.8   -- 8 + 16 + 32 + 64 cards' room: ~94% of 128
    assert.is_true(first_kib > second_kib + outgrown_kib / 2,
      string.format("first game +%.1f KiB, second +%.1f KiB", first_kib, second_kib))
    assert.is_true(second_kib > second:memory() / 1024, "the second game's blocks are counted")
    assert.are.equal(first:state_hash(), second:state_hash())
  end)

  -- lmemory.c anchors each block in a slot of one array; a freed block's slot is reused by
  -- the next block made: games made and dropped one after another leave no slots behind
  -- (without the reuse, each game's blocks would add their slots: ~150 a game here)
  it("blocks freed leave their anchor slots to the next blocks: many games, no growth", function()
    local function cycle()
      local g, ann = H.game()
      for _ = 1, 200 do g:create(H.bear, { owner = ann }) end
      g:clone()
      g, ann = nil, nil -- luacheck: ignore 311 (dropped for the collector)
      full_gc()
    end
    cycle()
    local blocks, c0 = core._blocks(), collectgarbage("count")
    for _ = 1, 40 do cycle() end
    assert.are.equal(blocks, core._blocks())
    local grown = collectgarbage("count") - c0
    assert.is_true(grown < 16, string.format("heap +%.1f KiB after 40 games", grown))
  end)

  -- lmemory.c cuts the smallest blocks (interned names, zones' first rooms) from shared slabs:
  -- two games' blocks interleave in them; the first game dropped gives its blocks back while
  -- the second's still work, and the second dropped returns the slabs themselves
  it("small blocks cut from shared slabs: games dropped in turn give back every block and its bytes", function()
    local function make(n)
      local g = H.arbiter.new_game{ players = { "Ann", "Bob" }, seed = 5 }
      for i = 1, n do                           -- a new name each: an interned string each
        g:create(H.arbiter.card{ name = "Card " .. i, types = { "Creature" }, power = 1, toughness = 1 },
          { owner = g.players[i % 2 + 1], zone = i % 3 == 0 and "graveyard" or "hand" })
      end
      return g
    end
    full_gc()
    local blocks, c0 = core._blocks(), collectgarbage("count")
    local a, b = make(70), make(70)
    local hash = b:state_hash()
    assert.are.equal(hash, a:state_hash())      -- the same game twice
    a = nil -- luacheck: ignore 311 (dropped for the collector)
    full_gc()
    assert.is_true(core._blocks() > blocks)
    local a2 = make(70)                         -- the same game again: b untouched by a's going
    assert.are.equal(hash, b:state_hash())
    assert.are.equal(hash, a2:state_hash())
    assert.are.equal("Card 1", b.players[2].hand:cards()[1].name)
    b, a2 = nil, nil -- luacheck: ignore 311
    full_gc()
    assert.are.equal(blocks, core._blocks())
    local left = collectgarbage("count") - c0
    assert.is_true(left < 16, string.format("heap after both dropped: +%.1f KiB", left))
  end)

  it("a clone owns its own blocks: it works after the original is collected", function()
    full_gc()
    local blocks = core._blocks()
    local g, ann = H.game()
    H.deck(g, ann, 20)
    local c = g:clone()
    assert.are.equal(g:memory() > 0, c:memory() > 0)
    local hash = g:state_hash()
    g, ann = nil, nil -- luacheck: ignore 311 (dropped for the collector)
    full_gc()
    assert.are.equal(hash, c:state_hash())
    c:draw(c.players[1], 5)
    assert.are.equal(5, #c.players[1].hand)
    c = nil -- luacheck: ignore 311 (dropped for the collector)
    full_gc()
    assert.are.equal(blocks, core._blocks())
  end)

  -- A clone's history room is four times its copy's (160 events: 4 x 256), made in the clone's
  -- one block: what its first growth would have made (a new game's first growth quadruples,
  -- event.c arb_history_reserve), so a playout from a turn-6 state (213 events, ~500 more)
  -- neither makes a history block nor copies its history again (bench/playouts.lua). Past that
  -- room it doubles. A clone with only its copy's room grows by 1,024 x 40 bytes below: fails.
  it("a clone's history has room for four times its copy's, then doubles", function()
    local g, ann = H.game()
    for _ = 1, 160 do g:gain_life(ann, 1) end
    local c = g:clone()
    local cann = c.players[1]
    assert.is_true(c:memory() >= 4 * 256 * 40)          -- sizeof(arb_event): 40
    c:gain_life(cann, 1)                  -- the clone's journal made: only the history grows below
    assert.are.equal(161, c:history_length())
    local m0 = c:memory()
    while c:history_length() < 4 * 256 do c:gain_life(cann, 1) end
    assert.are.equal(0, c:memory() - m0)
    c:gain_life(cann, 1)
    assert.are.equal(2 * 4 * 256 * 40, c:memory() - m0)   -- out of the block, twice the room
    assert.are.equal(1025, c:history_length())
    assert.are.equal(g.players[1].life + (1025 - 160), cann.life)
  end)

  it("the combat solver's workspace goes through the same allocator and is returned", function()
    full_gc()
    local blocks = core._blocks()
    local g, ann = H.game()
    local a = g:create(H.bear, { owner = ann, zone = "battlefield" })
    assert.is_true(g:check_attack({ a }))
    assert.is_true(core._blocks() > blocks)
    g, ann, a = nil, nil, nil -- luacheck: ignore 311 (dropped for the collector)
    full_gc()
    assert.are.equal(blocks, core._blocks())
  end)

  it("games collected while another game allocates: finalizers free blocks mid-allocation", function()
    full_gc()
    local b0 = core._blocks()
    local keep
    for k = 1, 200 do
      local g, ann = H.game{ seed = k }
      for _ = 1, 30 do g:create(H.bear, { owner = ann }) end   -- blocks made while dead games finalize
      g:draw(ann, 10)
      if k % 50 == 0 then keep = g end
      collectgarbage("step", 0)
    end
    assert.equal(10, #keep.players[1].hand:cards())
    keep = nil -- luacheck: ignore 311 (dropped for the collector)
    full_gc()
    -- none of the 200 games' blocks is left; a game from an earlier spec, still reachable at
    -- b0, may have been collected since (seen on LuaJIT: its collector's timing differs)
    local left = core._blocks()
    assert.is_true(left <= b0, ("%d core blocks live after, %d before"):format(left, b0))
  end)
end)
