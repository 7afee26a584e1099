-- bench/soak.lua — plays many random games and checks the engine's invariants after every step
-- (issue 7, item 5). Each game: 2-4 players (sometimes Two-Headed Giant teams), random decks of
-- lands, keyword creatures and the card scripts of examples/cards, random agents
-- (arbiter.agents.random, plus random priority answers: instants cast and abilities
-- activated in response, and now and then an illegal answer that 422.2 undoes), driven
-- step by step with the turn API (sometimes a whole
-- g:play_turn(), sometimes combat as one g:combat_phase()). After every step:
--   * every card in exactly one zone, its zone field agreeing, counts conserved per owner;
--   * life totals integers; state-based actions done after a settle;
--   * g:state_hash() equals g:clone():state_hash(); the game's RNG is rolled back with it;
--   * rollback: g:attempt(<random draws, moves, damage, declarations, turns...>; error) leaves
--     the hash as it was; any API call that raises leaves the game as it was;
--   * now and then a clone plays a turn: the original must not change (clones are independent).
-- Some steps get an injected failure (an agent or a card script raises mid-step): the step
-- must roll back exactly (hash and history unchanged); it is then retried. Each game without
-- an injected failure is replayed unchecked, step by step and as one g:play{}: same final
-- hash (the checks change nothing; a turn step by step is the same turn as a whole; same seed
-- => same game). Memory after each batch (two full collections) must stay within a
-- bound of batch 1's. Prints games/s, the checks' cost as a ratio to the unchecked replay,
-- and "N passed, N failed" (a game passes when nothing went wrong); exits non-zero on failure.
-- With --set alpha (issue 27 item 4) the decks are random 40-card decks of two colors drawn from
-- every written card of Limited Edition Alpha (require("arbiter.sets.alpha"), its definitions
-- used as they are), and each player is answered by the random agent or by the simple one.
-- usage: lua5.4 bench/soak.lua [--games N] [--seed S] [--batch B] [--max-turns T] [--quick]
--                             [--exclude script,script] [--trace SEED] [--strict] [--set alpha]
--   --quick: 40 games in batches of 10 (the CI pass, a few seconds)
--   --exclude: example scripts (file names) or, with --set, card names, left out of the pool
local B = dofile((arg[0]:match("^(.*)[/\\]") or ".") .. "/common.lua")
local arbiter, core = B.arbiter, require("arbiter.core")
local compat = require("arbiter.compat")
local here = B.root .. "bench/soak/"
local cards = dofile(here .. "cards.lua")
local checks = dofile(here .. "checks.lua")
local actions = dofile(here .. "actions.lua")

local opt = { games = 10000, seed = 1, batch = 100, max_turns = 40, quick = false, exclude = {} }
do
  local i = 1
  while arg[i] do
    local a, v = arg[i], compat.toint(tonumber(arg[i + 1] or ""))
    if a == "--quick" then opt.quick = true; opt.games = 40; opt.batch = 10; i = i - 1
    elseif a == "--games" and v then opt.games = v
    elseif a == "--seed" and v then opt.seed = v
    elseif a == "--batch" and v then opt.batch = v
    elseif a == "--max-turns" and v then opt.max_turns = v
    elseif a == "--trace" and v then opt.trace = v
    elseif a == "--strict" then opt.strict = true; i = i - 1
    elseif a == "--set" and arg[i + 1] == "alpha" then opt.set = arg[i + 1]
    elseif a == "--exclude" and arg[i + 1] then
      for name in arg[i + 1]:gmatch("[^,]+") do opt.exclude[name] = true end
    else io.stderr:write("soak: bad option " .. a .. "\n"); os.exit(2) end
    i = i + 2
  end
end

-- ---------------------------------------------------------------- injected failures
local INJECTED = "soak: injected fault"
local faults = { kind = nil, left = 0, fired = false }
function faults.tick(kind)
  if faults.left > 0 and faults.kind == kind then
    faults.left = faults.left - 1
    if faults.left == 0 then faults.fired = true; error(INJECTED .. " (" .. kind .. ")", 0) end
  end
