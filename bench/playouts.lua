-- bench/playouts.lua — look-ahead for AI search (issue 28 item 4): g:clone() of a turn-6 state of
-- the whole-game bench's decks (bench/game_decks.lua, random agents), and random playouts from
-- it to the end (each a clone played with g:play; the agents are the root's, shared, so each
-- playout continues their generators and plays another game). The baseline,
-- measured in the same run: a whole game of the same decks from its start. Targets (issue 28):
-- a clone under 15 us, 3,000 playouts a second per core.
-- What a playout spends that a game doesn't: the clone, and nothing else; the same turns cost
-- the same. The row "the rest of a game from its sixth turn" plays turn-6 states of other
-- seeds (set up untimed) to their end without a clone, and the next row the same from a clone of
-- each state (the same games: what a playout adds to the turns it plays); the notes give each
-- row's cost per turn played (later turns cost more than a whole game's average: bigger boards,
-- more combat; and a playout's turns are one board's, seed 1's, not an average over seeds).
-- usage: lua5.4 bench/playouts.lua [--quick] [--reps N]
local B = dofile((arg[0]:match("^(.*)[/\\]") or ".") .. "/common.lua")
local arbiter = B.arbiter
local opt = B.options()
local new_game = dofile(B.root .. "bench/game_decks.lua")(arbiter, B.root)

local K = opt.quick and 200 or 1000      -- clones / playouts per timed run
local function turn6(seed) local g = new_game(seed); g:play{ max_turns = 6 }; return g end

local base = B.time(opt.reps, nil, function() for s = 1, 40 do new_game(s):play{ max_turns = 400 } end end) / 40
local root = turn6(1)
local t_clone = B.time(opt.reps, nil, function() for _ = 1, K do root:clone() end end) / K
local t_play = B.time(opt.reps, nil, function()
  for _ = 1, K do root:clone():play{ max_turns = 400 } end
end) / K
-- the rest of games from their sixth turn, no clone (seeds 1..R, set up before each timed run)
local R = opt.quick and 20 or 100
local function turn6_states() local list = {}; for s = 1, R do list[s] = turn6(s) end; return list end
local t_rest = B.time(opt.reps, turn6_states, function(list)
  for s = 1, R do list[s]:play{ max_turns = 400 } end
end) / R
-- the same rest of the same games, each state cloned and the clone played: the same games (the
-- agents are the states' own, their generators untouched until the clone plays), so the
-- difference is what a playout costs beyond the turns it plays (the clone, and whatever the
-- clone makes again that its original had: proxies, caches, arrays' room)
local t_rest_clone = B.time(opt.reps, turn6_states, function(list)
  for s = 1, R do list[s]:clone():play{ max_turns = 400 } end
end) / R
-- turns played (untimed): a whole game's, the rest's from turn 6, and a playout's on average
local base_turns, rest_turns, play_turns = 0, 0, 0
for s = 1, 40 do local g = new_game(s); g:play{ max_turns = 400 }; base_turns = base_turns + g.turn / 40 end
local clones = {}
for s, g in ipairs(turn6_states()) do clones[s] = g:clone() end
for s, g in ipairs(turn6_states()) do
  g:play{ max_turns = 400 }; rest_turns = rest_turns + (g.turn - root.turn) / R
  clones[s]:play{ max_turns = 400 }   -- the clone row's games are the row above's
  assert(clones[s]:state_hash() == g:state_hash(), "a clone played differently from its original")
end
for _ = 1, K do
  local g = root:clone(); g:play{ max_turns = 400 }; play_turns = play_turns + (g.turn - root.turn) / K
end
local function per_turn(t, turns) return string.format("%.1f turns, %.1f us a turn", turns, t / turns * 1e6) end

local title = string.format("look-ahead from a turn-6 state (history %d events), %d each", root:history_length(), K)
local missed = B.report(title, {
  { name = "a whole game from its start (baseline)", value = B.us(base), ratio = 1,
    note = per_turn(base, base_turns) },
  { name = "the rest of a game from its sixth turn (no clone)", value = B.us(t_rest), ratio = t_rest / base,
    note = per_turn(t_rest, rest_turns) },
  { name = "the same rest from a clone of each turn-6 state", value = B.us(t_rest_clone),
    ratio = t_rest_clone / base,
    note = string.format("the same games: %+.1f %% over the row above", (t_rest_clone / t_rest - 1) * 100) },
  { name = "g:clone() of the turn-6 state", value = B.us(t_clone), ratio = t_clone / base,
    note = string.format("%s (target < 15 us)", t_clone < 15e-6 and "met" or "MISSED") },
  { name = "a random playout from it (clone + play to the end)", value = B.us(t_play), ratio = t_play / base,
    note = string.format("%.0f playouts/s (target >= 3,000); %s", 1 / t_play, per_turn(t_play, play_turns)) },
})
os.exit(missed == 0 and 0 or 1)
