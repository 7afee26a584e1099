-- arbiter._available in the core (csrc/lmana_available.c; issue 27's speed): the mana a player could
-- have for a cost now (the pool plus one use of each source: 406.1, 409.1f) and how far the count
-- can be trusted (inexact, upper, by_color, the most of each color: xw..xg) are the Lua count's
-- (arbiter._available_lua, which answers when a source's summary doesn't fit), field by field and
-- number kind by number kind, with and without a table to fill, for every player: in whole games
-- between random Alpha decks (each time an agent is asked, and between turns), some with Sunglasses
-- of Urza (mana spent as another color), Mana Flare (a triggered mana ability) or Conversion (lands
-- whose land type an effect set, 212.6e), and on random boards of Alpha's permanents and sources
-- of every kind the count tells apart (tapped, sick, several colors, a mana cost, several mana,
-- no {T}, a further cost, mana beyond what a summary holds).
local H = require("helpers")
local arbiter = H.arbiter
local I = require("arbiter.internal")
local GI = I._game
local alpha = require("arbiter.sets.alpha")
local _, set_game = dofile("bench/game_decks.lua")(arbiter, "./")

local FIELDS = { "total", "white", "blue", "black", "red", "green", "any", "inexact", "upper", "by_color",
  "xw", "xu", "xb", "xr", "xg", "plain", "plan_as", "other" }

local mathtype = require("arbiter.compat").mathtype   -- math.type, or its meaning on 5.1/5.2
local function kind(v) return type(v) == "number" and mathtype(v) or type(v) end

-- the ways a count can go, tallied (the comparisons must reach each)
local seen
local function tally(g, p, t)
  local _, _, tapped, changed = GI._mana_permanents(g, p)
  local e = I._env[g]
  seen.boards = seen.boards + 1
  if GI._mana_available(g, p) then seen.core = seen.core + 1 else seen.sources = seen.sources + 1 end
  if e.mana_triggers then seen.live = seen.live + 1 end
  if not e.mana_triggers and I._mana_as(g, p) then seen.as = seen.as + 1 end
  if changed then seen.changed = seen.changed + 1 end
  if tapped then seen.tapped = seen.tapped + 1 end
  if t.any > 0 then seen.any = seen.any + 1 end
  if t.xw and t.xw + t.xu + t.xb + t.xr + t.xg > 0 then seen.some = seen.some + 1 end
  if t.by_color then seen.by_color = seen.by_color + 1 end
  if t.plan_as then seen.plan_as = seen.plan_as + 1 end
  if not t.upper then seen.unbounded = seen.unbounded + 1 end
  if t.upper and t.inexact and not t.by_color and not e.mana_triggers then seen.converts = seen.converts + 1 end
end

-- the core's count and the Lua one for p now: the same fields, of the same kinds; also into a
-- table given (its other fields left as they were: the core's count sets no xw..xg)
local function compare(g, p, where)
  local got, want = I._available(g, p), I._available_lua(g, p)
  for _, k in ipairs(FIELDS) do
    if type(want[k]) == "table" then assert.same(want[k], got[k], where .. ": " .. k)   -- (plan_as: a new table)
    else assert.equal(want[k], got[k], where .. ": " .. k) end
    assert.equal(kind(want[k]), kind(got[k]), where .. ": the kind of " .. k)
  end
  local into_c = { xw = 9, xu = 9, xb = 9, xr = 9, xg = 9, other = 1, total = -1 }
  local into_l = { xw = 9, xu = 9, xb = 9, xr = 9, xg = 9, other = 1, total = -1 }
  assert.equal(into_c, I._available(g, p, into_c))
  assert.equal(into_l, I._available_lua(g, p, into_l))
  assert.same(into_l, into_c, where .. ": filled")
  -- into == false: the count's numbers alone (arbiter._can_pay's quick yes), as its table's
  -- (none when a summary doesn't fit: the Lua count answers)
  local n = { select("#", I._available(g, p, false)), I._available(g, p, false) }
  if n[1] > 0 then
    assert.same({ 7, want.total, want.white, want.blue, want.black, want.red, want.green, want.any }, n,
      where .. ": the numbers")
    seen.numbers = seen.numbers + 1
  end
  tally(g, p, want)
end

local function each_player(g, where)
  for _, p in ipairs(g.players) do compare(g, p, where .. " " .. p.name) end
end

local EXTRAS = { "Sunglasses of Urza", "Mana Flare", "Conversion", "Birds of Paradise" }

-- a random Alpha game (bench/game_decks.lua's), with one of EXTRAS for Ann by the seed's turn; the
-- counts compared each time an agent is asked something and after each turn
local function game(seed, turns)
  local g = set_game("alpha", seed)
  for i, p in ipairs(g.players) do
    local a = arbiter.agents.random(seed * 2 + i)
    local choose = a.choose
    a.choose = function(q, what, options, ctx)
      each_player(g, "seed " .. seed .. " turn " .. g.turn .. " " .. what)
      return choose(q, what, options, ctx)
    end
    g:set_agent(p, a)
  end
  local extra = EXTRAS[seed % (#EXTRAS + 1)]
  if extra then
    g:create(alpha[extra], { owner = g.players[1], zone = "battlefield" })
    if extra == "Conversion" then      -- Mountains for Conversion to make Plains
      for _ = 1, 2 do g:create(alpha.Mountain, { owner = g.players[seed % 2 + 1], zone = "battlefield" }) end
    end
  end
  for _ = 1, turns do
    if g:result() then break end
    g:play_turn()
    each_player(g, "seed " .. seed .. " after turn " .. g.turn)
  end
end

local function is_a(def, t)
  for _, x in ipairs(def.types or {}) do if x == t then return true end end
  return false
end
local permanents = {}
for _, name in ipairs(alpha.names) do
  local def = alpha[name]
  if is_a(def, "Land") or is_a(def, "Creature") or is_a(def, "Artifact") then permanents[#permanents + 1] = def end
end
-- sources of the kinds Alpha lacks: abilities without {T} (a tapped one still has them, 409.1f),
-- one with a further cost (played again while paying), one making more mana than a summary holds
local function nop() end
local HOMEMADE = {
  arbiter.card{ name = "Altar", types = { "Artifact" }, activated = {
    { cost = "{T}", mana = "{R}" }, { cost = "", mana = "{B}", pay = nop } } },
  arbiter.card{ name = "Well", types = { "Artifact" }, activated = { { cost = "", mana = "{G}" } } },
  arbiter.card{ name = "Flood", types = { "Land" }, activated = { { cost = "{T}", mana = "{16}" } } },
  arbiter.card{ name = "Prism", types = { "Land" }, activated = {
    { cost = "{T}", mana = "{W}" }, { cost = "{T}", mana = "{U}" }, { cost = "{T}", mana = "{W}" } } },
  arbiter.card{ name = "Doubler", types = { "Artifact" }, activated = { { cost = "{1},{T}", mana = "{R}{R}" } } },
}

-- a random board: Ann's and Bob's permanents of Alpha and the kinds above (some tapped, some
-- sick), a pool at times, a rule effect, Mana Flare or Conversion at times, Evil Presence on a land
local function board(seed)
  local r = arbiter.agents.rng(seed)
  local g, ann, bob = H.game{ seed = seed }
  local lands = {}
  for _, p in ipairs({ ann, bob }) do
    for _ = 1, r(9) - 1 do
      local def = r(4) == 1 and HOMEMADE[r(#HOMEMADE)] or permanents[r(#permanents)]
      local ok, c = pcall(g.create, g, def, { owner = p, zone = "battlefield", sick = r(3) == 1 })
      if ok and c.zone == "battlefield" and r(4) == 1 then c:tap() end
      if ok and c.zone == "battlefield" and is_a(def, "Land") then lands[#lands + 1] = c end
    end
  end
  if r(3) == 1 then g:add_mana(ann, ({ "{R}", "{G}{G}", "{U}{B}", "{3}", "{W}" })[r(5)]) end
  local extra = EXTRAS[r(#EXTRAS + 2)]
  if extra then pcall(g.create, g, alpha[extra], { owner = r(2) == 1 and ann or bob, zone = "battlefield" }) end
  if #lands > 0 and r(3) == 1 then   -- a land that is a Swamp now (212.6e), whatever it was
    local aura = g:create(alpha["Evil Presence"], { owner = ann, zone = "battlefield" })
    g:attach(aura, lands[r(#lands)])
  end
  return g
end

describe("arbiter._available in the core: the Lua count's answer (406.1, 409.1f)", function()
  before_each(function()
    seen = { boards = 0, core = 0, sources = 0, live = 0, as = 0, changed = 0, tapped = 0, any = 0, some = 0,
      by_color = 0, unbounded = 0, converts = 0, plan_as = 0, numbers = 0 }
  end)

  it("in 16 random Alpha games of 10 turns (Sunglasses, Mana Flare, Conversion, Birds in some)", function()
    for seed = 1, 16 do game(seed, 10) end
    for k, n in pairs(seen) do assert.is_true(n > 0, "no count reached: " .. k) end
    assert.is_true(seen.boards >= 1000, "boards: " .. seen.boards)
  end)

  it("on 300 random boards of Alpha's permanents and sources of every kind", function()
    for seed = 1, H.seeds(300) do each_player(board(seed), "board " .. seed) end
    for k, n in pairs(seen) do assert.is_true(n > 0, "no count reached: " .. k) end
  end)

  it("a source whose summary doesn't fit is counted by the Lua count (16 mana)", function()
    local g, ann = H.game()
    local flood = g:create(HOMEMADE[3], { owner = ann, zone = "battlefield" })
    assert.equal(-1, I._list_code(I._abilities_of[flood]))
    g:create(alpha["Birds of Paradise"], { owner = ann, zone = "battlefield", sick = false })
    local t = I._available(g, ann)
    assert.equal(17, t.total)
    assert.equal(1, t.any)
    assert.equal(0, select("#", I._available(g, ann, false)))   -- no numbers: the table's count answers
    compare(g, ann, "16 mana")
  end)

  -- 409.1f: a mana ability whose mana cost is at least what it makes (Celestial Prism: {2},{T} for
  -- one mana) only converts mana the count already holds: the total stays the most a payment could
  -- have (no payment tried above it), but not each color's (plan_pays knows no such source); one
  -- that makes more than it costs (Doubler: {1},{T} for {R}{R}) can leave more
  it("a source that converts mana keeps the total an upper bound, one that gains doesn't", function()
    local g, ann = H.game()
    for _ = 1, 2 do g:create(alpha.Mountain, { owner = ann, zone = "battlefield" }) end
    g:create(alpha["Birds of Paradise"], { owner = ann, zone = "battlefield", sick = false })
    g:create(alpha["Celestial Prism"], { owner = ann, zone = "battlefield" })
    for _, count in ipairs({ I._available, I._available_lua }) do
      local t = count(g, ann)
      assert.equal(3, t.total)
      assert.is_true(t.inexact)
      assert.is_true(t.upper)
      assert.is_false(t.by_color)
    end
    assert.is_false(I._can_pay(g, ann, arbiter.parse_cost("{4}")))          -- above the total
    assert.is_true(I._can_pay(g, ann, arbiter.parse_cost("{W}{R}")))         -- Birds' white
    assert.is_true(I._can_pay(g, ann, arbiter.parse_cost("{W}{W}")))         -- Prism: the Mountains for {W}
    assert.is_false(I._can_pay(g, ann, arbiter.parse_cost("{W}{W}{R}")))     -- ... and no {R} left
    compare(g, ann, "Celestial Prism")
    g, ann = H.game()
    for _ = 1, 2 do g:create(alpha.Mountain, { owner = ann, zone = "battlefield" }) end
    g:create(alpha["Birds of Paradise"], { owner = ann, zone = "battlefield", sick = false })
    g:create(HOMEMADE[5], { owner = ann, zone = "battlefield" })
    for _, count in ipairs({ I._available, I._available_lua }) do
      local t = count(g, ann)
      assert.is_false(t.upper)
      assert.is_false(t.by_color)
    end
    compare(g, ann, "Doubler")
  end)
end)
