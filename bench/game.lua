-- bench/game.lua — whole games: two 60-card decks of lands, vanilla and keyword creatures,
-- random agents (arbiter.agents.random), played to the end with g:play(). Prints games per
-- second (issue target: >= 1,000 complete games per second on one core) and the ratio to a
-- plain Lua loop doing the same number of draws, attack declarations and casts over plain
-- tables (what the rules bookkeeping alone costs when nobody checks a rule). The decks and the
-- set-up are bench/game_decks.lua's (bench/game_digest.lua checks that a change leaves these
-- games as they were).
-- With --set alpha (issue 27), it also plays GAMES games between random 40-card decks of the
-- Alpha set (bench/soak/cards.lua's: two colors, every written card of the set in the pool) with
-- the same agents, and prints their games per second next to the example decks' (the goal:
-- within 30 % of it).
-- usage: lua5.4 bench/game.lua [--quick] [--reps N] [--games N] [--set alpha]
local B = dofile((arg[0]:match("^(.*)[/\\]") or ".") .. "/common.lua")
local arbiter = B.arbiter
local opt = B.options()
local GAMES = opt.quick and 40 or 300
local SET
for i = 1, #arg do
  if arg[i] == "--games" then GAMES = tonumber(arg[i + 1]) end
  if arg[i] == "--set" then SET = arg[i + 1] end
end

local new_game, new_set_game, set_decks = dofile(B.root .. "bench/game_decks.lua")(arbiter, B.root)

-- one run of GAMES games (timed); count() replays them untimed (same seeds, same games) to
-- tally what the baseline must redo
local draws, attacks, casts, mana, turns, results
local function play_all()
  for s = 1, GAMES do new_game(s):play{ max_turns = 400 } end
end
local function count()
  draws, attacks, casts, mana, turns = 0, 0, 0, 0, 0
  results = { Ann = 0, Bob = 0, draw = 0, unfinished = 0 }
  for s = 1, GAMES do
    local g = new_game(s)
    local r = g:play{ max_turns = 400 }
    turns = turns + g.turn
    if not r then results.unfinished = results.unfinished + 1
    elseif r.draw then results.draw = results.draw + 1
    else results[r.winner.name] = results[r.winner.name] + 1 end
    for _, ev in ipairs(g:history()) do
      if ev.type == "draw" then draws = draws + 1
      elseif ev.type == "step" and ev.step == "declare_attackers" then attacks = attacks + 1
      elseif ev.type == "cast" then
        casts = casts + 1
        mana = mana + arbiter.agents.mana_value(ev.card.cost)
      end
    end
  end
end

