-- bench/game_digest.lua — the outcome of each of bench/game.lua's games (seeds 1..N, the plain
-- decks, then the decks with instants and priority answered): state_hash, history length,
-- turns and winner, one line per game. A change meant only to make games faster must leave
-- every line as it was:
--   lua5.4 bench/game_digest.lua > before.txt      (before the change)
--   lua5.4 bench/game_digest.lua --check before.txt (after it: "identical" or the first difference)
-- --multi adds issue 33's multiplayer games (free-for-all of 3 and 4 players, the same decks in
-- turn, with range of influence 1 and without a range: bench/perf_gate.lua's game_ffa4 among them).
-- --set alpha adds bench/game.lua --set alpha's games (random 40-card decks of the set, seeds 1..N).
-- usage: lua5.4 bench/game_digest.lua [--games N] [--multi] [--set NAME] [--check FILE]
local B = dofile((arg[0]:match("^(.*)[/\\]") or ".") .. "/common.lua")
local new_game, set_game = dofile(B.root .. "bench/game_decks.lua")(B.arbiter, B.root)
local GAMES, against, multi, set = 40, nil, false, nil
for i = 1, #arg do
  if arg[i] == "--games" then GAMES = tonumber(arg[i + 1])
  elseif arg[i] == "--check" then against = arg[i + 1]
  elseif arg[i] == "--multi" then multi = true
  elseif arg[i] == "--set" then set = arg[i + 1] end
end

local function line(tag, s, g, r)
  return string.format("%s %d %s %d %d %s", tag, s, g:state_hash(), g:history_length(), g.turn,
    r and (r.draw and "draw" or r.winner.name) or "none")
end

local lines = {}
for _, instants in ipairs({ false, true }) do
  for s = 1, GAMES do
    local g = new_game(s, instants)
    lines[#lines + 1] = line(instants and "I" or "P", s, g, g:play{ max_turns = 400 })
  end
end
local MULTI = { { "F4r1", { players = 4, range = 1 } }, { "F4", { players = 4 } },
  { "F3r1", { players = 3, range = 1 } } }
for _, m in ipairs(multi and MULTI or {}) do
  for s = 1, GAMES do
    local g = new_game(s, false, m[2])
    lines[#lines + 1] = line(m[1], s, g, g:play{ max_turns = 800 })
  end
end
for s = 1, set and GAMES or 0 do
  local g = set_game(set, s)
  lines[#lines + 1] = line("S", s, g, g:play{ max_turns = 400 })
end

if not against then
  for _, l in ipairs(lines) do print(l) end
  return
end
local k = 0
for l in io.lines(against) do
  k = k + 1
  if l ~= lines[k] then
    print(string.format("DIFFERENT: game line %d: was %s, now %s", k, l, tostring(lines[k])))
    os.exit(1)
  end
end
if k ~= #lines then print(string.format("DIFFERENT: %d games before, %d now", k, #lines)); os.exit(1) end
print(string.format("identical: %d games (state_hash, history length, turns, winner)", k))
