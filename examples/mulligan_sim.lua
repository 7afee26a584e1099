-- examples/mulligan_sim.lua — opening hands under each mulligan rule, through the engine.
--
--   lua5.4 examples/mulligan_sim.lua [--n 100000] [--deck FILE] [--csv FILE] [--seed 1]
--                                    [--rules none,land,paris,vancouver,london] [--recycle 2000]
--
-- For each rule it deals N opening hands of the deck (built-in: 24 basic lands + 36 spells;
-- --deck: a deck list "4 Lightning Bolt" per line, cards named like basic lands count as
-- lands, any other name is a spell) and plays the mulligan with a simple policy:
--   keep a hand of 2-5 lands; otherwise mulligan while the hand would keep at least 5 cards
--   (land mulligan: it only offers no-land / all-land hands, and the policy always accepts);
--   London bottoms a land while lands make up more than 40% of the hand, else a spell;
--   Vancouver's scry bottoms a land when the hand has 4+ lands, a spell when it has 2 or fewer.
-- It prints, per rule: the keep rate (final hands with 2-5 lands), the distribution of lands
-- in the final hand, the mean hand size and mean mulligans; then the same with a naive
-- pure-Lua shuffle-and-count (an array of booleans) and the time ratio engine / naive.
--
-- Speed: one game per rule is reused: each hand goes back to the library, is shuffled and 7
-- are drawn again, then the rule's opening_hand hook runs (what g:start() does after its deck
-- check). A new game every --recycle hands bounds the game's history (every draw is recorded;
-- a small history stays in the CPU's caches).
package.path = "lua/?.lua;lua/?/init.lua;" .. package.path
package.cpath = (os.getenv("ARBITER_CPATH") or "build/?.so") .. ";" .. package.cpath
-- The engine path makes short-lived tables (each question's ctx, each hand's card list), the
-- naive one none: the generational collector suits that (it changes nothing for the naive run).
collectgarbage("generational")
local arbiter = require("arbiter")
local compat = require("arbiter.compat")
local house = arbiter.house

-- ---------------------------------------------------------------- options

local opts = { n = 100000, seed = 1, rules = "none,land,paris,vancouver,london", recycle = 2000 }
do
  local i = 1
  while i <= #arg do
    local k = arg[i]:match("^%-%-(.+)$")
    if not k then io.stderr:write("unexpected argument ", arg[i], "\n"); os.exit(2) end
    local key, val = k:match("^([^=]+)=(.*)$")
    if not key then key, val = k, arg[i + 1]; i = i + 1 end
    if key == "help" or key == "h" then print((io.open(arg[0]):read("*a"):match("^(.-)\npackage"))); os.exit(0) end
    if val == nil then io.stderr:write("--", key, " needs a value\n"); os.exit(2) end
    opts[key] = val
    i = i + 1
  end
  opts.n, opts.seed, opts.recycle = tonumber(opts.n), compat.toint(tonumber(opts.seed)), tonumber(opts.recycle)
  if not opts.n or opts.n < 1 then io.stderr:write("--n must be a positive number\n"); os.exit(2) end
end

-- ---------------------------------------------------------------- the deck

local BASICS = { Plains = true, Island = true, Swamp = true, Mountain = true, Forest = true, Wastes = true }
local pool = {}
local function def_for(name)
  if pool[name] then return pool[name] end
  local basic = BASICS[name] or BASICS[(name:gsub("^Snow%-Covered ", ""))]
  local d
  if basic then
    d = arbiter.card{ name = name, types = { "Land" }, supertypes = { "Basic" },
                      subtypes = { (name:gsub("^Snow%-Covered ", "")) } }
  elseif name:match("Land$") or name:match("^Land:") then
    d = arbiter.card{ name = name, types = { "Land" } }
  else
    d = arbiter.card{ name = name, types = { "Sorcery" } }
  end
  pool[name] = d
  return d
end

local SAMPLE = [[
12 Island
12 Mountain
4 Lightning Bolt
4 Counterspell
4 Shock
4 Brainstorm
4 Fireball
4 Opt
4 Incinerate
4 Lava Spike
4 Ponder
]]

local deck_text = SAMPLE
if opts.deck then
  local f = assert(io.open(opts.deck))
  deck_text = f:read("*a"); f:close()
end
-- names -> definitions (unknown names are made on the fly by def_for)
for line in deck_text:gmatch("[^\n]+") do
  local name = line:match("^%s*%d*[xX]?%s*(.-)%s*$")
  if name ~= "" and not name:match("^#") and not name:match("^//") and not name:lower():match("^sideboard") then
    def_for(name)
  end
