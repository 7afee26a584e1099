-- Castle ("Untapped creatures you control get +0/+2": a declared filter `tapped = false`, static.c)
-- makes a tap change characteristics, but only power and toughness (418.5c: the P/T layers): no
-- source's mana abilities, types, colors or controller follow a tap, so a payment's sources and
-- mana are what they were before it (csrc/mana.c, taps_change_pt_only). With Castle in play the
-- payment's plan answers castability (arbiter._can_pay, the main phase's core round) and the
-- core pays (arb_mana_pay_simple, beside declared triggered mana abilities) as trying the
-- payment and the general path do. A host predicate reading a tapped state, or a declared one
-- whose effect changes more than P/T, still takes the trial (a source's abilities may follow a
-- tap). 407: a cost is paid in full or not at all; 409.1f: mana abilities are played while paying.
local H = require("spec.helpers")
local arbiter = H.arbiter
local I = require("arbiter.internal")
local GI = I._game
local alpha = require("arbiter.sets.alpha")

local SOURCES = { "Llanowar Elves", "Birds of Paradise", "Llanowar Elves", "Tundra", "Bayou", "Plateau", "Forest",
  "Plains", "Island", "Mountain", "Swamp", "Sol Ring", "Grizzly Bears" }
local TRIGGERS = { alpha["Gauntlet of Might"], alpha["Mana Flare"], alpha["Wild Growth"] }
local COSTS = { "{G}", "{W}{U}", "{1}{G}", "{G}{G}", "{2}{R}", "{B}{G}", "{W}{W}", "{3}", "{1}{W}{B}", "{R}{R}",
  "{G}{G}{G}", "{4}", "{U}{R}{W}" }

-- a deterministic sequence (no math.random: the same boards on every Lua)
local function lcg(seed)
  local s = seed
  return function(n) s = (s * 1103 + 12345) % 65536; return s % n + 1 end
end

-- seed's board: Ann's sources (mana creatures among them, some sick or tapped), one or two Castles
-- (Ann's, at times Bob's), at times declared triggered mana abilities (trig) and mana in the pool;
-- a hand of spells of the costs; Ann's agent random (seed)
local spells = {}
for i, cost in ipairs(COSTS) do
  spells[i] = arbiter.card{ name = "Spell " .. cost, types = { "Sorcery" }, cost = cost,
    resolve = function(obj, game) game:gain_life(obj.controller, 1) end }
