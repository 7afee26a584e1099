-- arbiter.cli_sim — `arbiter sim`: N games between two decks played by arbiter.agents.simple()
-- (through arbiter.sim, lua/arbiter/sim.lua),
-- win rates with 95 % confidence intervals (Wilson score) as JSON on standard output, a progress
-- bar on standard error. Game k's seed is cli.game_seed(S, k) and the decks alternate who plays
-- first (odd k: DECK1), so a game is the same whichever run plays it: `--shard i/n` plays the
-- games k with k % n == i % n, and `arbiter sim --merge` adds shards' results up to exactly the
-- unsharded run's (it refuses shards of different runs, or a shard given twice).
local cli = require("arbiter.cli")
local json = require("arbiter.json")

local M = {}
local FORMAT = "arbiter-sim 1"
-- Wilson score interval of k successes in n trials, 95 % (shared with arbiter.sim)
M.wilson = require("arbiter.sim").wilson

-- the summary of a run (or of merged shards): its results sorted by game number
function M.summary(run, results, done)
  table.sort(results, function(a, b) return a[1] < b[1] end)
  local wins, draws = { 0, 0 }, 0
  for _, r in ipairs(results) do
    if r[2] == 0 then draws = draws + 1 else wins[r[2]] = wins[r[2]] + 1 end
  end
  local n = #results
  local function rate(k) return n > 0 and math.floor(k / n * 1e6 + 0.5) / 1e6 or 0 end
  table.sort(done)
  return {
    format = FORMAT, decks = run.decks, seed = run.seed, games = run.games,
    max_turns = run.max_turns, shards = { of = run.of, done = done },
    played = n, complete = n == run.games,
    wins = wins, draws = draws, win_rate = { rate(wins[1]), rate(wins[2]) }, draw_rate = rate(draws),
    ci95 = { M.wilson(wins[1], n), M.wilson(wins[2], n) },
    results = results,
  }
end

local function progress(err, done, total)
  local width = 30
  local filled = total > 0 and math.floor(done * width / total) or width
  err:write(string.format("\r[%s%s] %d/%d games", string.rep("#", filled), string.rep(".", width - filled),
    done, total))
  if done == total then err:write("\n") end
  err:flush()
end

-- plays the shard's games (arbiter.sim: the same seeds and seats as cli.new_game's); the summary
function M.play(decks, o, err)
  local arbiter = require("arbiter")
  local r = arbiter.sim{ decks = { decks[1].list, decks[2].list }, games = o.games, seed = o.seed,
    max_turns = o.max_turns, shard = { o.shard, o.of },
    names = { decks[1].name, decks[2].name == decks[1].name and decks[2].name .. " (2)" or decks[2].name },
    progress = err and function(done, total) progress(err, done, total) end or false }
  local results = r.results
  local run = { decks = { decks[1].name, decks[2].name }, seed = o.seed, games = o.games,
    max_turns = o.max_turns, of = o.of }
  return M.summary(run, results, { o.shard })
end

-- merges shards' summaries (tables); the merged summary, or nil and why
function M.merge(list)
  if #list == 0 then return nil, "nothing to merge" end
  local first, results, done, seen = list[1], {}, {}, {}
  for i, s in ipairs(list) do
    if type(s) ~= "table" or s.format ~= FORMAT then return nil, "input " .. i .. " is no result of arbiter sim" end
    for _, key in ipairs({ "seed", "games", "max_turns" }) do
      if s[key] ~= first[key] then return nil, string.format("input %d has %s %s, input 1 %s", i, key,
        tostring(s[key]), tostring(first[key])) end
    end
    if s.shards.of ~= first.shards.of or s.decks[1] ~= first.decks[1] or s.decks[2] ~= first.decks[2] then
      return nil, "input " .. i .. " is a shard of another run (decks or shard count differ)"
    end
    for _, d in ipairs(s.shards.done) do
      if seen[d] then return nil, "shard " .. d .. "/" .. s.shards.of .. " is given twice" end
      seen[d] = true
      done[#done + 1] = d
    end
    for _, r in ipairs(s.results) do results[#results + 1] = { r[1], r[2] } end
  end
  local run = { decks = first.decks, seed = first.seed, games = first.games, max_turns = first.max_turns,
    of = first.shards.of }
  return M.summary(run, results, done)
end

local function read_all(std, file)
  if file == "-" then return std.input:read("*a") end
  local f = io.open(file)
  if not f then return nil end
  local s = f:read("*a")
  f:close()
  return s
end

function M.run(opts, std, fail)
  local f = opts.flags
  if f.merge then
    if #opts == 0 then return fail("sim --merge: name the shards' result files (or - for standard input)") end
    local list = {}
    for _, file in ipairs(opts) do
      local text = read_all(std, file)
      if not text then return fail("sim --merge: can't read " .. file) end
      for line in text:gmatch("[^\n]+") do        -- one result per line (cat shard*.json | ... -)
        if line:match("%S") then
          local ok, v = pcall(json.decode, line)
          if not ok then return fail("sim --merge: " .. file .. ": " .. v) end
          list[#list + 1] = v
        end
      end
    end
    local merged, why = M.merge(list)
    if not merged then return fail("sim --merge: " .. why) end
    std.out:write(json.encode(merged) .. "\n")
    return 0
  end
  if #opts ~= 2 then return fail("sim needs two decks\n" .. cli.usage()) end
  local o, err = {}
  o.games, err = cli.int(f.games or 100, "--games", 1)
  if not o.games then return fail(err) end
  o.seed, err = cli.int(f.seed or 1, "--seed", 0)
  if not o.seed then return fail(err) end
  o.max_turns, err = cli.int(f["max-turns"] or 200, "--max-turns", 1)
  if not o.max_turns then return fail(err) end
  local i, n = tostring(f.shard or "1/1"):match("^(%d+)/(%d+)$")
  o.shard, o.of = tonumber(i), tonumber(n)
  if not o.shard or o.of < 1 or o.shard < 1 or o.shard > o.of then
    return fail("--shard must be i/n with 1 <= i <= n, got " .. tostring(f.shard))
  end
  local decks = {}
  for k = 1, 2 do
    local d, why = cli.deck(opts[k])
    if not d then return fail(why) end
    decks[k] = d
  end
  local summary = M.play(decks, o, not f["no-progress"] and std.err or nil)
  std.out:write(json.encode(summary) .. "\n")
  return 0
end

return M
