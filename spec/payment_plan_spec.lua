-- Could p pay a cost now (g:can_cast, ask_pay, the default main phase's offers)? On boards whose
-- sources only add their mana (dual lands, basics, "{T}: add {2}", Birds of Paradise) and where
-- nothing watches a tap or a "mana" event, arbiter._can_pay follows the payment's plan without
-- playing it (lua/arbiter/mana.lua, plan_pays); elsewhere it tries the payment and undoes it (422).
-- Both must answer alike: these boards compare them cost by cost, and the boards with a
-- replacement of "mana" or "tap" events take the trial (the plan can't see what it changes).
-- 407: a cost is paid in full or not at all; 409.1f: mana abilities are played while paying.
local H = require("spec.helpers")
local arbiter = H.arbiter
local I = require("arbiter.internal")
local GI = I._game

local function land(name, subtypes) return arbiter.card{ name = name, types = { "Land" }, subtypes = subtypes } end
local DEFS = {
  land("Tundra", { "Plains", "Island" }), land("Plateau", { "Mountain", "Plains" }),
  land("Bayou", { "Swamp", "Forest" }), land("Volcanic Island", { "Island", "Mountain" }),
  land("Plains", { "Plains" }), land("Island", { "Island" }), land("Forest", { "Forest" }),
  arbiter.card{ name = "Two Land", types = { "Land" }, activated = { { cost = "{T}", mana = "{2}" } } },
  arbiter.card{ name = "Birds", types = { "Creature" }, power = 0, toughness = 1, activated = {
    { cost = "{T}", mana = "{W}" }, { cost = "{T}", mana = "{U}" }, { cost = "{T}", mana = "{B}" },
    { cost = "{T}", mana = "{R}" }, { cost = "{T}", mana = "{G}" } } },
}
local TUNDRA, PLATEAU = DEFS[1], DEFS[2]

-- a deterministic sequence (no math.random: the same boards on every Lua)
local function lcg(seed)
  local s = seed
  return function(n) s = (s * 1103 + 12345) % 65536; return s % n + 1 end
end

-- Ann's board of seed (r: its sequence, returned for more draws): up to n of DEFS (some sick,
-- some tapped), and, one time in odds, one of pools in her mana pool
local function board(seed, n, pools, odds)
  local g, ann = H.game()
  local r = lcg(seed)
  for _ = 1, r(n) do
    local c = g:create(DEFS[r(#DEFS)], { owner = ann, zone = "battlefield", sick = r(3) == 1 })
    if r(5) == 1 then c:tap() end
  end
  if r(odds) == 1 then g:add_mana(ann, pools[r(#pools)]) end
  return g, ann, r
end

-- costs: each mix of up to two colored symbols of W U B R, 0-2 generic, and {X}{U} for X 0..3
local COSTS = {}
for _, colored in ipairs({ "", "{W}", "{U}", "{R}", "{B}", "{W}{U}", "{U}{W}", "{W}{W}", "{U}{U}", "{R}{W}",
                           "{W}{R}{U}", "{B}{G}", "{U}{R}{W}{B}" }) do
  for generic = 0, 2 do COSTS[#COSTS + 1] = { cost = (generic > 0 and "{" .. generic .. "}" or "") .. colored } end
end
for x = 0, 3 do COSTS[#COSTS + 1] = { cost = "{X}{U}", x = x } end

-- every cost on g's board for ann that the quick count (arbiter._affordable) doesn't answer
-- yes to: _can_pay against the trial; returns how many costs that was, how many were payable
local function compare(g, ann)
  local n, yes = 0, 0
  local avail = I._available(g, ann)
  for _, c in ipairs(COSTS) do
    local cost = assert(arbiter.parse_cost(c.cost))
    if cost.total + cost.x > 0 and not I._affordable(cost, avail, c.x or 0) then
      n = n + 1
      local before = g:state_hash()
      local fast, tried = I._can_pay(g, ann, cost, c.x or 0), I._payment_tried(g, ann, cost, c.x or 0)
      assert.equal(tried, fast, c.cost .. " x=" .. tostring(c.x))
      assert.equal(before, g:state_hash())          -- neither way leaves a trace (422)
      if fast then yes = yes + 1 end
    end
  end
  return n, yes
end

describe("arbiter._can_pay: the payment's plan answers as trying the payment does (407, 409.1f)", function()
  it("on 60 boards of dual lands, basics, a {2} land, Birds (some sick or tapped), a pool", function()
    local planned, yes, no = 0, 0, 0   -- (costs the plan answered on boards that take it)
    for seed = 1, H.seeds(60) do
      local g, ann = board(seed, 6, { "{W}", "{U}", "{1}", "{R}{W}" }, 3)
      local avail = I._available(g, ann)
      local n, y = compare(g, ann)
      if avail.by_color and avail.inexact and not GI._mana_watched(g) then
        planned, yes, no = planned + 1, yes + y, no + n - y
      end
    end
    assert.is_true(planned >= H.part(30), "boards that take the plan: " .. planned)   -- the fast path is exercised
    assert.is_true(yes >= 50 and no >= 50, yes .. " payable, " .. no .. " not")  -- both answers occur
  end)

  -- mana spent as though it were another color (rules.mana_as: Sunglasses of Urza, "white as red";
  -- and others): a symbol takes its own color from the pool, else a color that may be spent as it,
  -- else the first source whose mana pays it; the plan (avail.plan_as) as the payment
  local AS = { { white = { "red" } }, { white = { "red" }, blue = { "black", "white" } }, { red = { "blue" } },
    { green = { "white", "red" } }, { black = { "white" }, white = { "black" } } }
  it("on 120 boards with mana spent as another color (Sunglasses of Urza's rule and others)", function()
    local planned, yes, no = 0, 0, 0
    for seed = 1, H.seeds(120) do
      local g, ann, r = board(seed + 1000, 6, { "{W}", "{U}", "{1}", "{R}{W}", "{G}" }, 3)
      g:add_static{ affects = ann, rules = { mana_as = AS[r(#AS)] } }
      local avail = I._available(g, ann)
      assert.is_truthy(avail.plan_as)
      local n, y = compare(g, ann)
      planned, yes, no = planned + 1, yes + y, no + n - y
    end
    assert.is_true(planned >= H.part(100), "boards that take the plan: " .. planned)
    assert.is_true(yes >= 50 and no >= 50, yes .. " payable, " .. no .. " not")
  end)

  -- arbiter._mana_as answers with an effect's own sets (read only) while one effect applies and its
  -- text reads as printed; a second one's are merged into a copy, the first's left as they were
  it("mana spent as another color: one effect's own sets, two merged into a copy (and their masks)", function()
    local g, ann = H.game()
    g:add_static{ affects = ann, rules = { mana_as = { white = { "red" } } } }
    assert.same({ white = { red = true } }, I._mana_as(g, ann))
    assert.equal(8, I._mana_as_mask(g, ann))                  -- bit 5 * white + red
    local h = g:add_static{ affects = ann, rules = { mana_as = { blue = { "black" }, white = { "green" } } } }
    assert.same({ white = { red = true, green = true }, blue = { black = true } }, I._mana_as(g, ann))
    assert.equal(8 + 16 + 128, I._mana_as_mask(g, ann))
    g:remove_static(h)
    assert.same({ white = { red = true } }, I._mana_as(g, ann))
    assert.equal(8, I._mana_as_mask(g, ann))
  end)

  -- Black Lotus ("{T}, Sacrifice Black Lotus: add three mana of any one color": several mana of
  -- a chosen color, a further cost the source pays itself) beside basics, dual lands, Birds, Sol
  -- Ring, Mana Vault: the plan plays the ability of the color a symbol needs, as the payment's
  -- first options do; Celestial Prism's mana cost (a source the plan doesn't model) takes the trial.
  it("with Black Lotus on 120 boards: the plan answers as the trial does; Celestial Prism is tried", function()
    local alpha = require("arbiter.sets.alpha")
    local LOTUS, PRISM = alpha["Black Lotus"], alpha["Celestial Prism"]
    local SOURCES = { LOTUS, LOTUS, alpha["Swamp"], alpha["Plains"], alpha["Island"], TUNDRA, alpha["Bayou"],
      alpha["Birds of Paradise"], alpha["Sol Ring"], alpha["Mana Vault"], DEFS[8], PRISM }
    local planned, yes, no = 0, 0, 0
    for seed = 1, H.seeds(120) do
      local g, ann = H.game()
      local r = lcg(seed + 3000)
      local lotus, prism = false, false
      for _ = 1, r(5) do
        local def = SOURCES[r(#SOURCES)]
        local c = g:create(def, { owner = ann, zone = "battlefield", sick = r(3) == 1 })
        if r(5) == 1 then c:tap() elseif def == LOTUS then lotus = true end
        if def == PRISM then prism = true end
      end
      if r(3) == 1 then g:add_mana(ann, ({ "{W}", "{B}", "{1}", "{R}{W}" })[r(4)]) end
      local avail = I._available(g, ann)
      assert.is_false(GI._mana_watched(g))
      local n, y = compare(g, ann)
      if lotus and not prism and not avail.by_color then
        planned, yes, no = planned + 1, yes + y, no + n - y
      end
    end
    assert.is_true(planned >= H.part(30), "boards that take the plan with a Black Lotus: " .. planned)
    assert.is_true(yes >= H.part(50) and no >= H.part(50), yes .. " payable, " .. no .. " not")
  end)

  it("the plan keeps the payment's order: colored symbols in W U B R G order, battlefield order", function()
    -- Tundra first pays {W}; then nothing makes {U}: the payment (first option at each choice)
    -- fails, though Plateau for {W} and Tundra for {U} would pay; {U}{R} pays (Tundra, Plateau)
    local g, ann = H.game()
    g:create(TUNDRA, { owner = ann, zone = "battlefield" })
    g:create(PLATEAU, { owner = ann, zone = "battlefield" })
    assert.is_true(I._available(g, ann).by_color)
    assert.is_false(GI._mana_watched(g))
    assert.is_false(I._can_pay(g, ann, arbiter.parse_cost("{W}{U}"), 0))
    assert.is_false(I._payment_tried(g, ann, arbiter.parse_cost("{W}{U}"), 0))
    assert.is_true(I._can_pay(g, ann, arbiter.parse_cost("{U}{R}"), 0))
    local s = g:create(arbiter.card{ name = "S", types = { "Sorcery" }, cost = "{U}{R}" }, { owner = ann, zone = "hand" })
    assert.is_true(g:can_cast(ann, s))
    g:cast(ann, s)
    assert.equal(2, #H.events(g, "mana"))
  end)

  it("the pool a payment reads (GI._pool, six values) is p.mana's (411: mana goes to the pool)", function()
    local g, ann = H.game()
    g:add_mana(ann, "{W}{U}{U}{B}{R}{R}{R}{G}{2}")
    local m = ann.mana
    assert.same({ m.white, m.blue, m.black, m.red, m.green, m.colorless }, { GI._pool(g, ann) })
    assert.same({ 1, 2, 1, 3, 1, 2 }, { GI._pool(g, ann) })
  end)

  it("a replacement of mana events is seen: the payment is tried (Tundra adds nothing: {W}{R} can't be paid)",
    function()
    local g, ann = H.game()
    local t = g:create(TUNDRA, { owner = ann, zone = "battlefield" })
    g:create(PLATEAU, { owner = ann, zone = "battlefield" })
    local cost = arbiter.parse_cost("{U}{R}")
    assert.is_true(I._can_pay(g, ann, cost, 0))
    g:add_replacement{ event = "mana", applies = function(ev) return ev.card == t end,
      replace = function() end }                          -- 614: the mana isn't added
    assert.is_true(GI._mana_watched(g))
    assert.is_false(I._payment_tried(g, ann, cost, 0))
    assert.is_false(I._can_pay(g, ann, cost, 0))
    compare(g, ann)
  end)

  -- Triggered mana abilities declared by their shape (406.1b: "a land tapped for mana -> adds
  -- mana", g:trigger{mana = true, adds = ...}): Alpha's Gauntlet of Might (a Mountain: Plateau and
  -- Volcanic Island are Mountains too), Mana Flare (one mana of the kind the land produced: a
  -- dual land's chosen color, {1} of "{2}") and Wild Growth (the enchanted land, whatever it
  -- makes), several at once, either player's: the plan adds their mana as the payment reads its
  -- pool after each source (battlefield order), and answers as the trial does.
  it("with Gauntlet of Might, Mana Flare and Wild Growth on 80 boards: the plan adds their mana as the payment does",
    function()
    local alpha = require("arbiter.sets.alpha")
    local TRIGGERS = { alpha["Gauntlet of Might"], alpha["Mana Flare"], alpha["Wild Growth"] }
    local LANDS = { alpha["Mountain"], alpha["Forest"], alpha["Island"], alpha["Plateau"], DEFS[4],
      alpha["Bayou"], DEFS[8], alpha["Birds of Paradise"], alpha["Plains"] }
    local planned, extra = 0, 0
    for seed = 1, H.seeds(80) do
      local g, ann = H.game()
      local r = lcg(seed + 1000)
      local lands = {}
      for i = 1, r(5) + 1 do
        lands[i] = g:create(LANDS[r(#LANDS)], { owner = ann, zone = "battlefield", sick = r(4) == 1 })
        if r(6) == 1 then lands[i]:tap() end
      end
      for _ = 1, r(3) do
        local def = TRIGGERS[r(#TRIGGERS)]
        local t = g:create(def, { owner = r(3) == 1 and g.players[2] or ann, zone = "battlefield" })
        if def == alpha["Wild Growth"] then g:attach(t, lands[r(#lands)]) end
      end
      if r(3) == 1 then g:add_mana(ann, ({ "{W}", "{G}", "{1}", "{R}{W}" })[r(4)]) end
      local avail = I._available(g, ann)
      local adds = GI._mana_adds(g)
      assert.is_true(I._env[g].mana_triggers)
      local _, y = compare(g, ann)
      if avail.plain and not avail.by_color and adds and #adds > 0 then
        planned = planned + 1
        extra = extra + y
      end
    end
    assert.is_true(planned >= H.part(40), "boards that take the plan: " .. planned)
    assert.is_true(extra >= 100, "costs payable beyond the quick count: " .. extra)
  end)

  it("a declared shape (adds) is checked, and its trigger fires through the mana event's pipeline", function()
    local alpha = require("arbiter.sets.alpha")
    local g, ann = H.game()
    for _, bad in ipairs({ { tapped = { is = "Land" }, mana = "{R}" }, { tapped = {}, mana = "{R}", to = "player" },
        { tapped = { is = "Land" }, mana = "red", to = "player" }, "{R}",
        { tapped = { is = "Land", enchanted = true }, mana = "{R}", to = "player" } }) do
      assert.has_error(function() g:trigger{ event = "mana", mana = true, controller = ann, adds = bad } end)
    end
    assert.has_error(function()
      g:trigger{ event = "mana", mana = true, controller = ann, adds = { tapped = { is = "Land" }, mana = "{R}",
        to = "player" }, effect = function() end }
    end)
    local m = g:create(alpha["Mountain"], { owner = ann, zone = "battlefield" })
    g:create(alpha["Gauntlet of Might"], { owner = g.players[2], zone = "battlefield" })
    local seen = {}
    g:on("mana", function(ev) seen[#seen + 1] = (ev.source and ev.source.name or "-") .. " " .. tostring(ev.mana) end)
    g:activate(ann, m, 1)
    table.sort(seen)
    assert.same({ "- {R}", "Mountain {R}" }, seen)         -- the Mountain's mana and the Gauntlet's
    assert.equal(2, ann.mana.red)
  end)

  it("an undeclared trigger of mana events beside a declared one: the payment is tried", function()
    local alpha = require("arbiter.sets.alpha")
    local g, ann = H.game()
    g:create(alpha["Mountain"], { owner = ann, zone = "battlefield" })
    g:create(alpha["Mana Flare"], { owner = ann, zone = "battlefield" })
    assert.equal(2, #GI._mana_adds(g))           -- (its record and its source)
    assert.is_false(GI._mana_watched(g) == false)
    g:trigger{ event = "mana", mana = true, controller = ann, condition = function(ev) return ev.source ~= nil end,
      effect = function(_, game) game:add_mana(ann, "{U}") end }
    assert.is_nil(GI._mana_adds(g))
    assert.is_true(I._can_pay(g, ann, arbiter.parse_cost("{U}{R}{R}"), 0))   -- (the trial: {R}, {R}, {U})
    compare(g, ann)
  end)

  it("a replacement or a trigger of tap events, or a trigger of mana events, is seen too", function()
    for _, add in ipairs({
      function(g) g:add_replacement{ event = "tap", replace = function() end } end,
      function(g) g:trigger{ event = "tap", controller = g.players[2], effect = function() end } end,
      function(g) g:trigger{ event = "mana", controller = g.players[2], effect = function() end } end,
      function(g) g:on("tap", function() end) end,
    }) do
      local g, ann = H.game()
      g:create(TUNDRA, { owner = ann, zone = "battlefield" })
      g:create(PLATEAU, { owner = ann, zone = "battlefield" })
      assert.is_false(GI._mana_watched(g))
      add(g)
      assert.is_true(GI._mana_watched(g))
      compare(g, ann)
    end
  end)

  -- Without a count given, _can_pay reads the count's numbers first (arbiter._available(g, p,
  -- false): no table, nothing of how far they can be trusted) and answers yes from them alone
  -- when they afford the cost; the count's table (avail given: that step skipped) and the trial
  -- must agree, cost by cost
  it("the count's numbers' yes is the count's and the trial's (basics, duals, Birds, a {2} land, a pool)", function()
    local core, yes, no, quick_yes = 0, 0, 0, 0
    for seed = 1, H.seeds(80) do
      local g, ann = board(seed + 5000, 7, { "{W}", "{U}", "{1}", "{R}{W}", "{G}{G}" }, 2)
      if GI._mana_available(g, ann) then core = core + 1 end
      for _, c in ipairs(COSTS) do
        local cost, x = assert(arbiter.parse_cost(c.cost)), c.x or 0
        local before = g:state_hash()
        local fast = I._can_pay(g, ann, cost, x)
        assert.equal(I._can_pay(g, ann, cost, x, I._available(g, ann)), fast, c.cost .. " x=" .. x)
        local t = {}
        t.total, t.white, t.blue, t.black, t.red, t.green, t.any = I._available(g, ann, false)
        if I._affordable(cost, t, x) then quick_yes = quick_yes + 1
        elseif cost.total + cost.x * x > 0 then   -- (the count's yes is its own: compare's costs)
          assert.equal(I._payment_tried(g, ann, cost, x), fast, c.cost .. " x=" .. x)
        end
        assert.equal(before, g:state_hash())
        if fast then yes = yes + 1 else no = no + 1 end
      end
    end
    assert.is_true(core >= H.part(5) and core <= H.seeds(80) - H.part(5), "boards the core counts: " .. core)
    assert.is_true(quick_yes >= 50, "costs the numbers afford: " .. quick_yes)   -- the fast path is exercised
    assert.is_true(yes >= 50 and no >= 50, yes .. " payable, " .. no .. " not")
  end)
end)
