-- The default main phase's scan in the core (csrc/lmain_scan.c behind turn.lua default_main; issue
-- 28): the lands offered (212.6c) and each round's spells (405.1, 409.1: those p's mana could pay
-- for, 413 targets, 700.2 modes, cast conditions) are the same options, in the same order, as
-- the Lua round's (arbiter._available's count and castable's tests) and as g:can_cast says card
-- by card, on many boards: Alpha's cards (dual lands, Birds of Paradise, Sol Ring, Mana Flare,
-- spells with X, targets, modes and rule effects: the ways the core can't count) and costs too
-- large for a scan code. The random agent's answers depend on the options' order and count
-- (bench/game_digest.lua: the same games).
local H = require("helpers")
local arbiter = H.arbiter
local internal = require("arbiter.internal")
local alpha = require("arbiter.sets.alpha")

local main_options = internal._main_options

local function is_a(def, t)
  for _, x in ipairs(def.types or {}) do if x == t then return true end end
  return false
end

-- Alpha's permanent cards and all its cards, by name order
local permanents, all = {}, {}
for _, name in ipairs(alpha.names) do
  local def = alpha[name]
  all[#all + 1] = def
  if is_a(def, "Land") or is_a(def, "Creature") or is_a(def, "Artifact") then
    permanents[#permanents + 1] = def
  end
end

-- the land options the Lua layer made (the hand's cards whose printed types hold Land, then
-- "pass") and the spells g:can_cast allows among those the phase offers (a permanent spell, or
-- one with an effect or modes), in hand order, then "pass"; nil for none
local function expected(g, p)
  local spell_of = internal._spell_of
  local lands, spells = {}, {}
  for _, c in ipairs(p.hand:cards()) do
    local s = spell_of[c]
    if s.Land then lands[#lands + 1] = c
    elseif (s.permanent or s.resolve or s.modes) and g:can_cast(p, c) then spells[#spells + 1] = c end
  end
  lands[#lands + 1] = "pass"
  spells[#spells + 1] = "pass"
  return #lands > 1 and lands or nil, #spells > 1 and spells or nil
end

local function names(list)
  if not list then return "nil" end
  local out = {}
  for i, c in ipairs(list) do out[i] = type(c) == "string" and c or c.name end
  return table.concat(out, ", ")
end

-- p's options agree three ways: the round as the default main phase makes it (the core's when it
-- can), the Lua round, and castability by the rules (expected); returns the round's way ("core",
-- or nil when the Lua layer made it) and the options
local function agree(g, p, seed)
  local _, options, way = main_options(g, p)
  local _, lua_options = main_options(g, p, true)
  local _, want = expected(g, p)
  local where = "seed " .. seed .. " (" .. tostring(way) .. "): "
  assert.are.same(want, options, where .. names(options) .. " instead of " .. names(want))
  assert.are.same(want, lua_options, where .. "the Lua round: " .. names(lua_options))
  return way, want
end

-- A random board (seeded): Ann's permanents (some tapped), Bob's creatures (targets), mana in
-- Ann's pool at times, a hand of any of Alpha's cards. Cards whose entering needs what this board
-- lacks are left where they are (created in the hand instead).
local function board(seed)
  local r = arbiter.agents.rng(seed)
  local g, ann, bob = H.game{ seed = seed }
  for _ = 1, r(8) - 1 do
    local ok, c = pcall(g.create, g, permanents[r(#permanents)], { owner = ann, zone = "battlefield", sick = false })
    if ok and c.zone == "battlefield" and r(4) == 1 then c:tap() end
  end
  for _ = 1, r(3) - 1 do
    pcall(g.create, g, permanents[r(#permanents)], { owner = bob, zone = "battlefield", sick = false })
  end
  if r(3) == 1 then g:add_mana(ann, ({ "{R}", "{G}{G}", "{U}{B}", "{3}", "{W}" })[r(5)]) end
  for _ = 1, r(8) do g:create(all[r(#all)], { owner = ann, zone = "hand" }) end
  return g, ann
end

describe("the default main phase's scan: the same options as the Lua round (405.1, 409.1, 212.6c)", function()
  it("on 400 random Alpha boards: lands and spells, in hand order, each way the round can go", function()
    local ways = { core = 0, ["core+lua"] = 0, lua = 0 }
    for seed = 1, H.seeds(400) do
      local g, ann = board(seed)
      local lands, spells, way = main_options(g, ann)
      local lua_lands, lua_spells = main_options(g, ann, true)
      local want_lands, want_spells = expected(g, ann)
      local where = "seed " .. seed .. " (" .. tostring(way) .. "): "
      assert.are.same(want_lands, lands, where .. names(lands))
      assert.are.same(want_lands, lua_lands)
      assert.are.same(want_spells, spells, where .. names(spells) .. " instead of " .. names(want_spells))
      assert.are.same(want_spells, lua_spells, where .. "the Lua round: " .. names(lua_spells))
      if way then ways[way] = ways[way] + 1 end
    end
    -- each way was taken: the core's count alone, with the Lua layer's tests, and the Lua round
    assert.is_true(ways.core > 20, "core " .. ways.core)
    assert.is_true(ways["core+lua"] > H.part(20), "core+lua " .. ways["core+lua"])
    assert.is_true(ways.lua > H.part(10), "lua " .. ways.lua)
  end)

  local function land(name, sub)
    return arbiter.card{ name = name, types = { "Land" }, supertypes = { "Basic" }, subtypes = { sub } }
  end
  local forest = land("Forest", "Forest")
  local function sorcery(name, cost)
    return arbiter.card{ name = name, types = { "Sorcery" }, cost = cost,
      resolve = function(obj, game) game:gain_life(obj.controller, 1) end }
  end

  it("costs too large for a scan code (a color's 16 symbols, a total over 63) are read from the card", function()
    local g, ann = H.game()
    local defs = { sorcery("Sixteen", string.rep("{G}", 16)), sorcery("Huge", "{130}"),
      sorcery("Fifteen", string.rep("{G}", 15)), sorcery("Big", "{63}") }
    local cards = {}
    for i, def in ipairs(defs) do cards[i] = g:create(def, { owner = ann, zone = "hand" }) end
    local codes = {}
    for i, c in ipairs(cards) do codes[i] = internal._scan_code(internal._spell_of[c]) end
    assert.are.same({ 10, 10 }, { codes[1], codes[2] })     -- a spell (2) whose cost the core reads (8)
    assert.equal(2, codes[3] % 16)
    assert.equal(2, codes[4] % 16)
    local function offered(mana)
      g:empty_pool(ann)
      g:add_mana(ann, mana)
      local _, spells, way = main_options(g, ann)
      local _, want = expected(g, ann)
      assert.equal("core", way)
      assert.are.same(want, select(2, main_options(g, ann, true)))
      assert.are.same(want, spells)
      return spells
    end
    assert.are.same({ cards[3], "pass" }, offered(string.rep("{G}", 15)))
    assert.are.same({ cards[1], cards[3], "pass" }, offered(string.rep("{G}", 16)))
    assert.are.same({ cards[3], cards[4], "pass" }, offered("{112}" .. string.rep("{G}", 15)))
    assert.are.same({ cards[1], cards[2], cards[3], cards[4], "pass" }, offered("{114}" .. string.rep("{G}", 16)))
  end)

  -- the core tells a land from its definition's printed types (csrc/lmain_scan.c code_of: no spell record built):
  -- Land anywhere in them, whatever else they hold or the card costs; the spell record is then
  -- built only when something reads it
  it("a land is told from its definition's types, Land anywhere in them: no spell record built", function()
    local g, ann = H.game()
    local defs = { arbiter.card{ name = "Vault", types = { "Artifact", "Land" }, cost = "{3}" },
      arbiter.card{ name = "Grove", types = { "Land" }, subtypes = { "Forest" } },
      arbiter.card{ name = "Walker", types = { "Creature", "Land" }, power = 1, toughness = 1, cost = "{G}" },
      arbiter.card{ name = "Totem", types = { "Artifact" }, subtypes = { "Land" }, cost = "{0}" } }
    local cards = {}
    for i, def in ipairs(defs) do cards[i] = g:create(def, { owner = ann, zone = "hand" }) end
    local built = {}
    local spell_of = internal._spell_of
    local mt = getmetatable(spell_of)
    local index = mt.__index
    mt.__index = function(t, c) built[c.name] = true; return index(t, c) end
    local ok, lands, spells = pcall(main_options, g, ann)
    mt.__index = index
    assert.is_true(ok, lands)
    assert.are.same({ cards[1], cards[2], cards[3], "pass" }, lands)
    assert.are.same({ cards[4], "pass" }, spells)
    assert.is_nil(built.Vault or built.Grove or built.Walker)
    assert.are.same({ cards[1], cards[2], cards[3], "pass" }, (expected(g, ann)))
  end)

  it("the Lua round takes over: rule effects, triggered mana abilities, sources the core doesn't count", function()
    local cases = {
      -- Black Lotus: three mana of one color chosen (several mana with a choice)
      function(g, ann) g:create(alpha["Black Lotus"], { owner = ann, zone = "battlefield" }) end,
      -- (Mana Flare with mana spent as another color: the core's plan, below)
      -- a triggered mana ability not declared (g:trigger{mana = true} with a condition)
      function(g, ann)
        g:trigger{ event = "mana", mana = true, controller = ann, condition = function() return false end,
          effect = function() end }
      end,
      -- a rule effect (409.1f cost increases may apply: env.rule_effects)
      function(g, ann)
        g:create(forest, { owner = ann, zone = "battlefield" })
        g:add_static{ spell_cost = "{1}", affects = function(c) return c.name == "Two" end }
      end,
    }
    for i, setup in ipairs(cases) do
      local g, ann = H.game()
      setup(g, ann)
      g:create(forest, { owner = ann, zone = "battlefield" })
      local one, two = g:create(sorcery("One", "{G}"), { owner = ann, zone = "hand" }),
        g:create(sorcery("Two", "{1}{G}"), { owner = ann, zone = "hand" })
      local _, spells, way = main_options(g, ann)
      local _, want = expected(g, ann)
      assert.equal("lua", way, "case " .. i)
      assert.are.same(want, spells, "case " .. i)
      assert.is_true(spells[1] == one or spells[1] == two, "case " .. i)
    end
  end)
end)

-- A cast condition ("cast only during ...", 409.1 of the era's restrictions) is asked before the
-- spell's targets are searched and its payment tried, in the core's round, the Lua round and
-- g:can_cast alike: a spell that can't be cast now costs neither (issue 27's speed).
describe("a spell whose cast condition fails now: no target search (413), no payment tried", function()
  it("in the core's round, the Lua round and g:can_cast", function()
    local g, ann = H.game()
    local searched = 0
    local forest = alpha["Forest"]
    g:create(forest, { owner = ann, zone = "battlefield" })
    local bolt = arbiter.card{ name = "Later Bolt", types = { "Instant" }, cost = "{G}",
      targets = { { what = "creature", filter = function() searched = searched + 1; return true end } },
      cast_condition = function() return false, "not now" end,
      resolve = function() end }
    g:create(H.bear, { owner = ann, zone = "battlefield" })
    local c = g:create(bolt, { owner = ann, zone = "hand" })
    local _, spells, way = main_options(g, ann)
    assert.equal("core+lua", way)                  -- the core counted, the Lua layer asked the rest
    local _, lua_spells = main_options(g, ann, true)
    assert.is_nil(spells)                          -- nothing to offer: the phase ends
    assert.is_nil(lua_spells)
    assert.is_false(g:can_cast(ann, c))
    assert.equal(0, searched)
  end)
end)

-- The options the Lua layer asks more about come back from the core's round as a mask (bit i - 1
-- for option i, exact in a double up to 52 bits); a hand with one past that is the Lua round's.
describe("the core's round's options asked about by the Lua layer (a mask; 409.1 casting)", function()
  it("asks the right ones, and leaves a hand past the mask to the Lua round", function()
    for _, n in ipairs({ 3, 52, 53, 60 }) do
      local g, ann = H.game()
      local yes = function(_, _, card) return card.name ~= "Odd" end   -- some conditions fail
      local sorc = function(name)
        return arbiter.card{ name = name, types = { "Sorcery" }, cost = "{0}", cast_condition = yes,
          resolve = function() end }
      end
      local plain = arbiter.card{ name = "Plain", types = { "Sorcery" }, cost = "{0}", resolve = function() end }
      for i = 1, n do
        g:create(i % 3 == 0 and plain or sorc(i % 7 == 0 and "Odd" or "Even"), { owner = ann, zone = "hand" })
      end
      local _, spells, way = main_options(g, ann)
      local _, lua_spells = main_options(g, ann, true)
      assert.equal(n <= 52 and "core+lua" or "lua", way)
      assert.same(lua_spells, spells)
      local _, want = expected(g, ann)
      assert.same(want, spells)
    end
  end)
end)

-- Sources the core counts as the Lua round does (csrc/mana_choice.c behind lmain_scan.c): dual
-- lands and Birds of Paradise (several "{T}: add one mana": the per-color bound and the payment's
-- greedy plan decide, battlefield order), Sol Ring and Mana Vault (several mana of one kind),
-- a land whose land type an effect set (212.6e), tapped and summoning-sick ones (502.5b)
describe("the scan counts sources with a choice of color and several mana as the Lua round does (406.1, 409.1)", function()
  local SOURCES = { "Tundra", "Underground Sea", "Badlands", "Taiga", "Savannah", "Scrubland", "Bayou", "Plateau",
    "Tropical Island", "Birds of Paradise", "Llanowar Elves", "Sol Ring", "Mana Vault", "Basalt Monolith",
    "Mox Pearl", "Mox Ruby", "Plains", "Island", "Swamp", "Mountain", "Forest", "Tundra", "Bayou", "Plateau" }
  local COSTS = { "{W}{U}", "{U}{U}", "{B}{G}", "{1}{R}{R}", "{W}{U}{B}{R}{G}", "{2}{G}{G}", "{3}", "{W}",
    "{G}{G}{G}", "{1}{W}{B}", "{U}{R}", "{4}{B}", "{W}{W}{U}", "{R}{G}{W}", "{B}{B}", "{5}" }
  local spells = {}
  for i, cost in ipairs(COSTS) do
    spells[i] = arbiter.card{ name = "Spell " .. cost, types = { "Sorcery" }, cost = cost,
      resolve = function(obj, game) game:gain_life(obj.controller, 1) end }
  end

  -- a random board of mana sources (some tapped, a creature sick at times, a land made an Island
  -- or a Swamp by an effect at times, mana in the pool at times) and a hand of spells
  -- as: mana Ann may spend as another color (rules.mana_as: Sunglasses of Urza's, or another)
  local AS = { { white = { "red" } }, { white = { "red" }, blue = { "black", "green" } }, { red = { "blue" } },
    { green = { "white", "red" } }, { black = { "white" }, white = { "black", "blue" } } }
  local TRIGGERS = { alpha["Gauntlet of Might"], alpha["Mana Flare"], alpha["Wild Growth"] }
  local function source_board(seed, watch, as, trig, prism)
    local r = arbiter.agents.rng(seed)
    local g, ann = H.game{ seed = seed }
    local lands = {}
    for _ = 1, r(7) do
      local c = g:create(alpha[SOURCES[r(#SOURCES)]], { owner = ann, zone = "battlefield", sick = r(3) == 1 })
      if r(5) == 1 then c:tap() end
      if c:is("Land") then lands[#lands + 1] = c end
    end
    if #lands > 0 and r(6) == 1 then
      g:add_static{ affects = lands[r(#lands)], subtypes = { r(2) == 1 and "Island" or "Swamp" } }
    end
    if r(4) == 1 then g:add_mana(ann, ({ "{R}", "{G}", "{U}{B}", "{1}", "{W}" })[r(5)]) end
    for _ = 1, r(6) do g:create(spells[r(#spells)], { owner = ann, zone = "hand" }) end
    if watch then g:on("tap", function() end) end   -- something watches the taps: a plan can't tell
    if as then
      if r(3) == 1 then g:create(alpha["Sunglasses of Urza"], { owner = ann, zone = "battlefield" })
      else g:add_static{ affects = ann, rules = { mana_as = AS[r(#AS)] } } end
    end
    -- trig: triggered mana abilities (406.1b), declared (Gauntlet of Might, Mana Flare, Wild
    -- Growth on a land of Ann's or Bob's), either player's, one gone at times (env.mana_triggers
    -- stays), Sunglasses of Urza beside them at times (the plan reads both)
    for _ = 1, trig and r(3) or 0 do
      local def, bob = TRIGGERS[r(3)], g.players[2]
      local t = g:create(def, { owner = r(3) == 1 and bob or ann, zone = "battlefield" })
      if def == alpha["Wild Growth"] then
        local to = #lands > 0 and r(2) == 1 and lands[r(#lands)]
          or g:create(alpha["Forest"], { owner = r(2) == 1 and bob or ann, zone = "battlefield" })
        g:attach(t, to)
      end
      if r(5) == 1 then g:move(t, "graveyard") end
    end
    if trig and r(8) == 1 then g:create(alpha["Sunglasses of Urza"], { owner = ann, zone = "battlefield" }) end
    -- prism: Celestial Prism (a converter, 409.1f), a second one or a tapped one at times
    for _ = 1, prism and r(2) or 0 do
      local c = g:create(alpha["Celestial Prism"], { owner = ann, zone = "battlefield" })
      if r(4) == 1 then c:tap() end
    end
    return g, ann
  end

  local function same_options(seed, watch, as, trig, prism)
    local g, ann = source_board(seed, watch, as, trig, prism)
    local way = agree(g, ann, seed)
    return way, g, ann
  end

  -- 800 random boards (as: with mana spent as another color): the same options both ways, and
  -- every board the core's way
  local function all_core(as)
    local core = 0
    for seed = 1, H.seeds(800) do
      local way = same_options(seed, false, as)
      if way then
        assert.equal("core", way, "seed " .. seed)
        core = core + 1
      end
    end
    assert.is_true(core > H.part(600), "core " .. core)
  end

  it("on 800 random boards: the same spells, in hand order; the core counts every one", function()
    all_core(false)
  end)

  -- mana spent as though it were another color: the core's count with the mask (the payment's
  -- plan decides what the quick count doesn't: csrc/mana_choice.c's arb_mana_plan, plan_pays)
  it("on 800 random boards with mana spent as another color (rules.mana_as): the core counts every one", function()
    all_core(true)
  end)

  -- triggered mana abilities, all declared (406.1b): the count is no bound (a spell above it may
  -- be paid), the quick test, then the payment's plan with their mana as each source is tapped
  -- (arb_mana_plan with the extras, plan_pays with g:_mana_adds); mana spent as another color
  -- with them: the plan reads both (below)
  it("on 800 random boards with Gauntlet of Might, Mana Flare, Wild Growth: the core counts them", function()
    local ways, above = { core = 0, lua = 0 }, 0
    for seed = 1, H.seeds(800) do
      local way, g, ann = same_options(seed, false, false, true)
      if way then
        ways[way] = ways[way] + 1
        if way == "core" and internal._env[g].mana_triggers then
          local _, options = main_options(g, ann)
          local total = internal._available(g, ann).total
          for _, c in ipairs(options or {}) do
            if c ~= "pass" and internal._spell_of[c].cost.total > total then above = above + 1; break end
          end
        end
      end
    end
    assert.is_true(ways.core > H.part(500) and above > H.part(50),
      "core " .. ways.core .. ", lua " .. ways.lua .. ", above the count " .. above)
  end)

  -- declared triggered mana abilities with something else watching the taps (an observer): their
  -- mana is asked only when a spell's quick test fails (a plan needs it), and then only the Lua
  -- round can tell (it tries the payment); a round the quick test answers for every spell is the
  -- core's
  it("on 800 random boards with mana triggers and the taps watched: the core's where no plan is needed", function()
    local ways = { core = 0, lua = 0 }
    for seed = 1, H.seeds(800) do
      local way = same_options(seed, true, false, true)
      if way then ways[way] = ways[way] + 1 end
    end
    assert.is_true(ways.core > H.part(20) and ways.lua > H.part(100), "core " .. ways.core .. ", lua " .. ways.lua)
  end)

  -- triggered mana abilities and mana spent as another color together (Mana Flare beside
  -- Sunglasses of Urza): the plan with both (arb_mana_plan, the quick test without the latter,
  -- as arbiter._affordable has it) answers as the tried payment does
  it("on 800 random boards with mana triggers and mana spent as another color: the core's plan", function()
    local ways, as = { core = 0, lua = 0 }, 0
    for seed = 1, H.seeds(800) do
      local way, g, ann = same_options(seed, false, true, true)
      if way then
        ways[way] = ways[way] + 1
        if way == "core" and internal._env[g].mana_triggers and internal._mana_as(g, ann) then as = as + 1 end
      end
    end
    assert.is_true(ways.core > H.part(500) and as > H.part(300), "core " .. ways.core .. ", lua " .. ways.lua .. ", with both " .. as)
  end)

  -- Celestial Prism ("{2},{T}: add one mana of any color", 409.1f): it adds nothing to the count,
  -- whose total stays a bound; a plan that leaves no colored symbol short answers (the payment
  -- plays the Prism only for one), else the Lua round tries the payment; with mana spent as
  -- another color or triggered mana abilities beside it, the Lua round too
  it("on 800 random boards with Celestial Prism: the core's plan where no color is left short", function()
    local ways = { core = 0, lua = 0 }
    for seed = 1, H.seeds(800) do
      local way = same_options(seed, seed % 7 == 0, seed % 5 == 0, seed % 6 == 0, true)
      if way then ways[way] = ways[way] + 1 end
    end
    assert.is_true(ways.core > H.part(250) and ways.lua > H.part(50), "core " .. ways.core .. ", lua " .. ways.lua)
  end)

  it("with the taps watched (GI._mana_watched) the Lua round tries the payment where a plan decides", function()
    local ways = { core = 0, lua = 0 }
    for seed = 1, H.seeds(300) do
      local way = same_options(seed, true)
      if way then ways[way] = ways[way] + 1 end
    end
    assert.is_true(ways.core > H.part(100) and ways.lua > H.part(10), "core " .. ways.core .. ", lua " .. ways.lua)
  end)

  -- a triggered ability on "tap" or "mana" events that isn't a mana ability (Lifetap, Psychic
  -- Venom, Manabarbs) waits for the stack (410.3-410.4; its condition only reads): the payment's mana is
  -- what the plan says, so the core's round answers where the Lua round tries the payment (their
  -- effect here taps Ann's other sources: were it to act during the payment, the tried payment
  -- would fail). An observer doing so acts at once: the Lua round's, which tries the payment.
  local function watched_by(seed, how)
    local g, ann = source_board(seed, false, seed % 4 == 0)
    local add = function(_, game)               -- every other source of Ann's tapped
      for _, c in ipairs(game:permanents(ann)) do if not c.tapped then c:tap() end end
    end
    if how == "observer" then g:on(seed % 2 == 0 and "tap" or "mana", add)
    elseif how == "trigger" then
      g:trigger{ event = seed % 2 == 0 and "tap" or "mana", controller = g.players[seed % 3 == 0 and 2 or 1],
        condition = function(ev) return ev ~= nil end, effect = add }
    end
    return g, ann
  end
  it("a triggered ability watching the taps or the mana: the core's plan, as the tried payment says", function()
    local core, plans = 0, 0
    for seed = 1, H.seeds(400) do
      local g, ann = watched_by(seed, "trigger")
      local way = agree(g, ann, seed)
      if way then
        assert.equal("core", way, "seed " .. seed)
        core = core + 1
      end
      if internal._available(g, ann).inexact then plans = plans + 1 end   -- (a plan or a try decides)
    end
    assert.is_true(core > H.part(250) and plans > H.part(50), "core " .. core .. ", inexact counts " .. plans)
  end)
  it("an observer tapping the other sources as one is tapped: the Lua round tries the payment", function()
    local ways, fewer = { core = 0, lua = 0 }, 0
    for seed = 1, H.seeds(400) do
      local g, ann = watched_by(seed, "observer")
      local _, options, way = main_options(g, ann)
      local _, want = expected(g, ann)
      assert.are.same(want, options, "seed " .. seed .. " (" .. tostring(way) .. "): " .. names(options)
        .. " instead of " .. names(want))
      if way then ways[way] = ways[way] + 1 end
      local _, without = main_options(watched_by(seed, "none"))
      if #(options or {}) < #(without or {}) then fewer = fewer + 1 end   -- the observer's taps paid less
    end
    assert.is_true(ways.lua > H.part(50) and fewer > H.part(20), "core " .. ways.core .. ", lua " .. ways.lua .. ", fewer " .. fewer)
  end)

  -- the payment's greedy plan (battlefield order) decides {W}{U}: a Tundra before the Plains
  -- taps for {W} and leaves {U} unpaid; after it, the Plains pays {W} and the Tundra {U}
  it("battlefield order decides a plan: Tundra, Plains can't pay {W}{U}; Plains, Tundra can", function()
    for _, order in ipairs({ { "Tundra", "Plains", false }, { "Plains", "Tundra", true } }) do
      local g, ann = H.game()
      for k = 1, 2 do g:create(alpha[order[k]], { owner = ann, zone = "battlefield" }) end
      local s = g:create(spells[1], { owner = ann, zone = "hand" })
      local _, options, way = main_options(g, ann)
      assert.equal(order[3], g:can_cast(ann, s))
      assert.are.same(order[3] and { s, "pass" } or nil, options)
      assert.equal("core", way)
    end
  end)

  it("a source's description (turn.lua's): choice code, one kind, nothing, converter, or the Lua round's", function()
    local g, ann = H.game()
    local code = internal._scan_source_code
    local birds = g:create(alpha["Birds of Paradise"], { owner = ann, zone = "battlefield" })
    local sol = g:create(alpha["Sol Ring"], { owner = ann, zone = "battlefield" })
    local prism = g:create(alpha["Celestial Prism"], { owner = ann, zone = "battlefield" })
    assert.equal(1 + 16 * (2 + 16 * (3 + 16 * (4 + 16 * 5))), code(birds, false))
    assert.equal(2 ^ 24 + 16 * 2 + 6, code(sol, false))
    assert.equal(2 ^ 25, code(sol, true))
    assert.equal(2 ^ 26, code(prism, false))           -- a converter (409.1f)
    assert.equal(2 ^ 25, code(prism, true))            -- tapped: nothing it can play
    local lotus = g:create(alpha["Black Lotus"], { owner = ann, zone = "battlefield" })
    assert.equal(0, code(lotus, false))                -- three mana of a color chosen: the Lua round's
  end)
end)

-- 418: p may cast no spell while a "can't cast" effect applies to p; with none active the core's
-- round answers without its call (arb_any_prohibits: no predicate to ask), else it asks whom the
-- effects affect (a Lua predicate at times)
describe("a \"can't cast\" effect: the round offers nothing to whom it affects (418)", function()
  local bolt = arbiter.card{ name = "Scan Bolt", types = { "Sorcery" }, cost = "{R}",
    resolve = function(obj, game) game:gain_life(obj.controller, 1) end }
  local stopper = arbiter.card{ name = "Stopper", types = { "Artifact" } }
  it("none, Ann's, Bob's, a predicate's, one whose source left: the same options as the Lua round", function()
    local kinds = { none = 0, ann = 0, other = 0 }
    for seed = 1, H.seeds(60) do
      local r = arbiter.agents.rng(seed)
      local g, ann, bob = H.game{ seed = seed }
      g:create(alpha["Mountain"], { owner = ann, zone = "battlefield" })
      g:create(bolt, { owner = ann, zone = "hand" })
      local k = r(5)
      if k == 2 then g:add_static{ affects = ann, prohibit = "cast" }
      elseif k == 3 then g:add_static{ affects = bob, prohibit = "cast" }
      elseif k == 4 then
        local yes = r(2) == 1
        g:add_static{ affects = function(x) return x == ann and yes end, prohibit = "cast" }
      elseif k == 5 then
        local src = g:create(stopper, { owner = bob, zone = "battlefield" })
        g:add_static{ source = src, affects = ann, prohibit = "cast" }
        if r(2) == 1 then g:move(src, "graveyard") end
      end
      local way, want = agree(g, ann, seed)
      if want == nil then kinds.ann = kinds.ann + 1 elseif k == 1 then kinds.none = kinds.none + 1
      else kinds.other = kinds.other + 1 end
      if way then assert.equal("core", way) end
    end
    assert.is_true(kinds.none > H.part(5) and kinds.ann > H.part(10) and kinds.other > H.part(5))
  end)
end)

-- A spell whose targets alone decide, each entry a kind by name (an Aura's "creature", Power
-- Sink's "spell", Lightning Bolt's "creature or player"): the core's round asks the C search
-- itself (ltargets.c, arb_l_plain_targets: _targets_exist's answer), the Lua layer nothing
describe("targets that are kinds by name: the core's round answers as castable's _targets_exist (413)", function()
  local LISTS = { { "creature" }, { "player" }, { "creature or player" }, { "spell" }, { "artifact" },
    { "enchantment" }, { "land" }, { "permanent" }, { "spell or permanent" }, { "creature", "player" },
    { "artifact", "creature" } }
  local spells = {}
  for i, list in ipairs(LISTS) do
    spells[i] = arbiter.card{ name = "Aimed " .. table.concat(list, "+"), types = { "Sorcery" },
      colors = { i % 2 == 0 and "red" or "white" }, cost = i % 3 == 0 and "{R}" or "{1}", targets = list,
      resolve = function(obj, game) game:gain_life(obj.controller, 1) end }
  end
  local knight = arbiter.card{ name = "Red-warded Knight", types = { "Creature" }, power = 2, toughness = 2,
    abilities = { "protection from red" } }
  local rock = arbiter.card{ name = "Rock", types = { "Artifact" } }
  local halo = arbiter.card{ name = "Halo", types = { "Enchantment" } }
  local hurry = arbiter.card{ name = "Hurry", types = { "Instant" } }

  it("on 600 random boards: the same spells as the Lua round and g:can_cast, no Lua asked", function()
    local core, offered, refused = 0, 0, 0
    for seed = 1, H.seeds(600) do
      local r = arbiter.agents.rng(seed)
      local g, ann, bob = H.game{ seed = seed }
      for _ = 1, r(4) do g:create(alpha[({ "Mountain", "Plains", "Mountain" })[r(3)]], { owner = ann, zone = "battlefield" }) end
      for _ = 1, r(4) - 1 do
        g:create(({ knight, rock, halo, alpha["Grizzly Bears"] })[r(4)], { owner = r(2) == 1 and bob or ann, zone = "battlefield" })
      end
      if r(4) == 1 then g:add_static{ affects = ann, prohibit = "be targeted" } end
      if r(4) == 1 then g:add_static{ affects = bob, prohibit = "be targeted" } end
      if r(5) == 1 then g:cast(bob, g:create(hurry, { owner = bob, zone = "hand" })) end
      for _ = 1, r(5) do g:create(spells[r(#spells)], { owner = ann, zone = "hand" }) end
      local way = agree(g, ann, seed)
      if way then
        assert.equal("core", way, "seed " .. seed)
        core = core + 1
      end
      for _, c in ipairs(ann.hand:cards()) do
        if g:can_cast(ann, c) then offered = offered + 1 else refused = refused + 1 end
      end
    end
    assert.is_true(core > H.part(300) and offered > H.part(300) and refused > H.part(300), core .. " " .. offered .. " " .. refused)
  end)
end)

-- A land whose land type an effect set or added (212.6e: Phantasmal Terrain, Conversion, Evil
-- Presence) has the mana abilities its current basic land types give (and its own unless set):
-- the core remembers its description by its definition, the effects' marks, its basic land types
-- in order and whether it is tapped (csrc/lmain_scan.c, xact_key; the host's list is the same for
-- those), across games (the boards below share what it remembers), never for a land an effect
-- grants abilities (a list of its own: asked each time).
describe("a land whose land type an effect changed: described as the Lua round reads it (212.6e, 406.1)", function()
  local LANDS = { "Plains", "Island", "Swamp", "Mountain", "Forest", "Tundra", "Bayou", "Savannah", "Badlands",
    "Plateau", "Taiga", "Scrubland" }
  local TYPES = { { "Island" }, { "Swamp" }, { "Forest", "Plains" }, { "Mountain" }, { "Plains", "Forest" },
    { "Plains" }, { "Swamp", "Island" } }
  local COSTS = { "{W}{U}", "{U}{U}", "{B}{G}", "{1}{R}{R}", "{2}{G}{G}", "{3}", "{W}", "{G}{G}{G}", "{1}{W}{B}",
    "{U}{R}", "{B}{B}", "{R}", "{W}{W}", "{G}" }
  local spells = {}
  for i, cost in ipairs(COSTS) do
    spells[i] = arbiter.card{ name = "Changed lands' spell " .. cost, types = { "Sorcery" }, cost = cost,
      resolve = function(obj, game) game:gain_life(obj.controller, 1) end }
  end

  -- Ann's lands, some tapped, one to three effects setting or adding land types (a land
  -- granted a mana ability at times), a hand of spells
  local function changed_board(seed)
    local r = arbiter.agents.rng(seed)
    local g, ann = H.game{ seed = seed }
    local lands = {}
    for i = 1, r(6) do
      lands[i] = g:create(alpha[LANDS[r(#LANDS)]], { owner = ann, zone = "battlefield" })
    end
    for _ = 1, r(3) do
      local types = TYPES[r(#TYPES)]
      if r(3) == 1 then g:add_static{ affects = lands[r(#lands)], add_subtypes = types }
      else g:add_static{ affects = lands[r(#lands)], subtypes = types } end
    end
    if r(8) == 1 then
      g:add_static{ affects = lands[r(#lands)], activated = { { cost = "{T}", mana = ({ "{B}", "{U}" })[r(2)] } } }
    end
    for _, c in ipairs(lands) do if r(3) == 1 then c:tap() end end
    for _ = 1, r(5) do g:create(spells[r(#spells)], { owner = ann, zone = "hand" }) end
    return g, ann
  end

  it("on 1,500 random boards: the same spells as the Lua round and g:can_cast, all the core's", function()
    local core = 0
    for seed = 1, H.seeds(1500) do
      local g, ann = changed_board(seed)
      local way = agree(g, ann, seed)
      if way then
        assert.equal("core", way, "seed " .. seed)
        core = core + 1
      end
    end
    assert.is_true(core > H.part(900), "core " .. core)
  end)
end)

describe("the default main phase reads the hand once (its candidates), then each round the mana (405.1, 217.3a)", function()
  local function land(name, sub)
    return arbiter.card{ name = name, types = { "Land" }, supertypes = { "Basic" }, subtypes = { sub } }
  end
  local forest = land("Forest", "Forest")
  -- a sorcery that draws a card and discards the hand's first card (cards leave and enter the hand
  -- between rounds)
  local churn = arbiter.card{ name = "Churn", types = { "Sorcery" }, cost = "{G}",
    resolve = function(obj, g)
      local p = obj.controller
      g:draw(p, 1)
      local first = p.hand:cards()[1]
      if first then g:move(first, "graveyard") end
    end }
  local growth = arbiter.card{ name = "Growth", types = { "Creature" }, cost = "{G}", power = 1, toughness = 1 }

  -- the core keeps a card's scan code by its id (csrc/lmain_scan.c code_of): a card made again
  -- with that id after a failed action (422 undoes the making) is a new card with a new code
  it("a card id made again after a failed action has its new definition's code", function()
    local g, ann = H.game()
    local shivan = alpha["Shivan Dragon"]
    local seen
    local ok = pcall(internal._atomic, g, function()
      local c = g:create(shivan, { owner = ann, zone = "hand" })
      seen = { c.id, main_options(g, ann) }                   -- the code kept: a spell's
      error("undone")
    end)
    assert.is_false(ok)
    assert.is_nil(seen[2])                                     -- (no land in that hand)
    local again = g:create(forest, { owner = ann, zone = "hand" })
    assert.equal(seen[1], again.id)                            -- the same id, a new card
    local lands = main_options(g, ann)
    assert.are.same({ again, "pass" }, lands)
  end)

  it("a card drawn mid-phase isn't offered; one that left the hand isn't offered again", function()
    local g, ann = H.game()
    for _ = 1, 4 do g:create(forest, { owner = ann, zone = "battlefield", sick = false }) end
    local drawn = g:create(growth, { owner = ann })             -- Ann's library: drawn by the first Churn
    g:create(growth, { owner = ann })
    local first = g:create(growth, { owner = ann, zone = "hand" })
    local c1 = g:create(churn, { owner = ann, zone = "hand" })
    local c2 = g:create(churn, { owner = ann, zone = "hand" })
    local asked, could = {}, {}
    g:set_agent(ann, { choose = function(_, what, options)
      if what ~= "cast" then return options[#options] end
      asked[#asked + 1] = options
      could[#asked] = drawn.zone == "hand" and g:can_cast(ann, drawn)
      return options[#options - 1]                             -- the last spell offered
    end })
    g:begin_turn(ann); g:main_phase()
    -- round 1: all three; the second Churn draws `drawn` and discards `first`; round 2: the
    -- first Churn only, though `drawn` could be cast then
    assert.are.same({ first, c1, c2, "pass" }, asked[1])
    assert.are.same({ c1, "pass" }, asked[2])
    assert.is_true(could[2])
    assert.equal(2, #asked)
    assert.equal("graveyard", first.zone)
  end)

  -- the candidates are the spells the hand held as the phase began that never left it: a card
  -- that changes zones is a new object with a new timestamp (217.1c; csrc/lmain_scan.c), so one
  -- put back in the hand during the phase is not offered again, on the core's round as on the Lua
  -- layer's (a rule effect on spells' costs takes every round to the Lua layer)
  for _, way in ipairs({ "core", "lua" }) do
    it("a candidate that left the hand and came back during the phase isn't offered again (" .. way .. ")", function()
      local g, ann = H.game()
      for _ = 1, 4 do g:create(forest, { owner = ann, zone = "battlefield", sick = false }) end
      local back = g:create(growth, { owner = ann, zone = "hand" })
      local kept = g:create(growth, { owner = ann, zone = "hand" })
      local juggle = g:create(arbiter.card{ name = "Juggle", types = { "Sorcery" }, cost = "{G}",
        resolve = function(_, game) game:move(back, "graveyard"); game:move(back, "hand") end },
        { owner = ann, zone = "hand" })
      if way == "lua" then
        g:add_static{ spell_cost = "{1}", affects = function() return false end }
      end
      local asked = {}
      g:set_agent(ann, { choose = function(_, what, options)
        if what ~= "cast" then return options[#options] end
        asked[#asked + 1] = options
        return #asked == 1 and juggle or "pass"
      end })
      g:begin_turn(ann); g:main_phase()
      assert.are.same({ back, kept, juggle, "pass" }, asked[1])
      assert.equal("hand", back.zone)
      assert.are.same({ kept, "pass" }, asked[2])
      assert.equal(2, #asked)
    end)
  end
end)

describe("the default main phase's land question: one land a turn unless an effect or house rule allows more (212.6c)", function()
  local forest = arbiter.card{ name = "Forest", types = { "Land" }, supertypes = { "Basic" }, subtypes = { "Forest" } }

  -- Ann's two main phases with three Forests in hand, her agent playing a land whenever asked:
  -- how many land questions each phase asked
  local function land_questions(opts, setup)
    local g, ann = H.game(opts)
    for _ = 1, 3 do g:create(forest, { owner = ann, zone = "hand" }) end
    if setup then setup(g, ann) end
    local asked = { main1 = 0, main2 = 0 }
    g:set_agent(ann, { choose = function(_, what, options, ctx)
      if what == "land" then asked[ctx.phase] = asked[ctx.phase] + 1; return options[1] end
      return options[#options]
    end })
    g:begin_turn(ann)
    g:main_phase()
    g:main_phase()
    return asked, #g:permanents(ann, "Land")
  end

  it("one land: main 2 asks nothing after main 1's land", function()
    local asked, played = land_questions()
    assert.are.same({ main1 = 1, main2 = 0 }, asked)
    assert.equal(1, played)
  end)

  it("a house rule's lands_per_turn 2: main 2 asks again", function()
    local asked, played = land_questions{ house_rules = { { lands_per_turn = function() return 2 end } } }
    assert.are.same({ main1 = 1, main2 = 1 }, asked)
    assert.equal(2, played)
  end)

  it("a rule effect's land_plays 2 (Fastbond-like): main 2 asks again", function()
    local asked, played = land_questions(nil, function(g, ann) g:add_static{ affects = ann, rules = { land_plays = 2 } } end)
    assert.are.same({ main1 = 1, main2 = 1 }, asked)
    assert.equal(2, played)
  end)
end)
