-- bench/events.lua — the cost of the rules machinery, as ratios within one run:
--   1. a draw with one applicable Lua replacement and one Lua trigger vs a plain draw
--   2. g:clone() of a mid-game state vs building that state from scratch
--   3. rollback (g:attempt whose function raises) of k changes, k = 10, 100, 1000, on a
--      small and a big game: the cost should grow with k, not with the game's size
-- usage: lua5.4 bench/events.lua [--quick] [--reps N]
local B = dofile((arg[0]:match("^(.*)[/\\]") or ".") .. "/common.lua")
local arbiter = B.arbiter
local opt = B.options()
local reps = opt.reps

local island = arbiter.card{ name = "Island", types = { "Land" }, subtypes = { "Island" }, supertypes = { "Basic" } }
local bears = arbiter.card{ name = "Grizzly Bears", types = { "Creature" }, subtypes = { "Bear" },
  colors = { "green" }, power = 2, toughness = 2 }

local function new_game(cards_each)
  local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 5 }
  for _, p in ipairs(g.players) do
    for i = 1, cards_each do g:create(i % 3 == 0 and bears or island, { owner = p }) end
  end
  return g
end

-- ---------------------------------------------------------------- 1. draws with effects
-- Each case draws D cards (g:draw(p); g:settle() per card) from each of G fresh games whose
-- libraries hold L cards: a realistic library (L = 100) and a huge one (L = 20000).
local function draw_setup(L, G, with_effects)
  return function()
    local list = {}
    for k = 1, G do
      local g = new_game(L)
      local ann = g.players[1]
      local s = { g = g, p = ann, fired = 0 }
      if with_effects then
        g:add_replacement{ event = "draw",
          applies = function(ev, _) return ev.player == ann end,
          replace = function(ev, _) return ev end }            -- applies, lets the draw go on
        g:trigger{ event = "draw", controller = ann,
          condition = function(ev, _) return ev.player == ann end,
          effect = function(_, _) s.fired = s.fired + 1 end }
      end
      list[k] = s
    end
    return list
  end
end
local function draws(D)
  return function(list)
    for _, s in ipairs(list) do
      local g, p = s.g, s.p
      for _ = 1, D do g:draw(p); g:settle() end
    end
  end
end
local rows1 = {}
for _, size in ipairs({ { L = 100, D = 100, G = opt.quick and 20 or 100 }, { L = 20000, D = 500, G = 1 } }) do
  local L, D, G = size.L, size.D, size.G
  local plain = B.time(reps, draw_setup(L, G, false), draws(D))
  local fx = B.time(reps, draw_setup(L, G, true), draws(D))
  rows1[#rows1 + 1] = { name = string.format("library %5d: plain draw (no effects)", L),
    value = B.ns(plain, D * G), ratio = 1.0 }
  rows1[#rows1 + 1] = { name = string.format("library %5d: 1 Lua replacement + 1 Lua trigger", L),
    value = B.ns(fx, D * G), ratio = fx / plain }
end
local missed = B.report(string.format("events 1: g:draw(p); g:settle() per card, best of %d", reps), rows1, "per draw")
print("  (the trigger resolves in settle(); its cost grows with the cards in all zones: settle")
print("   hashes the whole state once per resolved ability to detect 421.4 loops)")
print()

-- ---------------------------------------------------------------- 2. clone vs scratch
-- A mid-game state: two 60-card libraries, opening hands, lands and creatures in play,
-- some life changes and combat-free damage, a replacement, a trigger and an observer.
local function mid_game()
  local g = new_game(60)
  local ann, bob = g.players[1], g.players[2]
  g:start()
  g:add_replacement{ event = "life", applies = function(ev) return ev.amount > 0 end,
    replace = function(ev) ev.amount = ev.amount + 1; return ev end }
  g:trigger{ event = "draw", controller = bob, effect = function() end }
  g:on("damage", function() end)
  for turn = 1, 8 do
    local p = turn % 2 == 1 and ann or bob
    g:set_active(p)
    g:draw(p)
    local hand = p.hand:cards()
    if hand[1] then g:move(hand[1], "battlefield") end
    p.life = p.life - 1
    g:settle()
  end
  local c = g.battlefield:cards()
  for i = 1, #c, 2 do c[i]:tap() end
  return g
end
local CLONES = opt.quick and 200 or 1000
local TENTH = math.floor(CLONES / 10)
local scratch = B.time(reps, nil, function() for _ = 1, TENTH do mid_game() end end) / TENTH
local source = mid_game()
local clone = B.time(reps, nil, function()
  for _ = 1, CLONES do local c = source:clone(); assert(c) end
end) / CLONES
local check = source:clone()
assert(check:state_hash() == source:state_hash(), "clone differs from its source")
missed = missed + B.report(string.format("events 2: a mid-game state (%d events of history), best of %d",
  source:history_length(), reps), {
  { name = "build it from scratch (create, start, 8 turns)", value = B.us(scratch), ratio = 1.0 },
  { name = "g:clone()", value = B.us(clone), ratio = clone / scratch },
}, "per game")
print()

-- ---------------------------------------------------------------- 3. rollback of k changes
local function big_game()
  local g = new_game(opt.quick and 5000 or 20000)
  g:draw_each(opt.quick and 500 or 2000)                     -- a long history too
  return g
end
local games = { { "small (2 x 60 cards)", new_game(60) }, { "big (2 x 20000 cards, long history)", big_game() } }
local ks = { 10, 100, 1000 }
local rows, base = {}, nil
for _, gg in ipairs(games) do
  local label, g = gg[1], gg[2]
  local ann = g.players[1]
  local c = g:create(bears, { owner = ann, zone = "battlefield" })
  local hash = g:state_hash()
  for _, k in ipairs(ks) do
    local loops = math.max(1, math.floor(20000 / k))
    local function undone_action(game)
      for i = 1, k do
        if i % 2 == 1 then ann.life = ann.life - 1 else c:tap(); c:untap() end
      end
      error("undo", 0)
    end
    local t = B.time(reps, nil, function()
      for _ = 1, loops do assert(not g:attempt(undone_action)) end
    end) / loops
    assert(g:state_hash() == hash, "rollback left the game changed")
    base = base or t
    rows[#rows + 1] = { name = string.format("%-36s k = %4d", label, k), value = B.us(t), ratio = t / base,
      note = string.format("%.0f ns per change", t / k * 1e9) }
  end
end
missed = missed + B.report("events 3: g:attempt(fn) where fn makes k changes then raises; ratio vs small, k = 10",
  rows, "per attempt")
print("  (a change is a life change or a tap+untap pair, alternating; state_hash checked after each k)")
print()
print(missed == 0 and "events: done" or string.format("events: %d target(s) missed", missed))
