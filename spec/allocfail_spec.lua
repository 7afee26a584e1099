-- Allocation failures (issue 7 item 3): for every k, the k-th core allocation of a
-- representative script fails. Each such run must end in a clean Lua error from the call
-- that hit it, leave the game exactly as before that call (422: the action is undone as a
-- whole), let the same call then succeed, reach the same final state as a run without a
-- failure, and leave no core block behind once the game is collected.
local H = require("helpers")
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions
local arbiter = H.arbiter
local core = require("arbiter.core")

local island = arbiter.card{ name = "Island", types = { "Land" }, subtypes = { "Island" } }
local walker = arbiter.card{ name = "Deck Walker", types = { "Creature" }, power = 1, toughness = 1,
  abilities = { "deckwalk", "flying" } }      -- a fresh name and a fresh landwalk type for create_deck

-- The script: one API call per step, on a shared state table s.
local steps = {
  { "new_game", function(s)
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 7 }
    -- the history grows from 8 events, as it did before it started at 128: it then
    -- grows inside the later steps ("pay, nothing listening" among them), whose
    -- failed growth must be undone like any other
    core._history_start(g, 8)
    local ann, bob = g.players[1], g.players[2]
    s.g, s.ann, s.bob = g, ann, bob
  end },
  { "create library", function(s)
    arbiter.atomic(s.g, function(g)
      for i = 1, 12 do g:create(i % 2 == 0 and island or H.plain, { owner = s.ann }) end
      for _ = 1, 12 do g:create(H.plain, { owner = s.bob }) end
    end)
  end },
  { "create battlefield", function(s)
    s.bear, s.wall = arbiter.atomic(s.g, function(g)
      return g:create(H.bear, { owner = s.ann, zone = "battlefield" }),
        g:create(H.bear, { owner = s.bob, zone = "battlefield" })
    end)
  end },
  { "create a fresh name", function(s)
    s.g:create(arbiter.card{ name = "Unique Name", types = { "Artifact" } }, { owner = s.bob, zone = "hand" })
  end },
  { "create_deck", function(s)
    s.g:create_deck(s.bob, { H.plain, H.plain, island, walker, H.bear }, { zone = "graveyard" })
  end },
  -- nothing listens to draws yet: the draw runs without a pcall or journal (arb_draw_n)
  { "draw, nothing listening", function(s) s.g:draw(s.ann, 2) end },
  { "redeal, nothing listening", function(s) s.g:redeal(s.ann, 3) end },
  -- no script can run at all: core actions skip the protected call (arb_l_core) and the
  -- journal alone undoes a failure
  { "lands, nothing listening", function(s)
    arbiter.atomic(s.g, function(g)
      for _ = 1, 24 do g:create(island, { owner = s.ann, zone = "battlefield" }) end
    end)
  end },
  { "pay, nothing listening", function(s) GI._pay(s.g, s.ann, 24) end },
  { "untap, nothing listening", function(s) GI._untap_all(s.g, s.ann) end },
  { "step, nothing listening", function(s) GI._step(s.g, "upkeep", true) end },
  { "settle, nothing listening", function(s) s.g:settle() end },
  { "add_replacement", function(s)
    s.g:add_replacement{ event = "draw", applies = function(ev) return ev.player == s.bob end,
      replace = function(ev, g) g:move(ev.player.library:top(), "graveyard") end }
  end },
  { "trigger", function(s)
    s.g:trigger{ event = "draw", controller = s.ann,
      condition = function(ev) return ev.player == s.ann end,
      effect = function(_, g) s.ann.life = s.ann.life + 1; g:damage(nil, s.bob, 1) end }
  end },
  { "on", function(s) s.g:on("discard", function() end) end },
  { "draw", function(s) s.g:draw(s.ann, 3) end },
  { "draw replaced", function(s) s.g:draw(s.bob, 2) end },
  { "settle", function(s) s.g:settle() end },
  { "discard", function(s) s.g:discard(s.ann, 2, { random = true }) end },
  { "shuffle", function(s) s.g:shuffle(s.ann.library) end },
  { "declare_attackers", function(s) s.g:declare_attackers({ s.bear }) end },
  { "declare_blockers", function(s) s.g:declare_blockers({ [s.wall] = s.bear }) end },
  { "combat_damage", function(s) s.g:combat_damage() end },
  { "check_state", function(s) s.g:check_state() end },
  { "clone", function(s) s.copy = s.g:clone(); s.copy:draw(s.copy.players[1]) end },
  { "draw_each", function(s) s.g:draw_each(1) end },
  { "grant", function(s)
    arbiter.atomic(s.g, function()
      for _, a in ipairs({ "flying", "reach", "trample", "vigilance", "haste", "lure", "islandwalk",
        "first strike", "defender" }) do s.bear:grant(a) end
    end)
  end },
  { "many triggers", function(s) s.g:draw(s.ann, 6) end },     -- waiting list and journal grow
  { "settle many", function(s) s.g:settle() end },              -- history grows
}