-- The baseline: the same number of draws (moving a card table from a library array to a
-- hand array), attack declarations (choose the untapped, non-sick creatures of a board of
-- ten plain tables, tap them) and casts (a card table from a hand array to a battlefield
-- array, paid by tapping as many land tables as its mana value), with the same number of
-- 60-card libraries built and shuffled.
local function baseline(n_draws, n_attacks, n_casts, n_mana)
  local seed = 1
  local function rnd(n) seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n + 1 end
  local per_game = math.max(1, math.floor(n_draws / GAMES))
  local done = 0
  for _ = 1, GAMES * 2 do
    local lib, hand = {}, {} -- luacheck: ignore 241 (the baseline does the work, unread)
    for i = 1, 60 do lib[i] = { id = i, name = "Card", types = { "Creature" }, tapped = false } end
    for i = 60, 2, -1 do local j = rnd(i); lib[i], lib[j] = lib[j], lib[i] end
    for _ = 1, math.min(60, math.floor(per_game / 2) + 1) do
      if done >= n_draws then break end
      hand[#hand + 1] = lib[#lib]; lib[#lib] = nil
      done = done + 1
    end
  end
  local board = {}
  for i = 1, 10 do board[i] = { id = i, tapped = false, sick = i % 3 == 0, power = 2 } end
  for _ = 1, n_attacks do
    local decl = {}
    for _, c in ipairs(board) do
      if not c.tapped and not c.sick and rnd(2) == 1 then decl[#decl + 1] = c; c.tapped = true end
    end
    for _, c in ipairs(decl) do c.tapped = false end
  end
  local lands, hand, field = {}, {}, {} -- luacheck: ignore 241 (the baseline does the work, unread)
  for i = 1, 10 do lands[i] = { id = i, tapped = false } end
  local per_cast = n_casts > 0 and n_mana / n_casts or 0
  for k = 1, n_casts do
    hand[1] = { id = k, name = "Card", types = { "Creature" }, cost = per_cast }
    local cost, paid = math.floor(per_cast * k) - math.floor(per_cast * (k - 1)), 0
    for _, l in ipairs(lands) do
      if paid >= cost then break end
      if not l.tapped then l.tapped = true; paid = paid + 1 end
    end
    field[#field + 1] = hand[1]; hand[1] = nil
    for _, l in ipairs(lands) do l.tapped = false end
  end
end

local t_game = B.time(opt.reps, nil, play_all)
count()
local nd, na, nc, nm = draws, attacks, casts, mana
local t_base = B.time(opt.reps, nil, function() baseline(nd, na, nc, nm) end)

print(string.format("bench/game.lua: %d games, %.1f turns per game, %d draws, %d attack declarations, %d casts",
  GAMES, turns / GAMES, nd, na, nc))
print(string.format("  results: Ann %d, Bob %d, draw %d, unfinished %d",
  results.Ann, results.Bob, results.draw, results.unfinished))
local gps = GAMES / t_game
B.report("whole games (random agents) vs a plain Lua loop of the same draws, declarations and casts", {
  { name = "plain Lua loop (baseline)", value = B.us(t_base / GAMES) .. "/g", ratio = 1 },
  { name = "arbiter g:play() to the end", value = B.us(t_game / GAMES) .. "/g", ratio = t_game / t_base },
}, "per game")
print(string.format("  games per second: %.0f (target >= 1000 on one core: %s)", gps,
  gps >= 1000 and "ok" or "MISSED"))

-- with instants cast in response and priority answered in every step
local t_inst = B.time(opt.reps, nil, function()
  for s = 1, GAMES do new_game(s, true):play{ max_turns = 400 } end
end)
local icasts, instants = 0, 0
for s = 1, GAMES do
  local g = new_game(s, true)
  g:play{ max_turns = 400 }
  for _, ev in ipairs(g:history()) do
    if ev.type == "cast" then
      icasts = icasts + 1
      if arbiter.has_type(ev.card, "Instant") then instants = instants + 1 end
    end
  end
end
print(string.format("  with instants and priority answered (agents.simple_priority): %.0f games per second, "
  .. "%.1f casts per game (%.1f instants); %.2fx the games without", GAMES / t_inst, icasts / GAMES,
  instants / GAMES, t_inst / t_game))

-- --set alpha: the same agents, random decks of the set
if SET then
  local pool = dofile(B.root .. "bench/soak/cards.lua").set_pool(require("arbiter.sets." .. SET))
  -- the random deck lists are the bench's work, built before the timing (the example decks' lists
  -- are fixed); the games' own deck creation, shuffles and start are timed
  local decks = {}
  for s = 1, GAMES do decks[s] = set_decks(SET, s) end
  local function set_game(seed) return new_set_game(SET, seed, decks[seed]) end
  local t_set = B.time(opt.reps, nil, function()
    for s = 1, GAMES do set_game(s):play{ max_turns = 400 } end
  end)
  local set_turns, ended = 0, 0
  for s = 1, GAMES do
    local g = set_game(s)
    if g:play{ max_turns = 400 } then ended = ended + 1 end
    set_turns = set_turns + g.turn
  end
  print(string.format("  --set %s: %.0f games per second between random 40-card decks of its %d written cards "
    .. "(%.1f turns per game, %d of %d ended); %.2fx the example decks' %.0f (goal: within 30%%, %s)", SET,
    GAMES / t_set, #pool.spells + #pool.lands, set_turns / GAMES, ended, GAMES, gps / (GAMES / t_set), gps,
    GAMES / t_set >= 0.7 * gps and "ok" or "MISSED"))
end
