-- arbiter.sim — a prototyper's experiment (issue 33 item 7): N games between two decks under one
-- rule set, or N paired games under two (the same seeds, decks, seats and agents: only the rules
-- differ), with a progress bar; win rates with 95 % confidence intervals (Wilson score), and for
-- two rule sets the paired difference of the first deck's win rate (a normal interval over the
-- games' differences). The library side of `arbiter sim` (cli_sim.lua shares the interval).
-- Game k's seed is cli.game_seed(seed, k), and the decks alternate who plays first (odd k: the
-- first deck), as the command's games do.
local check = require("arbiter.check")
local fail, describe = check.fail, check.describe

local M = {}
local Z = 1.959963984540054          -- the normal distribution's 97.5 % quantile

local function round(x) return math.floor(x * 1e6 + 0.5) / 1e6 end

-- Wilson score interval of k successes in n trials, 95 %
function M.wilson(k, n)
  if n == 0 then return { 0, 1 } end
  local p = k / n
  local z2 = Z * Z
  local centre = (p + z2 / (2 * n)) / (1 + z2 / n)
  local half = Z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
  return { round(math.max(0, centre - half)), round(math.min(1, centre + half)) }
end

-- the mean of the paired differences and its 95 % interval (normal; [-1, 1] under 2 games)
local function paired(diffs)
  local n, sum = #diffs, 0
  for _, d in ipairs(diffs) do sum = sum + d end
  local mean = n > 0 and sum / n or 0
  if n < 2 then return round(mean), { -1, 1 } end
  local ss = 0
  for _, d in ipairs(diffs) do ss = ss + (d - mean) ^ 2 end
  local half = Z * math.sqrt(ss / (n - 1) / n)
  return round(mean), { round(math.max(-1, mean - half)), round(math.min(1, mean + half)) }
end

local function bar(done, total)
  local width = 30
  local filled = total > 0 and math.floor(done * width / total) or width
  io.stderr:write(string.format("\r[%s%s] %d/%d games", string.rep("#", filled), string.rep(".", width - filled),
    done, total))
  if done == total then io.stderr:write("\n") end
  io.stderr:flush()
end

local function check_opts(o)
  check.table("sim", 1, o)
  local function bad(what) fail("sim", 1, what, 4) end
  if type(o.decks) ~= "table" or #o.decks ~= 2 or type(o.decks[1]) ~= "table" or type(o.decks[2]) ~= "table" then
    bad("decks must be two lists of card definitions, got " .. describe(o.decks))
  end
  local sets = o.rules or { { name = "rules", house_rules = {} } }
  if type(sets) ~= "table" or #sets < 1 or #sets > 2 then
    bad("rules must be a list of one or two rule sets {name =, house_rules = {...}}, got " .. describe(o.rules))
  end
  for i, s in ipairs(sets) do
    if type(s) ~= "table" or type(s.name) ~= "string" or type(s.house_rules or {}) ~= "table" then
      bad("rules[" .. i .. "] must be {name = string, house_rules = {...}}, got " .. describe(s))
    end
  end
  local n = { games = o.games or 100, seed = o.seed or 1, max_turns = o.max_turns or 200 }
  for _, k in ipairs({ "games", "seed", "max_turns" }) do
    local v = check.integer(n[k])
    if not v or v < (k == "seed" and 0 or 1) then bad(k .. " must be a positive integer, got " .. describe(n[k])) end
    n[k] = v
  end
  if o.agent ~= nil and type(o.agent) ~= "function" then
    bad("agent must be a function(i, g), got " .. describe(o.agent))
  end
  local p = o.progress
  if p ~= nil and type(p) ~= "boolean" and type(p) ~= "function" then
    bad("progress must be a boolean or a function(done, total), got " .. describe(p))
  end
  local sh = o.shard or { 1, 1 }
  local i, of = type(sh) == "table" and check.integer(sh[1]), type(sh) == "table" and check.integer(sh[2])
  if not (i and of and of >= 1 and i >= 1 and i <= of) then
    bad("shard must be {i, n} with 1 <= i <= n, got " .. describe(o.shard))
  end
  n.shard, n.of = i, of
  return sets, n
end

-- one game k under a rule set: 1 or 2 (the deck that won), 0 (a draw or no result)
local function play(arbiter, o, set, n, k)
  local first = (k % 2 == 1) and 1 or 2
  local order = first == 1 and { 1, 2 } or { 2, 1 }
  local names = o.names or { "Deck 1", "Deck 2" }
  local g = arbiter.new_game{ players = { names[order[1]], names[order[2]] },
    seed = require("arbiter.cli").game_seed(n.seed, k), house_rules = set.house_rules }
  local deck_of = {}
  for i, d in ipairs(order) do
    local p = g.players[i]
    deck_of[p] = d
    g:create_deck(p, o.decks[d])
    g:set_agent(p, o.agent and o.agent(d, g) or arbiter.agents.simple())
  end
  g:start()
  local r = g:play{ max_turns = n.max_turns }
  return (r and r.winner) and deck_of[r.winner] or 0
end

--- arbiter.sim{decks = {d1, d2}, rules = {{name, house_rules}, ...}, games, seed, max_turns, agent,
--- progress, names, shard} -> the summary (docs/API.md)
function M.run(arbiter, o)
  local sets, n = check_opts(o)
  local progress = o.progress == true and bar or (type(o.progress) == "function" and o.progress) or nil
  local mine = {}                 -- this shard's games: k with k % n == i % n (all of them unsharded)
  for k = 1, n.games do
    if k % n.of == n.shard % n.of then mine[#mine + 1] = k end
  end
  local tallies, diffs, results = {}, {}, {}
  for i = 1, #sets do tallies[i] = { wins = { 0, 0 }, draws = 0 } end
  local total = #mine * #sets
  local step = math.max(1, math.floor(total / 200))      -- the bar moves in 0.5 % steps at most
  for j, k in ipairs(mine) do
    local row = { k }
    for i, set in ipairs(sets) do
      local w = play(arbiter, o, set, n, k)
      row[i + 1] = w
      local t = tallies[i]
      if w == 0 then t.draws = t.draws + 1 else t.wins[w] = t.wins[w] + 1 end
      local done = (j - 1) * #sets + i
      if progress and (done == total or done % step == 0) then progress(done, total) end
    end
    results[j] = row
    if #sets == 2 then diffs[j] = (row[2] == 1 and 1 or 0) - (row[3] == 1 and 1 or 0) end
  end
  local played = #mine
  local out = { games = n.games, seed = n.seed, max_turns = n.max_turns, played = played, results = results,
    sets = {} }
  for i, t in ipairs(tallies) do
    local function rate(x) return played > 0 and round(x / played) or 0 end
    out.sets[i] = { name = sets[i].name, wins = t.wins, draws = t.draws,
      win_rate = { rate(t.wins[1]), rate(t.wins[2]) }, draw_rate = rate(t.draws),
      ci95 = { M.wilson(t.wins[1], played), M.wilson(t.wins[2], played) } }
  end
  if #sets == 2 then
    local same = 0
    for _, d in ipairs(diffs) do if d == 0 then same = same + 1 end end
    local mean, ci = paired(diffs)
    out.difference = { win_rate = mean, ci95 = ci, same = same }
  end
  return out
end

return M
