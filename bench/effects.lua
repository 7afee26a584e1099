-- bench/effects.lua — what the continuous-effects system (418, characteristics.c) costs.
-- Every figure is a ratio against a baseline measured in the same run:
--   baseline: reading a field of a plain Lua table (t.power)
--   c.power and c:has("flying") with 0, 10 and 100 static effects on the battlefield and no
--     change between reads: the characteristics are cached (recomputed only after a change),
--     so the cost must not grow with the number of effects
--   the same read after a change each time: a counter put on the card (the cache is recomputed,
--     every Lua `affects` asked once per permanent: this one grows with the effects), or a tap
--     (no predicate read a tapped state: nothing to recompute)
--   whole games (g:play, random agents) with Glorious Anthems and Whirling Dervishes (+1/+1
--     counters) in the decks, against the same decks with vanilla cards in their place
-- usage: lua5.4 bench/effects.lua [--quick] [--reps N]      (make bench runs every bench/*.lua)
local B = dofile((arg[0]:match("^(.*)[/\\]") or ".") .. "/common.lua")
local arbiter = B.arbiter
local opt = B.options()
local N = opt.quick and 20000 or 200000
local GAMES = opt.quick and 20 or 100

local bears = arbiter.card{ name = "Grizzly Bears", types = { "Creature" }, power = 2, toughness = 2 }

local function game_with(n)
  local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1 }
  local ann = g.players[1]
  local b
  for i = 1, 10 do
    local c = g:create(bears, { owner = ann, zone = "battlefield" })
    if i == 1 then b = c end
  end
  for i = 1, n do   -- anthem-like effects, each with a Lua predicate
    g:add_static{ power = (i % 2 == 0) and 1 or -1,
      affects = function(c, _) return c.controller == ann and c:is("Creature") end }
  end
  return g, b
end

local function plain(reps)
  local t = { power = 2 }
  return function()
    local s = 0
    for _ = 1, reps do s = s + t.power end
    assert(s == 2 * reps)
  end
end

local function reads(b, reps, what)
  if what == "power" then
    return function()
      local s = 0
      for _ = 1, reps do s = s + b.power end
      assert(s ~= nil)
    end
  end
  return function()
    local k = 0
    for _ = 1, reps do if b:has("flying") then k = k + 1 end end
    assert(k == 0)
  end
end

-- a change that matters (a counter) or one no predicate here reads (tapping), then a read
local function changing(b, reps, what)
  return function()
    local s = 0
    for i = 1, reps do
      if what == "counter" then b:add_counters("charge", 1)
      elseif i % 2 == 1 then b:tap() else b:untap() end
      s = s + b.power
    end
    assert(s ~= nil)
  end
end

print(string.format("reads of one card with no change between them (%d reads; ratio to t.power)", N))
for _, n in ipairs({ 0, 10, 100 }) do
  local _, b = game_with(n)
  local base_fn = plain(N)
  local t_pow, t_base = B.time_vs(opt.reps, nil, base_fn, nil, reads(b, N, "power"))
  local t_has = B.time_vs(opt.reps, nil, base_fn, nil, reads(b, N, "has"))
  print(string.format("  %3d effects: c.power %.1fx   c:has(\"flying\") %.1fx   (t.power %.1f ns/read)",
    n, t_pow / t_base, t_has / t_base, t_base / N * 1e9))
end

local M = math.floor(N / 100)
print(string.format("reads after a change each time (%d changes + reads; ratio to 0 effects)", M))
local zero = {}
for _, n in ipairs({ 0, 10, 100 }) do
  local line = {}
  for _, what in ipairs({ "counter", "tap" }) do
    local _, b = game_with(n)
    local t = B.time(opt.reps, function() return nil end, changing(b, M, what))
    zero[what] = zero[what] or t
    line[#line + 1] = string.format("%s: %.1fx (%.1f us)", what == "counter" and "a counter (recomputes)"
      or "a tap (no predicate reads it)", t / zero[what], t / M * 1e6)
  end
  print(string.format("  %3d effects: %s", n, table.concat(line, "   ")))
end

-- ---------------------------------------------------------------- whole games
local function card(file) return dofile(B.root .. "examples/cards/" .. file .. ".lua") end
local anthem, dervish = card("glorious_anthem"), card("whirling_dervish")
local function land(name)
  return arbiter.card{ name = name, types = { "Land" }, subtypes = { name }, supertypes = { "Basic" } }
end
local function creature(name, p, t, cost, abilities)
  return arbiter.card{ name = name, types = { "Creature" }, power = p, toughness = t, cost = cost,
    abilities = abilities or {} }
end
local anthem_def = arbiter.card{ name = "Glorious Anthem", types = { "Enchantment" }, cost = 3,
  install = anthem.install }
local dervish_def = arbiter.card{ name = "Whirling Dervish", types = { "Creature" }, power = 1, toughness = 1,
  cost = 2, install = dervish.install }

local function decks(effects)
  local function list(entries)
    local out = {}
    for _, e in ipairs(entries) do for _ = 1, e[1] do out[#out + 1] = e[2] end end
    return out
  end
  return {
    list{ { 24, land("Forest") }, { 10, creature("Grizzly Bears", 2, 2, 2) }, { 10, creature("Hill Giant", 3, 3, 3) },
      { 8, creature("Serra Angel", 4, 4, 5, { "flying" }) },
      { 4, effects and anthem_def or creature("Wall", 0, 4, 3, { "defender" }) },
      { 4, effects and dervish_def or creature("Elf", 1, 1, 2) } },
    list{ { 24, land("Mountain") }, { 10, creature("Goblin Piker", 2, 1, 2) }, { 10, creature("Gray Ogre", 2, 2, 3) },
      { 8, creature("Wind Drake", 2, 2, 3, { "flying" }) },
      { 4, effects and anthem_def or creature("Wall", 0, 4, 3, { "defender" }) },
      { 4, effects and dervish_def or creature("Elf", 1, 1, 2) } },
  }
end

local function play_all(effects)
  local d = decks(effects)
  return function()
    for s = 1, GAMES do
      local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = s }
      for i, p in ipairs(g.players) do
        g:create_deck(p, d[i])
        g:set_agent(p, arbiter.agents.random(s * 2 + i))
      end
      g:start()
      g:play{ max_turns = 400 }
    end
  end
end

local t_fx, t_plain = B.time_vs(opt.quick and 1 or 3, nil, play_all(false), nil, play_all(true))
print(string.format("whole games (%d): with anthems and counters %.0f games/s, without %.0f games/s: %.2fx",
  GAMES, GAMES / t_fx, GAMES / t_plain, t_fx / t_plain))
