-- bench/playouts.lua — look-ahead for AI search (issue 28 item 4): g:clone() of a turn-6 state of
-- the whole-game bench's decks (bench/game_decks.lua, random agents), and random playouts from
-- it to the end (each a clone played with g:play, its agents the clone's own). The baseline,
-- measured in the same run: a whole game of the same decks from its start. Targets (issue 28):
-- a clone under 15 us, 3,000 playouts a second per core.
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
local title = string.format("look-ahead from a turn-6 state (history %d events), %d each", root:history_length(), K)
local missed = B.report(title, {
  { name = "a whole game from its start (baseline)", value = B.us(base), ratio = 1 },
  { name = "g:clone() of the turn-6 state", value = B.us(t_clone), ratio = t_clone / base,
    note = string.format("%s (target < 15 us)", t_clone < 15e-6 and "met" or "MISSED") },
  { name = "a random playout from it (clone + play to the end)", value = B.us(t_play), ratio = t_play / base,
    note = string.format("%.0f playouts/s (target >= 3,000)", 1 / t_play) },
})
os.exit(missed == 0 and 0 or 1)