-- Steps where a failed allocation may be swallowed: the combat solver's cache is an
-- optimization (lcombat_solve.c drops the entry when it can't allocate it); so is a quiet draw's
-- room for the whole library (arb_draw_n falls back to what the draws need).
local optional = { declare_attackers = true, declare_blockers = true, combat_damage = true,
  ["draw, nothing listening"] = true }

-- The script's state, its keys made up front: assigning to it allocates nothing, so an
-- injected failure lands in the engine, not in the spec's own bookkeeping.
local function fresh() return { g = false, ann = false, bob = false, bear = false, wall = false, copy = false } end

local function hash(s) return s.g and (s.g:state_hash(true) .. "/" .. s.g:history_length()) end

local function full_gc() collectgarbage(); collectgarbage() end

-- Runs the script with the k-th core allocation failing (k = nil: none).
-- Returns the final hash, the step that failed (or nil) and whether the failure fired.
local function run(k)
  local s = fresh()
  if k then core._fail_alloc(k) end
  local failed
  for i, step in ipairs(steps) do
    local before = hash(s)
    local ok, err = pcall(step[2], s)
    if not ok then
      assert(k and not failed, "step " .. step[1] .. " failed without an injected failure: " .. tostring(err))
      failed = step[1]
      assert.are.equal("string", type(err))
      assert.truthy(err:find("not enough memory", 1, true), "step " .. step[1] .. ": " .. err)
      assert.are.equal(before, hash(s), "k=" .. k .. ": " .. step[1] .. " changed the game")
      assert.is_true(core._fail_alloc())            -- disarm: it was the injected failure
      step[2](s)                                    -- the same call now succeeds
    end
    if i == 1 and not s.g then error("no game") end
    if k and not failed and core._alloc_fired() then
      failed = step[1] .. " (swallowed)"      -- allowed only where the allocation is optional
      assert.truthy(optional[step[1]], "k=" .. k .. ": " .. step[1] .. " swallowed a failed allocation")
      core._fail_alloc()
    end
  end
  local fired = failed ~= nil
  if k and not failed then fired = core._fail_alloc() end
  local copy_hash = s.copy and s.copy:state_hash(true)
  return hash(s), failed, fired, copy_hash
end

describe("allocation failures (issue 7)", function()
  -- LuaJIT's trace compiler doesn't survive failures of its own allocations: off while
  -- failures are injected (compat.jit does nothing on the other Luas)
  setup(function() require("arbiter.compat").jit(false) end)
  teardown(function() require("arbiter.compat").jit(true) end)

  it("every k: a clean error, the game unchanged, then the same final game; no leak", function()
    full_gc()
    local blocks = core._blocks()
    local want, _, _, want_copy = run(nil)
    full_gc()
    assert.are.equal(blocks, core._blocks())
    local k, seen = 0, {}
    while true do
      k = k + 1
      local got, failed, fired, copy = run(k)
      if not fired then break end
      assert.truthy(failed, "k=" .. k .. ": the failure was swallowed")
      seen[failed] = true
      assert.are.equal(want, got, "k=" .. k .. " (" .. failed .. "): final state differs")
      assert.are.equal(want_copy, copy, "k=" .. k .. " (" .. failed .. "): clone differs")
      full_gc()
      assert.are.equal(blocks, core._blocks(), "k=" .. k .. " (" .. failed .. "): core blocks leaked")
    end
    assert.is_true(k > #steps, "only " .. k .. " allocations")
    for _, name in ipairs({ "new_game", "create library", "create battlefield", "create a fresh name",
      "create_deck", "draw", "draw replaced", "settle", "discard", "declare_attackers", "clone",
      "pay, nothing listening", "untap, nothing listening" }) do
      assert.truthy(seen[name], "no allocation failed inside " .. name)
    end
    io.stderr:write(("allocfail: %d allocations; failed in:"):format(k - 1))
    for _, step in ipairs(steps) do if seen[step[1]] then io.stderr:write(" ", step[1]) end end
    io.stderr:write("\n")
  end)

  it("core._history_start: the same game whatever the history's first capacity; bad input refused", function()
    local plain = run(nil)
    local real = core._history_start
    core._history_start = function() end      -- the script with the default start (128 events)
    local ok, default = pcall(run, nil)
    core._history_start = real
    assert(ok, default)
    assert.are.equal(plain, default)
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 7 }
    assert.has_error(function() core._history_start(g, 0) end)
    assert.has_error(function() core._history_start(g, 1e6) end)
    core._history_start(g, 4)
    g:create_deck(g.players[1], { H.plain, H.plain, H.plain, H.plain, H.plain, H.plain })
    local err = select(2, pcall(core._history_start, g, 8))
    assert.truthy(err:find("already allocated", 1, true), err)
  end)

  -- A host memory limit: the k-th Lua allocation fails (and Lua's retry of it). The failure
  -- may hit the binding while core frames are live (event tables, messages in hooks).
  it("every k-th Lua allocation inside a call: a clean error, the game unchanged, the same final game", function()
    local want = run(nil)
    full_gc()
    local blocks = core._blocks()
    local stride = tonumber(os.getenv("ARBITER_ALLOCFAIL_STRIDE") or "") or 3
    local k, runs, failures = 0, 0, 0
    while true do
      k = k + stride
      local s, left, fired_in = fresh(), k, nil
      for _, step in ipairs(steps) do
        local before = hash(s)
        if left then core._fail_lua_alloc(left) end
        local ok, err = pcall(step[2], s)
        local fired, rest = core._fail_lua_alloc()
        if left and fired then
          fired_in, left = step[1], nil
          if not ok then
            failures = failures + 1
            assert.are.equal(before, hash(s), "k=" .. k .. ": " .. step[1] .. " changed the game: " .. tostring(err))
            step[2](s)                                -- the same call now succeeds
          end
        else
          if left then left = rest end
          assert(ok, "k=" .. k .. ": " .. step[1] .. " failed without an injected failure: " .. tostring(err))
        end
      end
      runs = runs + 1
      if not fired_in then break end
      assert.are.equal(want, hash(s), "k=" .. k .. " (" .. fired_in .. "): final state differs")
      s = nil -- luacheck: ignore 311 (dropped for the collector)
      full_gc()
      assert.are.equal(blocks, core._blocks(), "k=" .. k .. " (" .. fired_in .. "): core blocks leaked")
    end
    assert.is_true(runs > 20 and failures > 20, runs .. " runs, " .. failures .. " failures")
  end)
end)
