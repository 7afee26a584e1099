-- bench/driver.lua — what a host driver's question costs (lua/arbiter/driver.lua). Whole
-- games Ann (host agent) vs Bob (agents.simple), the host answering as agents.simple would;
-- the baseline is the same games with Ann's agent answering directly, in the same run.
-- A question's cost is a re-run of the driver's function up to it: with one driver per turn
-- (what examples/love does) that is part of a turn; with one driver for the whole game
-- g:driver(g.play, opts), the current turn so far (the driver restarts g:play at the turn);
-- with a function of its own calling g:play, the game so far. Target: a question within a
-- frame (1 ms) for a typical turn.
-- usage: lua5.4 bench/driver.lua [--quick] [--reps N]
local B = dofile((arg[0]:match("^(.*)[/\\]") or ".") .. "/common.lua")
local arbiter = B.arbiter
local opt = B.options()
local GAMES = opt.quick and 4 or 12

local forest = arbiter.card{ name = "Forest", types = { "Land" }, subtypes = { "Forest" }, supertypes = { "Basic" } }
local function creature(name, p, t, cost, abilities)
  return arbiter.card{ name = name, types = { "Creature" }, power = p, toughness = t, cost = cost,
    abilities = abilities or {} }
end
local DECK = {}
for _ = 1, 24 do DECK[#DECK + 1] = forest end
for _, e in ipairs({ { 8, creature("Grizzly Bears", 2, 2, 2) }, { 8, creature("Hill Giant", 3, 3, 3) },
  { 6, creature("Giant Spider", 2, 4, 3, { "reach" }) },
  { 6, creature("Serra Angel", 4, 4, 5, { "flying", "vigilance" }) },
  { 8, creature("Raging Goblin", 1, 1, 1, { "haste" }) } }) do
  for _ = 1, e[1] do DECK[#DECK + 1] = e[2] end
end

local function new_game(seed, host)
  local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = seed }
  for _, p in ipairs(g.players) do g:create_deck(p, DECK) end
  g:set_agent(g.players[1], host and arbiter.agents.host() or arbiter.agents.simple())
  g:set_agent(g.players[2], arbiter.agents.simple())
  g:start()
  return g
end

local policy = arbiter.agents.simple()
local function answer(q)
  if q.kind == "may" then return policy.may(q.player, q.what, q.ctx) and true or false end
  if q.kind == "choose" then return policy.choose(q.player, q.what, q.options, q.ctx) end
  if q.kind == "attack" then return policy.attack(q.player, q.game, q.ctx) end
  if q.kind == "priority" then return nil end      -- agents.simple passes
  return policy.block(q.player, q.game, q.ctx)
end

local questions, turns = 0, 0
local function drive(d)
  while true do
    local q = d:resume()
    if not q then return end
    questions = questions + 1
    d:answer(answer(q))
  end
end

local MAX = 200
local function plain() for s = 1, GAMES do new_game(s):play{ max_turns = MAX } end end
local function whole()
  questions, turns = 0, 0
  for s = 1, GAMES do
    local g = new_game(s, true)
    drive(g:driver(function(x) return x:play{ max_turns = MAX } end))
    turns = turns + g.turn
  end
end
local function whole_play()
  questions, turns = 0, 0
  for s = 1, GAMES do
    local g = new_game(s, true)
    drive(g:driver(g.play, { max_turns = MAX }))
    turns = turns + g.turn
  end
end
local function per_turn()
  questions, turns = 0, 0
  for s = 1, GAMES do
    local g = new_game(s, true)
    while not g:result() and g.turn < MAX do drive(g:driver(g.play_turn)) end
    turns = turns + g.turn
  end
end

-- the same games? (the bench would measure something else otherwise)
for s = 1, 2 do
  local a, b = new_game(s), new_game(s, true)
  a:play{ max_turns = MAX }
  while not b:result() and b.turn < MAX do drive(b:driver(b.play_turn)) end
  assert(a:state_hash() == b:state_hash(), "driver game differs from the agent game")
  local c = new_game(s, true)
  drive(c:driver(c.play, { max_turns = MAX }))
  assert(a:state_hash() == c:state_hash(), "g:driver(g.play) game differs from the agent game")
end

local t_turn, t_plain = B.time_vs(opt.reps, nil, plain, nil, per_turn)
local q, nt = questions, turns
local t_whole = B.time(math.max(1, math.floor(opt.reps / 2)), nil, whole)
local t_play = B.time(opt.reps, nil, whole_play)
print(string.format("bench/driver.lua: %d games, %.1f turns per game, %.1f host questions per game",
  GAMES, nt / GAMES, q / GAMES))
local per_plain_turn = t_plain / nt
B.report("cost of one host question vs one turn of the same game played by agents", {
  { name = "baseline: one turn, agents answer (no driver)", value = B.us(per_plain_turn) .. "/t", ratio = 1 },
  { name = "driver per turn (g:driver(g.play_turn)): per question",
    value = B.us((t_turn - t_plain) / q) .. "/q", ratio = (t_turn - t_plain) / q / per_plain_turn },
  { name = "whole game, g:driver(g.play, opts): per question",
    value = B.us((t_play - t_plain) / q) .. "/q", ratio = (t_play - t_plain) / q / per_plain_turn },
  { name = "whole game, a fn calling g:play: per question",
    value = B.us((t_whole - t_plain) / q) .. "/q", ratio = (t_whole - t_plain) / q / per_plain_turn },
}, "time")
local ms = (t_turn - t_plain) / q * 1000
print(string.format("  a question with a driver per turn: %.3f ms (target < 1 ms, a frame: %s)", ms,
  ms < 1 and "ok" or "MISSED"))