end
function faults.arm(kind, n) faults.kind, faults.left, faults.fired = kind, n, false end
function faults.disarm()
  local fired = faults.fired
  faults.kind, faults.left, faults.fired = nil, 0, false
  return fired
end

-- Holding priority (116), a random agent casts one of its instants or activates one of its
-- abilities now and then, with random legal targets; once in a while it answers with
-- something illegal (a card it can't cast), which the engine undoes and asks again (422.2).
local internal = require("arbiter.internal")
local priority_actions = 0           -- actions the agents answered priority with (tried)
-- 307.1: p's main phase with an empty stack
local function sorcery_time(g, p)
  return g.active_player == p and (g.step == "main1" or g.step == "main2") and #g:stack_objects() == 0
end
local function random_priority(seed)
  local r = arbiter.agents.rng(seed)
  local function pick_targets(g, list, source, self_obj)
    local out = {}
    for i = 1, #(list or {}) do
      local c = internal._target_candidates(g, list[i], source, self_obj)
      if #c == 0 then return nil end
      out[i] = c[r(#c)]
    end
    return out
  end
  return function(p, g)
    local roll = r(16)
    if roll == 1 then return { cast = p.library:top() or p } end        -- illegal: undone, asked again
    if roll > 5 then return nil end
    local acts = {}
    for _, c in ipairs(p.hand:cards()) do
      if arbiter.has_type(c, "Instant") and g:can_cast(p, c) then
        local list, mode = c.targets, nil            -- a modal spell (700.2): a random mode's targets
        if c.modes then mode = r(#c.modes); list = c.modes[mode].targets end
        local ts = pick_targets(g, list, c, { kind = "spell", card = c })
        if ts then acts[#acts + 1] = { cast = c, targets = ts, mode = mode } end
      end
    end
    for _, c in ipairs(g:permanents(p, "any", "u")) do
      for i, a in ipairs(internal._abilities_of(c)) do
        if not a.mana and a.cost.total == 0 and (not a.cost.tap or internal._can_tap(c))
            and (not a.sorcery or sorcery_time(g, p))        -- (Illusionary Mask: "any time you could cast a sorcery")
            and internal._activation_allowed(g, p, c, a) then   -- (Instill Energy: "only during your turn")
          local ts = pick_targets(g, a.targets, c, nil)
          if ts then acts[#acts + 1] = { activate = c, ability = i, targets = ts } end
        end
      end
    end
    if #acts == 0 then return nil end
    priority_actions = priority_actions + 1
    return acts[r(#acts)]
  end
end

-- A random agent (or, simple = true, the simple one) whose every answer may be the injected failure.
local function agent(seed, simple)
  local a, w
  if simple then a, w = arbiter.agents.simple(), {} else
    a, w = arbiter.agents.random(seed), {}
    a.priority = random_priority(seed * 5 + 3)
  end
  for k, f in pairs(a) do w[k] = function(...) faults.tick("agent"); return f(...) end end
  return w
end

local pool
if opt.set then pool = cards.set_pool(require("arbiter.sets." .. opt.set), opt.exclude)
else pool = cards.pool(arbiter, B.root, faults, arbiter.agents.rng(20261122), opt.exclude) end

-- ---------------------------------------------------------------- statistics
local stats = { games = 0, played = 0, passed = 0, failed = 0, turns = 0, steps = 0, players = 0, faults = 0,
  rolled_back = 0, swallowed = 0, refused = 0, clones_played = 0, replays = 0, results = {} }
local failures = {}          -- the first few messages
local function note_failure(seed, msg)
  if #failures < 12 then failures[#failures + 1] = string.format("seed %d: %s", seed, msg) end
end

-- ---------------------------------------------------------------- one game
local function build(seed)
  local plan = arbiter.agents.rng(seed * 7919 + 17)
  local g
  if plan(5) == 1 then
    g = arbiter.new_game{ teams = { { "A1", "A2" }, { "B1", "B2" } }, seed = seed }
  else
    local names = {}
    for i = 1, 1 + plan(3) do names[i] = "P" .. i end
    g = arbiter.new_game{ players = names, seed = seed, starting_life = plan(3) == 1 and 4 + plan(12) or nil }
  end
  local created, count = {}, {}
  for _, p in ipairs(g.players) do
    local deck = cards.deck(pool, plan)
    for _, def in ipairs(deck) do created[g:create(def, { owner = p }).id] = p.index end
    count[p.index] = #deck
    g:set_agent(p, agent(seed * 31 + p.index, pool.set and plan(2) == 1))
  end
  g:start()
  return { g = g, created = created, count = count, plan = plan, seed = seed }
end

local function abort(msg) error({ soak = msg }, 0) end
local function expect(msg, where) if msg then abort(where .. ": " .. msg) end end

-- Runs fn with every player answered by the default agent: checks must not use up the
-- random agents' answers (the unchecked replay must see the same ones).
local function with_agents(g, agents, fn, ...)
  local e = core.env(g)
  local saved = e.agents
  e.agents = agents
  local r = compat.pack(pcall(fn, ...))
  e.agents = saved
  if not r[1] then error(r[2], 0) end
  return compat.unpack(r, 2, r.n)
end
local function quietly(g, fn, ...)
  return with_agents(g, {}, fn, ...)
end

-- Fresh random agents for every player, all from one seed: two games in the same state
-- asked the same questions get the same answers.
local function fresh_agents(g, seed)
  local out = {}
  for _, p in ipairs(g.players) do out[p.index] = arbiter.agents.random(seed + p.index) end
  return out
end

local function rollback_check(S, where)
  local g = S.g
  local h, hl, inner = g:state_hash(true), g:history_length(), nil
  local ok, err = quietly(g, g.attempt, g, function()
    local n, msg = actions.run(g, S.chk, pool)
    if n then stats.refused = stats.refused + n else inner = msg end
    error("soak undo", 0)
  end)
  expect(inner, where .. " (inside the rollback check)")
  if ok or not tostring(err):find("soak undo", 1, true) then
    abort(where .. ": attempt returned " .. tostring(ok) .. ", " .. tostring(err))
  end
  if g:state_hash(true) ~= h then abort(where .. ": state hash changed after a rolled-back attempt") end
  if g:history_length() ~= hl then abort(where .. ": history length changed after a rolled-back attempt") end
end

-- Known problems the soak counts and reports without failing the game (--strict: they fail
-- it): kind -> {n = count, [message with numbers elided] = count}.
local known = {}
local function note_known(S, kind, msg)
  local k = known[kind] or { n = 0, msgs = {}, seeds = {} }
  known[kind] = k
  k.n = k.n + 1
  local key = tostring(msg):match("^[^\n]*"):gsub("#%d+", "#N"):gsub("%d+", "N")
  k.msgs[key] = (k.msgs[key] or 0) + 1
  k.seeds[key] = k.seeds[key] or S.seed
  if opt.strict then abort(kind .. ": " .. tostring(msg)) end
end

-- Owners change only by an "owner" event (the ante rules, 217.8: g:set_owner): the owners the
-- soak expects follow the history's owner events from index `from` on; into: the map to update
-- (the game's own), or nil for a copy (a clone's turn). Returns the map and the counts' changes.
local function follow_owners(g, created, from, into)
  local map, delta = into, {}
  if not map then map = {}; for id, o in pairs(created) do map[id] = o end end
  if g:history_length() < from then return map, delta end
  for _, ev in ipairs(g:history(from)) do
    if ev.type == "owner" and map[ev.card.id] then
      local old, new = map[ev.card.id], ev.player.index
      delta[old], delta[new] = (delta[old] or 0) - 1, (delta[new] or 0) + 1
      map[ev.card.id] = new
    end
  end
  return map, delta
end

-- Look-ahead: the next turn played on a clone must be the turn the original would play (the
-- original plays it inside a rolled-back attempt), and must not change the original.
local function clone_check(S, where)
  local g = S.g
  local h, hl = g:state_hash(true), g:history_length()
  local ok_g, err_g, h_g
  local seed = S.chk(1073741824)
  with_agents(g, fresh_agents(g, seed), g.attempt, g, function()
    ok_g, err_g = pcall(g.play_turn, g)
    h_g = g:state_hash(true)
    error("soak undo", 0)
  end)
  if g:state_hash(true) ~= h then abort(where .. ": a rolled-back turn left the state hash changed") end
  local c = g:clone()
  core.env(c).agents = fresh_agents(c, seed)
  local ok_c, err_c = pcall(c.play_turn, c)
  stats.clones_played = stats.clones_played + 1
  if g:state_hash(true) ~= h or g:history_length() ~= hl then
    S.faulted = true            -- the game went on from a changed state: no replay
    note_known(S, "a turn played on a clone changed the original", where)
  elseif ok_g ~= ok_c then
    note_known(S, "a clone's turn raised where the original's did not", err_c or err_g)
  elseif ok_c and c:state_hash(true) ~= h_g then
    note_known(S, "a clone's turn differs from the original's", where)
  end
  if ok_c then
    local owners = follow_owners(c, S.created, hl + 1)
    expect((checks.zones(c, owners, c:result() ~= nil)), where .. " (the clone after its turn)")
  end
end

local function verify(S, where)
  local g = S.g
  local _, delta = follow_owners(g, S.created, (S.seen or 0) + 1, S.created)
  for o, d in pairs(delta) do S.count[o] = (S.count[o] or 0) + d end
  S.seen = g:history_length()
  local msg, per_owner = checks.zones(g, S.created, g:result() ~= nil)
  expect(msg, where)
  for o, n in pairs(S.count) do
    if (per_owner[o] or 0) ~= n then
      abort(string.format("%s: player %d owns %d cards, created %d", where, o, per_owner[o] or 0, n))
    end
  end
  if not g:result() and #g.stack > 0 then abort(where .. ": the stack is not empty after a step") end
  expect(checks.numbers(g), where)
  expect(quietly(g, checks.state_based, g), where)     -- its rolled-back settle must not use up answers
  expect(checks.clone_hash(g), where)
  expect(checks.rng_rollback(g), where)
  rollback_check(S, where)
  if S.chk(16) == 1 then clone_check(S, where) end
end

-- One step (a Game method) with the checks, maybe with an injected failure.
local function step(S, name, ...)
  local g = S.g
  if S.trace then S.trace[#S.trace + 1] = string.format("turn %d %s %s", g.turn, name, g:state_hash(true)) end
  if not S.checked then return g[name](g, ...) end
  stats.steps = stats.steps + 1
  local where = string.format("turn %d %s", g.turn, name)
  local h, hl = g:state_hash(true), g:history_length()
  if S.faulty and S.chk(8) == 1 then faults.arm(S.chk(2) == 1 and "agent" or "script", S.chk(6)) end
  local ok, r = pcall(g[name], g, ...)
  local fired = faults.disarm()
  if fired then stats.faults = stats.faults + 1; S.faulted = true end
  if not ok then
    if not (fired and tostring(r):find(INJECTED, 1, true)) then abort(where .. " raised: " .. tostring(r)) end
    if g:state_hash(true) ~= h then abort(where .. ": an injected failure left the state hash changed") end
    if g:history_length() ~= hl then abort(where .. ": an injected failure left the history changed") end
    stats.rolled_back = stats.rolled_back + 1
    verify(S, where .. " (rolled back)")
    ok, r = pcall(g[name], g, ...)
    if not ok then abort(where .. " raised on retry: " .. tostring(r)) end
  elseif fired then
    stats.swallowed = stats.swallowed + 1
  end
  verify(S, where)
  expect(quietly(g, checks.after_step, g, name), where)   -- its rolled-back tries must not use up answers
  return r
end

-- A turn step by step as g:play_turn plays it: a step its player skips (300.8: g:skip, Stasis's
-- rules.skip) is passed over, asked in the same order (a counted skip is used up as it is asked);
-- the step methods called one by one don't skip by themselves (docs/API.md, g:skip).
local skipped = internal._skipped
local function play_turn_steps(S)
  local g, plan = S.g, S.plan
  step(S, "begin_turn")
  local p = g.active_player
  local function part(name, s) if not skipped(g, p, s) then return step(S, name) end return true end
  for _, x in ipairs({ { "untap_step", "untap" }, { "upkeep_step", "upkeep" }, { "draw_step", "draw" },
    { "main_phase", "main1" } }) do
    if g:result() then return end
    part(x[1], x[2])
  end
  if g:result() then return end
  if plan(2) == 1 then
    step(S, "combat_phase")
  else                                   -- the combat phase's own steps, as g:combat_phase skips them
    if part("beginning_of_combat", "beginning_of_combat") and not g:result() then
      local attacked = not skipped(g, p, "declare_attackers") and step(S, "attack_step")
      if attacked and (skipped(g, p, "declare_blockers") or step(S, "block_step"))
        and not skipped(g, p, "combat_damage") then
        step(S, "damage_step")
      end
      if not g:result() then part("end_of_combat_step", "end_of_combat") end
    end
  end
  for _, x in ipairs({ { "main_phase", "main2" }, { "end_step", "end" }, { "cleanup_step", "cleanup" } }) do
    if g:result() then return end
    part(x[1], x[2])
  end
end

-- whole: the game in one g:play{} call (turns as whole actions), for comparison.
local function play(seed, checked, trace, whole)
  local S = build(seed)
  S.checked, S.chk, S.trace = checked, arbiter.agents.rng(seed * 104729 + 3), trace
  S.faulty = S.chk(3) == 1         -- a third of the games get injected failures
  local g = S.g
  if checked then verify(S, "after start") end
  if whole then
    g:play{ max_turns = opt.max_turns }
    return S
  end
  while not g:result() and g.turn < opt.max_turns do
    if S.plan(4) == 1 then step(S, "play_turn") else play_turn_steps(S) end
  end
  return S
end

local function outcome(g)
  local r = g:result()
  if not r then return "unfinished" end
  return r.draw and "draw" or (r.winner and "win" or "lost")
end

local clock = { checked = 0, replay = 0 }
local function one_game(seed)
  local t0 = os.clock()
  local ok, S = pcall(play, seed, true)
  clock.checked = clock.checked + os.clock() - t0
  stats.games = stats.games + 1
  if not ok then
    stats.failed = stats.failed + 1
    note_failure(seed, type(S) == "table" and S.soak or ("error: " .. tostring(S)))
    return
  end
  local g = S.g
  stats.turns, stats.players = stats.turns + g.turn, stats.players + #g.players
  stats.played = stats.played + 1
  local o = outcome(g)
  stats.results[o] = (stats.results[o] or 0) + 1
  if not S.faulted then
    t0 = os.clock()
    local rok, R = pcall(play, seed, false)
    clock.replay = clock.replay + os.clock() - t0
    stats.replays = stats.replays + 1
    if not rok then
      stats.failed = stats.failed + 1
      return note_failure(seed, "unchecked replay raised: " .. tostring(type(R) == "table" and R.soak or R))
    end
    if R.g:state_hash(true) ~= g:state_hash(true) or R.g.turn ~= g.turn then
      stats.failed = stats.failed + 1
      return note_failure(seed, string.format("unchecked replay differs (turn %d vs %d): the checks changed the game",
        R.g.turn, g.turn))
    end
    -- the same game as g:play{}: a turn played step by step is the turn played as a whole
    local wok, W = pcall(play, seed, false, nil, true)
    if not wok or W.g:state_hash(true) ~= g:state_hash(true) or W.g.turn ~= g.turn then
      stats.failed = stats.failed + 1
      return note_failure(seed, "the game played by g:play{} differs from the same game step by step: "
        .. (wok and string.format("turn %d vs %d", W.g.turn, g.turn) or tostring(W)))
    end
  end
  stats.passed = stats.passed + 1
end

-- --trace SEED: where the checked game and its unchecked replay part (the first step after
-- which their hashes differ).
if opt.trace then
  local a, b = {}, {}
  print(pcall(play, opt.trace, true, a))
  print(pcall(play, opt.trace, false, b))
  for i = 1, math.max(#a, #b) do
    if a[i] ~= b[i] then
      print("checked:  " .. tostring(a[i - 1]) .. "\n          " .. tostring(a[i]))
      print("replayed: " .. tostring(b[i - 1]) .. "\n          " .. tostring(b[i]))
      break
    end
  end
  os.exit(0)
end

-- ---------------------------------------------------------------- batches and memory
local MEM_BOUND = 256          -- KiB: allowed growth of batch k's memory over batch 1's
local mem = { base = nil, max_growth = 0, last = nil }
local first, t_start = opt.seed, os.clock()
local done = 0
while done < opt.games do
  local n = math.min(opt.batch, opt.games - done)
  for k = 1, n do one_game(first + done + k - 1) end
  done = done + n
  local kib = B.kib()
  if not mem.base then mem.base = kib else mem.max_growth = math.max(mem.max_growth, kib - mem.base) end
  mem.last = kib
  if not opt.quick then
    io.stderr:write(string.format("\r%d/%d games, %d failed, memory %.0f KiB   ", done, opt.games, stats.failed, kib))
  end
end
if not opt.quick then io.stderr:write("\n") end
local secs = os.clock() - t_start

local mem_ok = mem.max_growth <= MEM_BOUND
if not mem_ok then
  stats.failed = stats.failed + 1
  note_failure(first, string.format("memory grew by %.0f KiB across batches (bound %d KiB)", mem.max_growth, MEM_BOUND))
end

print(string.format("soak: %d games (seeds %d..%d), %.1f players and %.1f turns per game, %d steps checked",
  stats.games, first, first + opt.games - 1, stats.players / math.max(1, stats.played),
  stats.turns / math.max(1, stats.played), stats.steps))
print(string.format("  results: %d won, %d draws, %d unfinished after %d turns (%.1f%% of the games played "
  .. "ended normally, with a winner or a draw)%s", stats.results.win or 0, stats.results.draw or 0,
  stats.results.unfinished or 0, opt.max_turns,
  100 * ((stats.results.win or 0) + (stats.results.draw or 0)) / math.max(1, stats.played),
  opt.set and string.format("; decks of the %s set's %d written cards", opt.set, #pool.spells + #pool.lands) or ""))
print(string.format("  injected failures: %d (%d rolled back and retried, %d caught inside the engine); "
  .. "%d refused calls in rollback checks; %d clone turns", stats.faults, stats.rolled_back,
  stats.swallowed, stats.refused, stats.clones_played))
print(string.format("  priority: %d casts and activations answered by the agents (responses included)",
  priority_actions))
print(string.format("  %.1f games/s checked (%.1f s in all); checks cost %.1fx the unchecked replay (%d replays)",
  stats.games / math.max(secs, 1e-9), secs,
  (clock.checked / math.max(1, stats.games)) / math.max(clock.replay / math.max(1, stats.replays), 1e-9),
  stats.replays))
print(string.format(
  "  memory after each batch of %d: batch 1 %.0f KiB, last %.0f KiB, max growth %.0f KiB (bound %d)%s",
  opt.batch, mem.base or 0, mem.last or 0, mem.max_growth, MEM_BOUND, mem_ok and "" or "  EXCEEDED"))
local function sorted_keys(t)
  local ks = {}
  for k in pairs(t) do ks[#ks + 1] = k end
  table.sort(ks)
  return ks
end
for _, kind in ipairs(sorted_keys(known)) do
  local k = known[kind]
  print(string.format("  known problem (not counted as a failure; --strict counts it): %s: %d time(s)", kind, k.n))
  local keys = sorted_keys(k.msgs)
  table.sort(keys, function(a, b)    -- the rarest first
    if k.msgs[a] ~= k.msgs[b] then return k.msgs[a] < k.msgs[b] end
    return a < b
  end)
  for i, msg in ipairs(keys) do
    if i <= 4 then print(string.format("      %dx (first: seed %d) %s", k.msgs[msg], k.seeds[msg], msg)) end
  end
end
for _, f in ipairs(failures) do print("  FAILED " .. f) end
print(string.format("%d passed, %d failed", stats.passed, stats.failed))
os.exit(stats.failed == 0 and 0 or 1)