end
-- one to seven of Ann's mana sources, some sick or tapped: the lands among them
local function sources(g, ann, r)
  local lands = {}
  for _ = 1, r(6) + 1 do
    local c = g:create(alpha[SOURCES[r(#SOURCES)]], { owner = ann, zone = "battlefield", sick = r(4) == 1 })
    if r(5) == 1 then c:tap() end
    if c:is("Land") then lands[#lands + 1] = c end
  end
  return lands
end

local function board(seed, trig)
  local r = lcg(seed)
  local g, ann = H.game{ seed = seed }
  local bob = g.players[2]
  local lands = sources(g, ann, r)
  for _ = 1, r(2) do g:create(alpha["Castle"], { owner = r(4) == 1 and bob or ann, zone = "battlefield" }) end
  for _ = 1, trig and r(3) or 0 do
    local def = TRIGGERS[r(3)]
    local t = g:create(def, { owner = r(3) == 1 and bob or ann, zone = "battlefield" })
    if def == alpha["Wild Growth"] then
      g:attach(t, #lands > 0 and lands[r(#lands)] or g:create(alpha["Forest"], { owner = ann, zone = "battlefield" }))
    end
  end
  if r(4) == 1 then g:add_mana(ann, ({ "{G}", "{W}", "{1}", "{U}{B}" })[r(4)]) end
  for _ = 1, r(5) do g:create(spells[r(#spells)], { owner = ann, zone = "hand" }) end
  local agent = arbiter.agents.random(seed)
  g:set_agent(ann, agent)
  return g, ann, agent
end

local taps = H.mana_taps

describe("Castle's tap changes only P/T: the payment's plan and the core's payment (418.5c, 409.1f, 407)", function()
  it("on 300 boards: _can_pay as the tried payment; the main phase's options three ways", function()
    local planned, yes, no, core = 0, 0, 0, 0
    for seed = 1, H.seeds(300) do
      local g, ann = board(seed, seed % 3 == 0)
      local _ = ann.hand:cards()[1] and g:can_cast(ann, ann.hand:cards()[1])   -- (characteristics computed)
      local watched = GI._mana_watched(g)
      local avail = I._available(g, ann)
      for _, text in ipairs(COSTS) do   -- (those the quick count doesn't answer yes to: the plan's or the trial's)
        local cost = assert(arbiter.parse_cost(text))
        if not I._affordable(cost, avail, 0) then
          local before = g:state_hash()
          local fast, tried = I._can_pay(g, ann, cost, 0), I._payment_tried(g, ann, cost, 0)
          assert.equal(tried, fast, text .. " seed " .. seed)
          assert.equal(before, g:state_hash())
          if not watched and avail.inexact then
            if fast then yes = yes + 1 else no = no + 1 end
          end
        end
      end
      if not watched then planned = planned + 1 end
      local _, options, way = I._main_options(g, ann)
      local _, lua_options = I._main_options(g, ann, true)
      assert.are.same(lua_options, options, "seed " .. seed)
      for _, c in ipairs(ann.hand:cards()) do   -- each offered spell castable, each castable one offered
        local offered = false
        for _, o in ipairs(options or {}) do if o == c then offered = true end end
        assert.equal(g:can_cast(ann, c), offered, c.name .. " seed " .. seed)
      end
      if way == "core" then core = core + 1 end
    end
    -- (before taps_change_pt_only every board with Castle was watched: the trial, the Lua round)
    assert.is_true(planned >= H.part(180) and yes >= H.part(200) and no >= H.part(400) and core >= H.part(250),
      planned .. " boards planned, " .. yes .. " payable, " .. no .. " not, " .. core .. " core rounds")
  end)

  it("on 150 boards with declared triggered mana abilities: the core pays as the general path", function()
    local fast_paid, n = 0, 0
    for seed = 1, H.seeds(150) do
      for _, text in ipairs(COSTS) do
        local cost = assert(arbiter.parse_cost(text))
        local where = text .. " seed " .. seed
        local g1, a1, r1 = board(seed, true)
        I._fast_payments = false
        local ok1, err1 = pcall(I._atomic, g1, I._pay_mana, a1, cost, 0, "spec")
        I._fast_payments = true
        local g2, a2, r2 = board(seed, true)
        local xs = I._declared_extras(g2, a2, true)
        local ok2, err2 = pcall(I._atomic, g2, I._pay_mana, a2, cost, 0, "spec")
        assert.equal(ok1, ok2, where)
        if not ok1 then assert.equal(tostring(err1), tostring(err2), where) end
        assert.same(taps(g1, a1), taps(g2, a2), where)
        assert.equal(g1:state_hash(), g2:state_hash(), where)
        assert.equal(r1.choose(a1, "next", { 1, 2, 3, 4, 5, 6, 7 }), r2.choose(a2, "next", { 1, 2, 3, 4, 5, 6, 7 }), where)
        n = n + 1
        if xs and ok2 then fast_paid = fast_paid + 1 end   -- (the core's way: declared mana given to it)
      end
    end
    assert.is_true(fast_paid >= H.part(300), fast_paid .. " of " .. n .. " paid with the declared mana given to the core")
  end)

  -- a host predicate reading a tapped state (here: while the Birds are tapped, Forests are Islands,
  -- 212.6e) or a declared `tapped = false` filter whose effect changes more than P/T (abilities):
  -- a tap may change a source, the payment is tried (GI._mana_watched)
  it("a host predicate reading a tapped state, or a declared filter changing more than P/T: the trial", function()
    local g, ann = H.game{ seed = 1 }
    local castle = g:create(alpha["Castle"], { owner = ann, zone = "battlefield" })
    local birds = g:create(alpha["Birds of Paradise"], { owner = ann, zone = "battlefield", sick = false })
    g:create(alpha["Forest"], { owner = ann, zone = "battlefield" })
    local _ = birds.toughness
    assert.is_false(GI._mana_watched(g))                  -- Castle alone: P/T only
    local h = g:add_static{ affects = function(c) return c:is("Forest") and birds.tapped end, subtypes = { "Island" } }
    _ = birds.toughness
    assert.is_true(GI._mana_watched(g))
    local cost = arbiter.parse_cost("{W}{G}")
    assert.equal(I._payment_tried(g, ann, cost, 0), I._can_pay(g, ann, cost, 0))
    g:remove_static(h)
    _ = birds.toughness
    assert.is_false(GI._mana_watched(g))
    g:add_static{ source = castle, abilities = "flying", affects = { is = "Creature", tapped = false } }
    _ = birds.toughness
    assert.is_true(GI._mana_watched(g))
    assert.equal(I._payment_tried(g, ann, cost, 0), I._can_pay(g, ann, cost, 0))
  end)
end)

-- A triggered ability on "tap" or "mana" events that isn't a mana ability (Lifetap, Psychic Venom,
-- Kudzu, Manabarbs; 410.3-410.4 of the era) waits for the stack, its condition only reading: the
-- payment's mana is what the plan says, so arbiter._can_pay takes the plan (the core's round did
-- already: GI._mana_watched(g, true), csrc/lmain_scan.c), beside declared triggered mana abilities
-- too (g:_mana_adds(true)). A trigger of our own on taps counts its condition's calls: none while
-- _can_pay answers by the plan, some while the payment is tried.
describe("triggers on taps wait for the stack: _can_pay's plan answers as the trial (410.3-410.4, 409.1f)", function()
  local WATCHERS = { "Lifetap", "Psychic Venom", "Kudzu", "Manabarbs" }
  local function trigger_board(seed)
    local r = lcg(seed + 7000)
    local g, ann = H.game{ seed = seed }
    local lands = sources(g, ann, r)
    if #lands == 0 then lands[1] = g:create(alpha["Forest"], { owner = ann, zone = "battlefield" }) end
    for _ = 1, r(2) do
      local def = alpha[WATCHERS[r(#WATCHERS)]]
      local w = g:create(def, { owner = r(2) == 1 and g.players[2] or ann, zone = "battlefield" })
      if def.name == "Psychic Venom" or def.name == "Kudzu" then g:attach(w, lands[r(#lands)]) end
    end
    for _ = 1, r(3) - 1 do
      local def = TRIGGERS[r(3)]
      local t = g:create(def, { owner = r(3) == 1 and g.players[2] or ann, zone = "battlefield" })
      if def == alpha["Wild Growth"] then g:attach(t, lands[r(#lands)]) end
    end
    if r(4) == 1 then g:add_mana(ann, ({ "{G}", "{W}", "{1}", "{U}{B}" })[r(4)]) end
    local asked = { n = 0 }
    g:trigger{ event = r(2) == 1 and "tap" or "mana", controller = g.players[2],
      condition = function() asked.n = asked.n + 1; return false end, effect = function() end }
    return g, ann, asked
  end

  it("on 400 boards: the same answers, the plan's where only triggers watch", function()
    local plans, trials = 0, 0
    for seed = 1, H.seeds(400) do
      local g, ann, asked = trigger_board(seed)
      local _ = g:permanents(ann)[1].toughness
      assert.is_true(GI._mana_watched(g))
      local avail = I._available(g, ann)
      for _, text in ipairs(COSTS) do
        local cost = assert(arbiter.parse_cost(text))
        if not I._affordable(cost, avail, 0) and avail.inexact then
          local before = g:state_hash()
          asked.n = 0
          local fast = I._can_pay(g, ann, cost, 0)
          if asked.n == 0 then plans = plans + 1 else trials = trials + 1 end
          assert.equal(I._payment_tried(g, ann, cost, 0), fast, text .. " seed " .. seed)
          assert.equal(before, g:state_hash())
        end
      end
    end
    -- (the trial's taps call the condition: before the change every one of these was tried)
    assert.is_true(plans >= H.part(2000) and trials == 0, plans .. " planned, " .. trials .. " tried")
  end)
end)