end
local deck = assert(arbiter.deck.parse(deck_text, pool))
local nlands = house.count_lands(deck)

-- ---------------------------------------------------------------- the policy

local MIN_KEEP = 5
local function good(lands) return lands >= 2 and lands <= 5 end

-- London: the lands a hand of `size` with `lands` can keep after bottoming down to keep_size
local function best_lands(lands, size, keep)
  local k = size - keep
  local lo, hi = math.max(0, lands - k), math.min(lands, keep)
  if hi < 2 then return hi end
  if lo > 5 then return lo end
  return math.max(lo, 2)
end

local function wants_mulligan(ctx)
  if ctx.rule == "land mulligan" then return true end   -- only asked for 0 / all lands
  local lands = ctx.lands
  if ctx.rule == "london" then lands = best_lands(ctx.lands, ctx.size, ctx.keep_size) end
  if good(lands) then return false end
  return ctx.keep_size - 1 >= MIN_KEEP
end

-- The agent decides from counts the engine keeps (g:count, a card's name): reading every
-- card's types from Lua would cost more than the rest of the hand.
local LAND = {}                             -- card name -> is a land
for name, d in pairs(pool) do LAND[name] = house.is_land(d) end

local function bottom_choice(g, in_hand, hand)
  local want_land = g:count(in_hand, "Land") / #hand > 0.4
  for _, c in ipairs(hand) do
    if LAND[c.name] == want_land then return c end
  end
  return hand[1]
end

-- count(): the mulligans taken since the last call (the agent counts its own yes answers)
local function policy(g, p)
  local mulls, in_hand = 0, p.hand         -- the hand zone (a zone's object is stable)
  return {
    count = function() local m = mulls; mulls = 0; return m end,
    may = function(_, what, ctx)
      if what == "mulligan" then
        local yes = wants_mulligan(ctx)
        if yes then mulls = mulls + 1 end
        return yes
      end
      if what == "scry" then
        local lands = g:count(in_hand, "Land")
        if LAND[ctx.card.name] then return lands >= 4 end
        return lands <= 2
      end
      return false
    end,
    choose = function(_, what, options)
      if what == "bottom" then return bottom_choice(g, in_hand, options) end
      return options[1]
    end,
  }
end

-- ---------------------------------------------------------------- the engine run

local RULES = { none = false, land = house.land_mulligan, paris = house.paris,
  vancouver = house.vancouver, london = house.london }
local rule_names = {}
for r in opts.rules:gmatch("[^,]+") do
  if RULES[r] == nil then io.stderr:write("unknown rule ", r, "\n"); os.exit(2) end
  rule_names[#rule_names + 1] = r
end

local total_work = opts.n * #rule_names * 2
local done, last_pct = 0, -1
local function progress(k)
  done = done + k
  local pct = compat.idiv(done * 100, total_work)
  if pct ~= last_pct then
    last_pct = pct
    local w = compat.idiv(pct * 40, 100)
    io.stderr:write(string.format("\r[%s%s] %3d%%", string.rep("#", w), string.rep(".", 40 - w), pct))
    if pct >= 100 then io.stderr:write("\n") end
  end
end

local function new_stats()
  local s = { hands = 0, kept_good = 0, size_sum = 0, mull_sum = 0, lands = {} }
  for i = 0, 7 do s.lands[i] = 0 end
  return s
end

local function tally(s, size, lands, mulls)
  s.hands = s.hands + 1
  s.size_sum = s.size_sum + size
  s.mull_sum = s.mull_sum + mulls
  s.lands[lands] = s.lands[lands] + 1
  if good(lands) then s.kept_good = s.kept_good + 1 end
end

local function fresh_game(rule, seed)
  local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = seed, house_rules = { rule or nil } }
  local p = g.players[1]
  g:create_deck(p, deck)
  local pol = policy(g, p)
  g:set_agent(p, { may = pol.may, choose = pol.choose })
  return g, p, pol.count
end

local function run_engine(name)
  local rule = RULES[name]
  local s = new_stats()
  local g, p, hand, take_mulls
  local hook = rule and rule.opening_hand
  local t0 = os.clock()
  for i = 1, opts.n do
    if (i - 1) % opts.recycle == 0 then
      g, p, take_mulls = fresh_game(rule, opts.seed + i)
      hand = p.hand
    end
    g:redeal(p, 7)                 -- hand into library, shuffle, draw 7: one call into C
    if hook then hook(g, p) end
    tally(s, #hand, g:count(hand, "Land"), take_mulls())
    if i % 1000 == 0 then progress(1000) end
  end
  progress(opts.n % 1000)
  s.time = os.clock() - t0
  return s
end

-- ---------------------------------------------------------------- the naive run

-- The deck as booleans (true = land), Fisher-Yates with math.random, the same policy.
local function run_naive(name)
  math.randomseed(opts.seed)
  local N = #deck
  local lib = {}
  for i, d in ipairs(deck) do lib[i] = house.is_land(d) end
  local random = math.random
  local function deal(n)          -- shuffle the whole deck, the hand is lib[1..n]
    for i = N, 2, -1 do
      local j = random(i)
      lib[i], lib[j] = lib[j], lib[i]
    end
    local l = 0
    for i = 1, n do if lib[i] then l = l + 1 end end
    return l
  end
  local s = new_stats()
  local t0 = os.clock()
  for i = 1, opts.n do
    local size, lands, mulls = 7, deal(7), 0
    if name == "land" then
      while (lands == 0 or lands == size) and nlands > 0 and nlands < N and size >= 2 do
        mulls = mulls + 1; lands = deal(size)
      end
    elseif name == "paris" or name == "vancouver" then
      while not good(lands) and size - 1 >= MIN_KEEP do
        mulls = mulls + 1; size = size - 1; lands = deal(size)
      end
      if name == "vancouver" and mulls > 0 then
        -- scry 1: the top card is lib[size + 1]; bottoming it doesn't change the hand
        local _ = lib[size + 1]
      end
    elseif name == "london" then
      local keep = 7
      while not good(best_lands(lands, 7, keep)) and keep - 1 >= MIN_KEEP do
        mulls = mulls + 1; keep = keep - 1; lands = deal(7)
      end
      for _ = 1, 7 - keep do        -- bottom per the same rule as the engine policy
        if lands / size > 0.4 then lands = lands - 1 end
        size = size - 1
      end
    end
    tally(s, size, lands, mulls)
    if i % 1000 == 0 then progress(1000) end
  end
  progress(opts.n % 1000)
  s.time = os.clock() - t0
  return s
end

-- ---------------------------------------------------------------- report

local rows = {}
for _, name in ipairs(rule_names) do
  local e = run_engine(name)
  local nv = run_naive(name)
  rows[#rows + 1] = { name = name, e = e, n = nv }
end

print(string.format("deck: %d cards, %d lands; %d hands per rule; seed %d", #deck, nlands, opts.n, opts.seed))
print("lands in hand: % of final hands with 0..7 lands; ratio = engine time / naive time")
local head = string.format("%-10s %6s %5s %5s " .. string.rep("%6s", 8) .. "  %8s %8s %6s %8s",
  "rule", "keep%", "size", "mulls", "L0", "L1", "L2", "L3", "L4", "L5", "L6", "L7",
  "engine s", "naive s", "ratio", "naive k%")
print(head)
print(string.rep("-", #head))
for _, r in ipairs(rows) do
  local e, nv = r.e, r.n
  local dist = {}
  for i = 0, 7 do dist[#dist + 1] = string.format("%6.2f", 100 * e.lands[i] / e.hands) end
  print(string.format("%-10s %6.2f %5.2f %5.3f %s  %8.3f %8.3f %6.1f %8.2f",
    r.name, 100 * e.kept_good / e.hands, e.size_sum / e.hands, e.mull_sum / e.hands,
    table.concat(dist), e.time, nv.time, e.time / nv.time, 100 * nv.kept_good / nv.hands))
end

if opts.csv then
  local f = assert(io.open(opts.csv, "w"))
  f:write("rule,impl,hands,keep_rate,mean_size,mean_mulligans,"
    .. "lands0,lands1,lands2,lands3,lands4,lands5,lands6,lands7,seconds\n")
  for _, r in ipairs(rows) do
    for _, impl in ipairs({ "engine", "naive" }) do
      local s = impl == "engine" and r.e or r.n
      local cols = { r.name, impl, s.hands, string.format("%.6f", s.kept_good / s.hands),
        string.format("%.6f", s.size_sum / s.hands), string.format("%.6f", s.mull_sum / s.hands) }
      for i = 0, 7 do cols[#cols + 1] = s.lands[i] end
      cols[#cols + 1] = string.format("%.4f", s.time)
      f:write(table.concat(cols, ","), "\n")
    end
  end
  f:close()
  print("wrote " .. opts.csv)
end
