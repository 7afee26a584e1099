-- bench/game.lua — whole games: two 60-card decks of lands, vanilla and keyword creatures,
-- random agents (arbiter.agents.random), played to the end with g:play(). Prints games per
-- second (issue target: >= 1,000 complete games per second on one core) and the ratio to a
-- plain Lua loop doing the same number of draws and attack declarations over plain tables
-- (what the rules bookkeeping alone costs when nobody checks a rule).
-- usage: lua5.4 bench/game.lua [--quick] [--reps N] [--games N]
local B = dofile((arg[0]:match("^(.*)[/\\]") or ".") .. "/common.lua")
local arbiter = B.arbiter
local opt = B.options()
local GAMES = opt.quick and 40 or 300
for i = 1, #arg do if arg[i] == "--games" then GAMES = tonumber(arg[i + 1]) end end

local function land(name, sub)
  return arbiter.card{ name = name, types = { "Land" }, subtypes = { sub }, supertypes = { "Basic" } }
end
local function creature(name, p, t, cost, abilities)
  return arbiter.card{ name = name, types = { "Creature" }, power = p, toughness = t, cost = cost,
    abilities = abilities or {} }
end

local DECKS = {
  { { 24, land("Forest", "Forest") },
    { 6, creature("Grizzly Bears", 2, 2, 2) }, { 6, creature("Hill Giant", 3, 3, 3) },
    { 4, creature("Giant Spider", 2, 4, 3, { "reach" }) }, { 4, creature("Craw Wurm", 6, 4, 5) },
    { 4, creature("Trained Armodon", 3, 3, 3, { "trample" }) }, { 4, creature("Raging Goblin", 1, 1, 1, { "haste" }) },
    { 4, creature("Serra Angel", 4, 4, 5, { "flying", "vigilance" }) },
    { 4, creature("Boggart Brute", 3, 2, 3, { "can't be blocked except by two or more creatures" }) } },
  { { 24, land("Mountain", "Mountain") },
    { 6, creature("Goblin Piker", 2, 1, 2) }, { 6, creature("Gray Ogre", 2, 2, 3) },
    { 4, creature("Wind Drake", 2, 2, 3, { "flying" }) },
    { 4, creature("Youthful Knight", 2, 1, 2, { "first strike" }) },
    { 4, creature("Fencing Ace", 1, 1, 2, { "double strike" }) },
    { 4, creature("Wall of Stone", 0, 8, 3, { "defender" }) },
    { 4, creature("Lurking Knight", 2, 2, 3, { "flanking" }) }, { 4, creature("Ogre Brute", 4, 3, 4) } },
}

-- The same decks with instants (116, 405): the last four creatures of each become Lightning
-- Bolts / Giant Growths (colored costs), and the agents answer priority (the simple agent's
-- answers: burn, pump in a fight), so spells are cast in response in any step.
local function card(file) return dofile(B.root .. "examples/cards/" .. file .. ".lua").def end
local INSTANT_DECKS = {}
for i, entries in ipairs(DECKS) do
  local copy = {}
  for k = 1, #entries - 1 do copy[k] = entries[k] end
  copy[#entries] = { 4, card(i == 1 and "giant_growth" or "lightning_bolt") }
  INSTANT_DECKS[i] = copy
end

-- {count, def} entries expanded into deck lists (arrays of definitions, copies together)
for i, entries in ipairs(INSTANT_DECKS) do
  local list = {}
  for _, entry in ipairs(entries) do
    for _ = 1, entry[1] do list[#list + 1] = entry[2] end
  end
  INSTANT_DECKS[i] = list
end
for i, entries in ipairs(DECKS) do
  local list = {}
  for _, entry in ipairs(entries) do
    for _ = 1, entry[1] do list[#list + 1] = entry[2] end
  end
  DECKS[i] = list
end

local function new_game(seed, instants)
  local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = seed }
  for i, p in ipairs(g.players) do
    g:create_deck(p, (instants and INSTANT_DECKS or DECKS)[i])
    local a = arbiter.agents.random(seed * 2 + i)
    if instants then a.priority = arbiter.agents.simple_priority end
    g:set_agent(p, a)
  end
  g:start()
  return g
end

-- one run of GAMES games (timed); count() replays them untimed (same seeds, same games) to
-- tally what the baseline must redo
local draws, attacks, turns, results
local function play_all()
  for s = 1, GAMES do new_game(s):play{ max_turns = 400 } end
end
local function count()
  draws, attacks, turns, results = 0, 0, 0, { Ann = 0, Bob = 0, draw = 0, unfinished = 0 }
  for s = 1, GAMES do
    local g = new_game(s)
    local r = g:play{ max_turns = 400 }
    turns = turns + g.turn
    if not r then results.unfinished = results.unfinished + 1
    elseif r.draw then results.draw = results.draw + 1
    else results[r.winner.name] = results[r.winner.name] + 1 end
    for _, ev in ipairs(g:history()) do
      if ev.type == "draw" then draws = draws + 1
      elseif ev.type == "step" and ev.step == "declare_attackers" then attacks = attacks + 1 end
    end
  end
end

-- The baseline: the same number of draws (moving a card table from a library array to a
-- hand array) and attack declarations (choose the untapped, non-sick creatures of a board of
-- ten plain tables, tap them), with the same number of 60-card libraries built and shuffled.
local function baseline(n_draws, n_attacks)
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
end

local t_game = B.time(opt.reps, nil, play_all)
count()
local nd, na = draws, attacks
local t_base = B.time(opt.reps, nil, function() baseline(nd, na) end)

print(string.format("bench/game.lua: %d games, %.1f turns per game, %d draws, %d attack declarations",
  GAMES, turns / GAMES, nd, na))
print(string.format("  results: Ann %d, Bob %d, draw %d, unfinished %d",
  results.Ann, results.Bob, results.draw, results.unfinished))
local gps = GAMES / t_game
B.report("whole games (random agents) vs a plain Lua loop of the same draws and declarations", {
  { name = "plain Lua loop (baseline)", value = B.us(t_base / GAMES) .. "/g", ratio = 1 },
  { name = "arbiter g:play() to the end", value = B.us(t_game / GAMES) .. "/g", ratio = t_game / t_base },
}, "per game")
print(string.format("  games per second: %.0f (target >= 1000 on one core: %s)", gps,
  gps >= 1000 and "ok" or "MISSED"))

-- with instants cast in response and priority answered in every step
local t_inst = B.time(opt.reps, nil, function()
  for s = 1, GAMES do new_game(s, true):play{ max_turns = 400 } end
end)
local casts, instants = 0, 0
for s = 1, GAMES do
  local g = new_game(s, true)
  g:play{ max_turns = 400 }
  for _, ev in ipairs(g:history()) do
    if ev.type == "cast" then
      casts = casts + 1
      if arbiter.has_type(ev.card, "Instant") then instants = instants + 1 end
    end
  end
end
print(string.format("  with instants and priority answered (agents.simple_priority): %.0f games per second, "
  .. "%.1f casts per game (%.1f instants); %.2fx the games without", GAMES / t_inst, casts / GAMES,
  instants / GAMES, t_inst / t_game))
