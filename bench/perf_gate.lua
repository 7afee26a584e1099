-- bench/perf_gate.lua — the workloads `make perf-gate` counts under callgrind (issue 28 item 5).
-- Each workload is set up for K units, then run between two os.clock() calls: scripts/perf_gate.lua
-- counts what runs between them (callgrind --dump-before=clock) and divides by K, so the count is
-- the work's own, without start-up, set-up or exit. (setup: the set-up alone, for comparison.)
-- Instruction counts, not times: they are stable enough to gate on, on one kind of machine.
-- usage: lua5.4 bench/perf_gate.lua WORKLOAD K run|setup      (lua5.4 bench/perf_gate.lua list)
--        lua5.4 bench/perf_gate.lua WORKLOAD K vs BASELINE [reps]   times the workload natively,
--   alternating with a baseline workload of the same K (bench/common.lua's time_vs), and prints
--   "<seconds per unit> <baseline's seconds per unit>" (scripts/bench_report.lua's rows)
local B = dofile((arg[0]:match("^(.*)[/\\]") or ".") .. "/common.lua")
local arbiter = B.arbiter

local island = arbiter.card{ name = "Island", types = { "Land" }, subtypes = { "Island" }, supertypes = { "Basic" } }
local mountain = arbiter.card{ name = "Mountain", types = { "Land" }, subtypes = { "Mountain" },
  supertypes = { "Basic" } }
local bear = arbiter.card{ name = "Bear", types = { "Creature" }, power = 2, toughness = 2, cost = "{1}" }
local shock = arbiter.card{ name = "Shock", types = { "Instant" }, cost = "{R}", targets = { "creature or player" },
  resolve = function(obj, g, source) g:damage(source, obj.targets[1], 2) end }

local function duel() return arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1 } end
local function library(g, p, n, def) for _ = 1, n do g:create(def or island, { owner = p }) end end

-- Each workload: setup(k) -> state, then run(state, k) does k units of work.
local W = {}

W.draw_bulk = { setup = function(k) local g = duel(); library(g, g.players[1], k); return g end,
  run = function(g, k) g:draw(g.players[1], k) end }

W.draw_per_call = { setup = W.draw_bulk.setup,
  run = function(g, k) local p = g.players[1]; for _ = 1, k do g:draw(p) end end }

W.draw_replacement = {
  setup = function(k)
    local g = W.draw_bulk.setup(k)
    local p = g.players[1]
    g:add_replacement{ event = "draw", applies = function(ev) return ev.player ~= p end, replace = function() end }
    return g
  end,
  run = W.draw_bulk.run }

-- a priority pass nobody can act in (both agents answer priority; nothing castable)
W.priority_pass = {
  setup = function()
    local g = duel()
    for _, p in ipairs(g.players) do
      for _ = 1, 5 do g:create(bear, { owner = p, zone = "battlefield" }) end
      g:set_agent(p, { priority = function() end })
    end
    g:begin_turn(g.players[1]); g:upkeep_step()
    return g
  end,
  run = function(g, k) for _ = 1, k do g:settle() end end }

-- a cast with a target and a payment from a land (one Mountain, untapped again after each), resolved
-- (outside a turn: no timing)
W.cast = {
  setup = function(k)
    local g = duel()
    local ann, bob = g.players[1], g.players[2]
    local s = { g = g, ann = ann, bob = bob, shocks = {} }
    s.land = g:create(mountain, { owner = ann, zone = "battlefield" })
    for i = 1, k do s.shocks[i] = g:create(shock, { owner = ann, zone = "hand" }) end
    bob.life = 1000000
    return s
  end,
  run = function(s, k)
    for i = 1, k do
      s.g:cast(s.ann, s.shocks[i], { targets = { s.bob } }); s.g:settle(); s.land:untap()
    end
  end }

-- one trigger: a zone change wakes it, it goes on the stack and resolves
W.trigger = {
  setup = function(k)
    local g = duel()
    local ann = g.players[1]
    library(g, ann, k)
    g:trigger{ event = "draw", controller = ann, effect = function(_, game) game:gain_life(game.players[1], 1) end }
    return g
  end,
  run = function(g, k) local p = g.players[1]; for _ = 1, k do g:draw(p); g:settle() end end }

-- g:clone() of a game in its sixth turn (the whole-game bench's decks)
local new_game, new_set_game, set_decks = dofile(B.root .. "bench/game_decks.lua")(arbiter, B.root)
W.clone = {
  setup = function() local g = new_game(1); g:play{ max_turns = 6 }; return g end,
  run = function(g, k) for _ = 1, k do g:clone() end end }

-- Baselines for the timed rows (not gated): the same units without what the workload measures.
-- priority_pass without agents answering priority (nobody is asked: bench/priority.lua's baseline)
W.priority_base = {
  setup = function()
    local g = W.priority_pass.setup()
    for _, p in ipairs(g.players) do g:set_agent(p, {}) end
    return g
  end,
  run = W.priority_pass.run }

-- a cast as a plain Lua loop would do it over plain tables (bench/game.lua's kind of baseline):
-- the card from a hand array to a stack array, the land table tapped for it, 2 damage off a
-- life field, the card to a graveyard array, the land untapped
W.cast_plain = {
  setup = function(k)
    local s = { hand = {}, stack = {}, grave = {}, land = { tapped = false }, bob = { life = 1000000 } }
    for i = 1, k do s.hand[i] = { id = i, name = "Shock", types = { "Instant" }, cost = 1 } end
    return s
  end,
  run = function(s, k)
    local hand, stack, grave, land, bob = s.hand, s.stack, s.grave, s.land, s.bob
    for i = k, 1, -1 do
      local c = hand[i]; hand[i] = nil
      land.tapped = true
      stack[#stack + 1] = { card = c, targets = { bob } }
      local o = stack[#stack]; stack[#stack] = nil
      o.targets[1].life = o.targets[1].life - 2
      grave[#grave + 1] = o.card
      land.tapped = false
    end
  end }

-- the trigger workload's draw and settle without the trigger
W.trigger_base = {
  setup = function(k) local g = duel(); library(g, g.players[1], k); return g end,
  run = W.trigger.run }

-- whole games between the bench decks (random agents), seeds 1..k
W.game = { setup = function() return nil end,
  run = function(_, k) for s = 1, k do new_game(s):play{ max_turns = 400 } end end }

-- the same games with instants cast in response and priority answered (bench/game.lua's second
-- line; issue 28's <= 5.6 M a game); not gated
W.game_instants = { setup = function() return nil end,
  run = function(_, k) for s = 1, k do new_game(s, true):play{ max_turns = 400 } end end }

-- issue 33's target: a four-player free-for-all with range of influence 1, the same decks in
-- turn (at most twice a two-player game's count: half as many games a second); not gated
W.game_ffa4 = { setup = function() return nil end,
  run = function(_, k) for s = 1, k do new_game(s, false, { players = 4, range = 1 }):play{ max_turns = 800 } end end }

-- issue 27's speed goal: whole games between random 40-card Alpha decks (bench/game.lua --set
-- alpha), seeds 1..k; the set, its pool and the games' random deck lists are made in the set-up
-- (the bench's work, as the example decks' lists are: the count is the engine's, g:create_deck
-- and all); not gated
W.alpha_game = {
  setup = function(k)
    local decks = {}
    for s = 1, k do decks[s] = set_decks("alpha", s) end
    new_set_game("alpha", 1, decks[1])          -- (as before: the set-up's game, not played)
    return decks
  end,
  run = function(decks, k) for s = 1, k do new_set_game("alpha", s, decks[s]):play{ max_turns = 400 } end end }

local name, k, mode = arg[1], tonumber(arg[2] or ""), arg[3]
if name == "list" then
  local names = {}
  for n in pairs(W) do names[#names + 1] = n end
  table.sort(names)
  print(table.concat(names, " "))
  return
end
local w = assert(W[name], "usage: bench/perf_gate.lua WORKLOAD K (see 'list')")
assert(k and k > 0, "K: a count")
if mode == "vs" then
  local base = assert(W[arg[4] or ""], "vs: a baseline workload (see 'list')")
  local t, b = B.time_vs(tonumber(arg[5] or "") or 5, function() return base.setup(k) end,
    function(s) base.run(s, k) end, function() return w.setup(k) end, function(s) w.run(s, k) end)
  print(string.format("%.6e %.6e", t / k, b / k))
  return
end
assert(mode == "run" or mode == "setup", "third argument: run or setup")
local state = w.setup(k)
collectgarbage("collect")
-- the counted part: between the two os.clock calls (scripts/perf_gate.lua dumps callgrind's
-- counts at each entry of clock(), so nothing of the set-up or the exit is counted)
if mode == "run" then
  os.clock()
  w.run(state, k)
  os.clock()
end
