-- bench/draw.lua — what drawing through arbiter costs, next to the Lua a user would write
-- instead. Every figure is a ratio against the naive baseline measured in the same run:
--   baseline: hand[#hand+1] = lib[#lib]; lib[#lib] = nil   over tables of card tables
--   g:draw(p, N)                       one call, N draws      target <= 0.5x (issue 28)
--   g:draw(p) per card                 N calls                target <= 2x (issue 28)
--   g:draw(p) per card + one Lua draw replacement that doesn't apply   target <= 8x
--   g:draw(p, N) + the same replacement                       target <= 5x (issue 28)
-- and the memory of a two-player game with two 60-card libraries (target < 64 KiB).
-- usage: lua5.4 bench/draw.lua [--quick] [--reps N]      (make bench runs every bench/*.lua)
local B = dofile((arg[0]:match("^(.*)[/\\]") or ".") .. "/common.lua")
local arbiter = B.arbiter
local opt = B.options()
local N = opt.quick and 20000 or 100000

local island = arbiter.card{ name = "Island", types = { "Land" }, subtypes = { "Island" },
  supertypes = { "Basic" } }

-- The baseline: the cards a user keeps as plain tables.
local function naive_setup()
  local lib = {}
  for i = 1, N do lib[i] = { id = i, name = "Island", types = { "Land" }, tapped = false } end
  return { lib = lib, hand = {} }
end
local function naive_draw(s)
  local lib, hand = s.lib, s.hand
  for _ = 1, N do
    hand[#hand + 1] = lib[#lib]
    lib[#lib] = nil
  end
  assert(#hand == N)
end

local function game_setup(with_replacement)
  return function()
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1 }
    local p = g.players[1]
    for _ = 1, N do g:create(island, { owner = p }) end
    if with_replacement then
      g:add_replacement{ event = "draw",
        applies = function(ev, _) return ev.player ~= p end,   -- never true here
        replace = function(_, _) end }
    end
    return { g = g, p = p }
  end
end

local function bulk(s)
  local drawn = s.g:draw(s.p, N)
  assert(#drawn == N)
end
local function one_by_one(s)
  local g, p = s.g, s.p
  for _ = 1, N do g:draw(p) end
  assert(#p.hand == N)
end

-- Memory first, in a fresh process: RSS growth is only meaningful before the big runs.
local missed = 0
-- Memory: a two-player game with two 60-card libraries. Card definitions exist before.
local defs = {}
for i = 1, 15 do
  defs[i] = arbiter.card{ name = "Bear " .. i, types = { "Creature" }, subtypes = { "Bear" },
    colors = { "green" }, power = 2, toughness = 2, abilities = { i % 3 == 0 and "trample" or "reach" } }
end
local function make_game()
  local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 60 }
  for _, p in ipairs(g.players) do
    for i = 1, 60 do g:create(i <= 24 and island or defs[(i % 15) + 1], { owner = p }) end
  end
  return g
end
local before = B.kib()
local g = make_game()
local lua_kib = B.kib() - before
-- collectgarbage("count") sees the C core too (each core block is a Lua userdata,
-- csrc/lmemory.c); the process's resident size over K games, averaged, cross-checks the
-- whole footprint (allocator overhead included).
local K = opt.quick and 64 or 512
local games = {} -- luacheck: ignore 241 (held so that the games stay alive while RSS is read)
local rss0, count0 = B.rss_kib(), B.kib()
for i = 1, K do games[i] = make_game() end
local rss_kib = rss0 and (B.rss_kib() - rss0) / K
-- the first game's count includes the growth blocks it freed, kept for the next game
-- (csrc/lmemory.c): the average over the K games is the steady state
local count_kib = (B.kib() - count0) / K
-- with every card's proxy alive too (a script that kept all 120 cards in a table)
local before_keep = B.kib()
local keep = {}
for _, p in ipairs(g.players) do for _, c in ipairs(p.library:cards()) do keep[#keep + 1] = c end end
local proxies_kib = B.kib() - before_keep
print("memory: two-player game, two 60-card libraries (card definitions made beforehand)")
local total = rss_kib or lua_kib
print(string.format("  %-52s %9.1f KiB  %s", string.format("whole game, RSS growth / %d games", K),
  total, total < 64 and "ok (target < 64 KiB)" or "MISSED (target < 64 KiB)"))
print(string.format("  %-52s %9.1f KiB  (core included: g:memory() = %.1f KiB)",
  string.format("collectgarbage(\"count\") growth / %d games", K), count_kib, g:memory() / 1024))
print(string.format("  %-52s %9.1f KiB  (with the freed growth blocks it keeps for the next)",
  "collectgarbage(\"count\") delta, the first game", lua_kib))
print(string.format("  %-52s %9.1f KiB  (Lua heap, for information)", "120 live card proxies held by a script (extra)",
  proxies_kib))
if total >= 64 then missed = missed + 1 end
games = nil -- luacheck: ignore 311
print()
assert(#keep == 120 and g)
local reps = opt.reps
local base = B.time(reps, naive_setup, naive_draw)
local rows = { { name = "naive Lua (tables of card tables)", value = B.ns(base, N), ratio = 1.0 } }
-- Each case is timed in alternation with the baseline (B.time_vs): its ratio is against
-- the baseline's best time in those same runs, shown in the note.
local function case(name, setup, fn, target)
  local t, b = B.time_vs(reps, naive_setup, naive_draw, setup, fn)
  rows[#rows + 1] = { name = name, value = B.ns(t, N), ratio = t / b, target = target,
    note = "(baseline " .. B.ns(b, N) .. ")" }
end
case("g:draw(p, N) in bulk", game_setup(false), bulk, 0.5)
case("g:draw(p) once per card", game_setup(false), one_by_one, 2)
case("g:draw(p) per card, 1 Lua replacement not applying", game_setup(true), one_by_one, 8)
case("g:draw(p, N) bulk, 1 Lua replacement not applying", game_setup(true), bulk, 5)

print(string.format("draw: %d cards per run, best of %d runs (CPU time, os.clock); each case "
  .. "alternates with its own baseline runs", N, reps))
missed = missed + B.report("", rows, "per draw")

print()
print(missed == 0 and "draw: every target met" or string.format("draw: %d target(s) missed", missed))
-- Ratios are reported, not enforced: a missed target doesn't fail `make bench`.
