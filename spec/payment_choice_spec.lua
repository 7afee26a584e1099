-- The core's fast payment (csrc/mana.c, arb_mana_pay_simple) with sources that have a choice of
-- kinds: a dual land (two basic land types, 212.6e: two "{T}: add" abilities) and Birds of
-- Paradise (five). It plays them as the general path (lua/arbiter/mana.lua, arbiter._pay_mana)
-- does: the pool first, then colored symbols in W U B R G order, each from the first unused
-- source of that color (its first ability making it), then generic from the first source (its
-- first ability), battlefield order; where the sources differ the player has a real choice
-- (409.1f: mana abilities are played while paying; 406.1) and the fast path declines, so the
-- general path asks. 407: a cost that can't be paid in full isn't paid; 422: nothing changes.
local H = require("spec.helpers")
local arbiter = H.arbiter
local I = require("arbiter.internal")
local GI = I._game

local function land(name, subtypes) return arbiter.card{ name = name, types = { "Land" }, subtypes = subtypes } end
local DEFS = {
  land("Tundra", { "Plains", "Island" }), land("Plateau", { "Mountain", "Plains" }),
  land("Bayou", { "Swamp", "Forest" }), land("Plains", { "Plains" }), land("Island", { "Island" }),
  land("Forest", { "Forest" }),
  arbiter.card{ name = "Birds", types = { "Creature" }, power = 0, toughness = 1, activated = {
    { cost = "{T}", mana = "{W}" }, { cost = "{T}", mana = "{U}" }, { cost = "{T}", mana = "{B}" },
    { cost = "{T}", mana = "{R}" }, { cost = "{T}", mana = "{G}" } } },
}
local COSTS = { "{W}", "{U}", "{1}", "{2}", "{W}{U}", "{U}{U}", "{1}{W}", "{2}{R}", "{B}{G}", "{W}{W}{W}", "{3}" }

local function lcg(seed)
  local s = seed
  return function(n) s = (s * 1103 + 12345) % 65536; return s % n + 1 end
end

-- the board of `seed`: a game where Ann has up to five sources (a few of one kind: copies,
-- some sick or tapped) and maybe mana in her pool; the questions Ann is asked go to `asked`
local function board(seed, asked)
  local g, ann = H.game()
  local r = lcg(seed)
  local kinds = { DEFS[r(#DEFS)], DEFS[r(#DEFS)] }
  for _ = 1, r(5) do
    local c = g:create(r(3) == 1 and DEFS[r(#DEFS)] or kinds[r(2)], { owner = ann, zone = "battlefield", sick = r(4) == 1 })
    if r(6) == 1 then c:tap() end
  end
  if r(4) == 1 then g:add_mana(ann, ({ "{W}", "{U}", "{1}" })[r(3)]) end
  g:set_agent(ann, { choose = function(_, what, o) asked[#asked + 1] = what .. #o; return o[1] end })
  return g, ann
end

local taps = H.mana_taps
-- the core's answers at a real choice of source (g:_pay_simple's ask): each the first candidate
local function FIRST() return function() return 1 end end
-- each p's agent's answer by position (internal._ask_index's), asked as the general path asks it
local function ANSWERS(g, p) return function(_, _, m) return I._ask_index(g, p, "mana", m) end end

-- The payment made by the general path on one board and with the fast path first on another
-- (setup() makes the same board and agent each time): the same outcome, X mana by slot or
-- failure text, taps, hash and the agent's next draw. Returns the general path's game, ok and
-- what it returned.
local function both_ways(setup, cost, x, where)
  local g1, a1, r1 = setup()
  I._fast_payments = false
  local ok1, spent1 = pcall(I._atomic, g1, I._pay_mana, a1, cost, x, "spec")
  I._fast_payments = true
  local g2, a2, r2 = setup()
  local ok2, spent2 = pcall(I._atomic, g2, I._pay_mana, a2, cost, x, "spec")
  assert.equal(ok1, ok2, where)
  if ok1 then assert.same(spent1, spent2, where) else assert.equal(tostring(spent1), tostring(spent2), where) end
  assert.same(taps(g1, a1), taps(g2, a2), where)
  assert.equal(g1:state_hash(), g2:state_hash(), where)
  assert.equal(r1.choose(a1, "next", { 1, 2, 3, 4, 5, 6, 7 }), r2.choose(a2, "next", { 1, 2, 3, 4, 5, 6, 7 }), where)
  return g1, ok1, spent1
end

describe("the core's fast payment with a dual land and Birds of Paradise pays as the general path (409.1f)", function()
  it("same sources in the same order, same pool; declines where the player chooses or can't pay (409.1f, 407)", function()
    local fast, asks, short = 0, 0, 0
    for seed = 1, H.seeds(80) do
      for _, text in ipairs(COSTS) do
        local cost = assert(arbiter.parse_cost(text))
        -- the general path: `only` every permanent of Ann's (the same sources, no fast path)
        local asked = {}
        local g1, a1 = board(seed, asked)
        local only = {}
        for _, c in ipairs(g1:permanents(a1)) do only[c] = true end
        local ok = pcall(I._atomic, g1, I._pay_mana, a1, cost, 0, "spec", nil, only)
        -- the core's fast payment on the same board
        local none = {}
        local g2, a2 = board(seed, none)
        local before = g2:state_hash()
        local paid = GI._pay_simple(g2, a2, cost.white, cost.blue, cost.black, cost.red, cost.green, cost.generic,
          I._mana_code_of)
        assert.same({}, none)                                      -- the core asks nothing
        if paid then
          fast = fast + 1
          assert.is_true(ok, text .. " seed " .. seed)
          assert.same({}, asked, text .. " seed " .. seed)         -- no real choice was skipped
          assert.same(taps(g1, a1), taps(g2, a2), text .. " seed " .. seed)
          assert.equal(g1:state_hash(), g2:state_hash(), text .. " seed " .. seed)
        else
          assert.equal(before, g2:state_hash())                    -- declined: nothing changed (422)
          if #asked > 0 then asks = asks + 1 end
          if not ok then short = short + 1 end
        end
      end
    end
    -- all three cases occur: paid by the core, a question left to the general path, not payable
    assert.is_true(fast >= H.part(150) and asks >= H.part(20) and short >= H.part(50), fast .. " paid, " .. asks .. " asked, " .. short .. " short")
  end)

  it("Tundra and Birds for {W}: a choice, declined; {G} from a Bayou's second ability; {U}{U} refused (212.6e, 407)",
    function()
    local g, ann = H.game()
    local t = g:create(DEFS[1], { owner = ann, zone = "battlefield" })
    local b = g:create(DEFS[7], { owner = ann, zone = "battlefield" })
    local bayou = g:create(DEFS[3], { owner = ann, zone = "battlefield" })
    -- {W}: the Tundra and Birds both make it (different abilities: a real choice, 409.1f)
    assert.is_false(GI._pay_simple(g, ann, 1, 0, 0, 0, 0, 0, I._mana_code_of))
    assert.is_false(t.tapped or b.tapped)
    -- {G} with Birds tapped: only the Bayou, its second ability ("{T}: add {G}": its Forest type)
    b:tap()
    assert.is_true(GI._pay_simple(g, ann, 0, 0, 0, 0, 1, 0, I._mana_code_of))
    assert.is_true(bayou.tapped)
    assert.same({ 0, 0, 0, 0, 0, 0 }, { ann.mana.white, ann.mana.blue, ann.mana.black, ann.mana.red,
      ann.mana.green, ann.mana.colorless })                        -- {G} made and spent
    -- {U}{U} with one Tundra left: can't pay (407), nothing tapped
    assert.is_false(GI._pay_simple(g, ann, 0, 2, 0, 0, 0, 0, I._mana_code_of))
    assert.is_false(t.tapped)
    -- {1}: the Tundra's first ability ({W}, its Plains type) makes the mana, then it is spent
    assert.is_true(GI._pay_simple(g, ann, 0, 0, 0, 0, 0, 1, I._mana_code_of))
    assert.is_true(t.tapped)
    local last = H.events(g, "mana")
    assert.equal(1, last[#last].amount)
    assert.equal(t, last[#last].card)
  end)

  -- The core's payment (done, or the unpaid slot and what it was short) against the general
  -- path's (ok, err) on a like game: the same taps and hash when paid; when not, nothing
  -- changed (422) and, where a pick left a symbol unpaid, the same failure (407).
  local SLOTS = { "white", "blue", "black", "red", "green", "generic" }
  -- the general path pays cost from a's permanents (only them: the core's sources), as g:cast would
  local function general_pays(g, a, cost)
    local only = {}
    for _, c in ipairs(g:permanents(a)) do only[c] = true end
    return pcall(I._atomic, g, I._pay_mana, a, cost, 0, "spec", nil, only)
  end

  local function same_outcome(where, ok, err, g1, a1, g2, a2, before, done, slot, short)
    if done then
      assert.is_true(ok, where)
      assert.same(taps(g1, a1), taps(g2, a2), where)
      assert.equal(g1:state_hash(), g2:state_hash(), where)
      return "paid"
    end
    assert.equal(before, g2:state_hash(), where)
    if not slot then return nil end
    assert.is_false(ok, where)
    assert.truthy(tostring(err):find(short .. " " .. SLOTS[slot] .. " short", 1, true), where .. ": " .. tostring(err))
    return "failed"
  end

  -- The core asks where the player would be asked (409.1f), by position: an agent of
  -- arbiter.agents answers among the candidates (every unused source that makes the kind,
  -- battlefield order) without the options made (internal._ask_index), and the core's plan goes
  -- on from the choice with each answer (arb_mana_resume: its pool, sources used and place kept
  -- between the calls; boards with two or more questions resume more than once). The same
  -- sources, order, pool and hash as the general path asking the same agent, and the same draws
  -- (the same questions); a pick that leaves a symbol unpaid fails as the general path fails
  -- (407), nothing changed (422).
  it("a real choice answered by position: the same payment and questions as the general path (409.1f, 407)",
    function()
    local function ask(g, p, n) return I._ask_index(g, p, "mana", n) end
    local paid, failed, asked, again = 0, 0, 0, 0
    for seed = 1, H.seeds(80) do
      for _, text in ipairs(COSTS) do
        local cost = assert(arbiter.parse_cost(text))
        local g1, a1 = board(seed, {})
        local r1 = arbiter.agents.random(seed)
        g1:set_agent(a1, r1)
        local ok, err = general_pays(g1, a1, cost)
        local g2, a2 = board(seed, {})
        local r2 = arbiter.agents.random(seed)
        g2:set_agent(a2, r2)
        local before = g2:state_hash()
        local n = 0
        local done, slot, short = GI._pay_simple(g2, a2, cost.white, cost.blue, cost.black, cost.red, cost.green,
          cost.generic, I._mana_code_of, function(g, p) return function(_, _, m) n = n + 1; return ask(g, p, m) end end)
        local where = text .. " seed " .. seed
        if n > 0 then asked = asked + 1 end
        if n > 1 then again = again + 1 end
        local got = same_outcome(where, ok, err, g1, a1, g2, a2, before, done, slot, short)
        paid, failed = paid + (got == "paid" and 1 or 0), failed + (got == "failed" and 1 or 0)
        if not done and not slot then assert.equal(0, n, where) end  -- declined before any question
        if done or slot then                                        -- the same questions were asked
          assert.equal(r1.choose(a1, "next", { 1, 2, 3, 4, 5, 6, 7 }), r2.choose(a2, "next", { 1, 2, 3, 4, 5, 6, 7 }),
            where)
        end
      end
    end
    assert.is_true(paid >= H.part(400) and asked >= H.part(150) and failed >= H.part(10) and again >= H.part(40),
      paid .. " paid, " .. asked .. " asked, " .. again .. " asked twice or more, " .. failed .. " failed after a pick")
  end)

  -- Celestial Prism ("{2},{T}: add one mana of any color"): a mana ability with a mana cost, which
  -- the payment plays only for a colored symbol still short (409.1f). The core leaves it out of
  -- its plan (ARB_MANA_CONVERTER) and pays when nothing is short, its real choices of source asked
  -- by position; a color short goes to the general path before anything is tapped, with the
  -- answers to the picks asked before (its first questions: not asked again). A whole payment
  -- (arbiter._pay_mana, the fast path first) against the general path alone, random agents: the
  -- same taps, pool, hash, failure and later draws.
  it("with Celestial Prism: the core pays what needs no Prism, the general path the rest (409.1f, 407)", function()
    local alpha = require("arbiter.sets.alpha")
    local MORE = { "{B}", "{R}{G}", "{1}{B}", "{W}{B}", "{G}{G}" }
    local fast, declined, failed, n = 0, 0, 0, 0
    for seed = 1, H.seeds(60) do
      for k = 1, #COSTS + #MORE do
        local text = COSTS[k] or MORE[k - #COSTS]
        local cost = assert(arbiter.parse_cost(text))
        local function setup()
          local g, a = board(seed, {})
          local r = lcg(seed * 13 + 5)
          local agent = arbiter.agents.random(seed)
          g:set_agent(a, agent)
          local prism = g:create(alpha["Celestial Prism"], { owner = a, zone = "battlefield" })
          if r(5) == 1 then prism:tap() end
          if r(3) == 1 then g:create(alpha["Celestial Prism"], { owner = a, zone = "battlefield" }) end
          return g, a, agent
        end
        local where = text .. " seed " .. seed
        both_ways(setup, cost, 0, where)
        -- the core alone on a third board: paid, or declined with nothing changed
        local g3, a3 = setup()
        local before = g3:state_hash()
        local done, slot = GI._pay_simple(g3, a3, cost.white, cost.blue, cost.black, cost.red, cost.green,
          cost.generic, I._mana_code_of, ANSWERS)
        if done then fast = fast + 1
        elseif slot then failed = failed + 1
        else
          declined = declined + 1
          assert.equal(before, g3:state_hash(), where)
        end
        n = n + 1
      end
    end
    assert.is_true(fast >= H.part(380) and declined >= H.part(350) and failed >= H.part(100), fast .. " paid by the core, " .. declined
      .. " declined, " .. failed .. " failed, of " .. n)
  end)

  -- board(seed) with a Mountain and one to three of Gauntlet of Might, Mana Flare and Wild Growth
  -- (on one of a's lands), either player's, drawn by r; a's agent random: g, a, agent, a's lands
  local function mana_trigger_board(seed, r)
    local alpha = require("arbiter.sets.alpha")
    local TRIGGERS = { alpha["Gauntlet of Might"], alpha["Mana Flare"], alpha["Wild Growth"] }
    local g, a = board(seed, {})
    local agent = arbiter.agents.random(seed)
    g:set_agent(a, agent)
    g:create(alpha["Mountain"], { owner = a, zone = "battlefield" })
    local lands = g:permanents(a)
    for _ = 1, r(3) do
      local def = TRIGGERS[r(3)]
      local t = g:create(def, { owner = r(3) == 1 and g.players[2] or a, zone = "battlefield" })
      if def == alpha["Wild Growth"] then g:attach(t, lands[r(#lands)]) end
    end
    return g, a, agent, lands
  end

  -- Triggered mana abilities declared by their shape (406.1b; g:trigger{mana = true, adds}):
  -- Gauntlet of Might (a Mountain: the Plateau too), Mana Flare (one mana of the kind the land
  -- made: a dual land's chosen color) and Wild Growth (the enchanted land), several at once,
  -- either player's. The core's plan adds their mana as each source is tapped (the general path
  -- reads its pool again after each), tapping the sources fires them through the mana event's
  -- pipeline: the same sources, order, pool, hash and failures as the general path (409.1f, 407).
  it("with Gauntlet of Might, Mana Flare and Wild Growth: the core pays as the general path (406.1b, 407)", function()
    local paid, failed, extra = 0, 0, 0
    local MORE = { "{R}{R}", "{G}{G}", "{2}{R}{R}", "{W}{W}{R}", "{4}", "{1}{G}{G}{G}" }
    for seed = 1, H.seeds(60) do
      for k = 1, #COSTS + #MORE do
        local text = COSTS[k] or MORE[k - #COSTS]
        local cost = assert(arbiter.parse_cost(text))
        local function setup()
          local g, a = mana_trigger_board(seed, lcg(seed * 17 + 3))
          return g, a
        end
        local g1, a1 = setup()
        local ok, err = general_pays(g1, a1, cost)
        local g2, a2 = setup()
        local before = g2:state_hash()
        local xs = assert(I._declared_extras(g2, a2))
        local done, slot, short = GI._pay_simple(g2, a2, cost.white, cost.blue, cost.black, cost.red, cost.green,
          cost.generic, I._mana_code_of, nil, nil, xs)
        local got = same_outcome(text .. " seed " .. seed, ok, err, g1, a1, g2, a2, before, done, slot, short)
        paid, failed = paid + (got == "paid" and 1 or 0), failed + (got == "failed" and 1 or 0)
        if got == "paid" and #xs > 0 then extra = extra + 1 end
      end
    end
    assert.is_true(paid >= H.part(300) and extra >= H.part(200) and failed >= H.part(20), paid .. " paid, " .. extra .. " with their mana, "
      .. failed .. " failed")
  end)

  -- The same with Psychic Venom beside them (a triggered ability on the enchanted land's "tap"
  -- events that isn't a mana ability: it waits for the stack, 410.3-410.4 of the era): the core
  -- pays with the declared mana (g:_mana_adds(true), arbiter._pay_mana's), the Venoms trigger as
  -- the general path's taps trigger them. An observer of taps that adds mana (g:on) is another
  -- matter: the general path reads the pool again after each tap, the core can't, so it declines
  -- (no declared mana given) and the general path pays. A whole payment (the fast path first)
  -- against the general path alone, random agents: the same taps, pool, hash, failures and
  -- later draws; the core alone on a third board, its Venoms' triggers waiting as the general path's.
  it("with Psychic Venom beside declared triggered mana abilities: the core pays as the general path (410, 407)",
    function()
    local alpha = require("arbiter.sets.alpha")
    local MORE = { "{R}{R}", "{G}{G}", "{2}{R}{R}", "{W}{W}{R}", "{4}", "{1}{G}{G}{G}" }
    local paid, venom, observed, n = 0, 0, 0, 0
    for seed = 1, H.seeds(40) do
      for k = 1, #COSTS + #MORE do
        local text = COSTS[k] or MORE[k - #COSTS]
        local cost = assert(arbiter.parse_cost(text))
        local watch = seed % 5 == 0             -- an observer of taps adding {G}
        local function setup()
          local r = lcg(seed * 13 + 7)
          local g, a, agent, lands = mana_trigger_board(seed, r)
          for _ = 1, r(2) do
            g:attach(g:create(alpha["Psychic Venom"], { owner = r(2) == 1 and g.players[2] or a,
              zone = "battlefield" }), lands[r(#lands)])
          end
          if watch then
            g:on("tap", function(ev, game) if ev.card.controller == a then game:add_mana(a, "{G}") end end)
          end
          return g, a, agent
        end
        local where = text .. " seed " .. seed
        local g1, ok = both_ways(setup, cost, 0, where)
        local g3, a3 = setup()
        local before = g3:state_hash()
        local xs = I._declared_extras(g3, a3, true)
        assert.equal(watch, xs == nil, where)     -- (the observer: no declared mana, the general path's)
        if xs then
          local done = GI._pay_simple(g3, a3, cost.white, cost.blue, cost.black, cost.red, cost.green, cost.generic,
            I._mana_code_of, ANSWERS, nil, xs)
          if done then
            paid = paid + 1
            assert.is_true(ok, where)
            assert.equal(g1:state_hash(), g3:state_hash(), where)
            local tapped = false             -- (a Venom's land tapped: its trigger waits)
            for _, q in ipairs(g3.players) do
              for _, c in ipairs(g3:permanents(q)) do
                if c.name == "Psychic Venom" and c.attached_to and c.attached_to.tapped then tapped = true end
              end
            end
            if tapped then venom = venom + 1 end
          else assert.equal(before, g3:state_hash(), where) end
        else observed = observed + 1 end
        n = n + 1
      end
    end
    assert.is_true(paid >= H.part(330) and venom >= H.part(170) and observed >= H.part(120), paid .. " paid by the core, " .. venom
      .. " with a Venom's land tapped, " .. observed .. " with an observer of taps, of " .. n)
  end)

  -- {X} (107.3): the payment pays the printed generic symbols first, then X, so what X took is
  -- known by pool slot (obj.x_spent: Illusionary Mask reads it). The core's payment is given how
  -- many of generic are X's (arb_mana_answers.xs) and pays them last, colorless then W..G from
  -- the pool, then sources, as the general path's second part: a whole payment (arbiter._pay_mana,
  -- the fast path first) against the general path alone, sometimes with declared triggered mana
  -- abilities (406.1b), random agents: the same taps, pool, hash, X's mana by slot, failure and
  -- later draws; and the core alone on a third board, paid with the general path's X mana.
  it("{X} paid after the printed generic symbols: the core pays as the general path, X's mana by slot (407)",
    function()
    local alpha = require("arbiter.sets.alpha")
    local TRIGGERS = { alpha["Gauntlet of Might"], alpha["Mana Flare"], alpha["Wild Growth"] }
    local XCOSTS = { "{X}", "{1}{X}", "{X}{R}", "{2}{X}{U}", "{X}{X}{G}", "{W}{X}", "{X}{X}" }
    local fast, with_x, failed, n = 0, 0, 0, 0
    for seed = 1, H.seeds(60) do
      for k = 1, #XCOSTS do
        local cost = assert(arbiter.parse_cost(XCOSTS[k]))
        local x = (seed + k) % 5
        local function setup()
          local g, a = board(seed, {})
          local agent = arbiter.agents.random(seed)
          g:set_agent(a, agent)
          local r = lcg(seed * 7 + k)
          if r(3) == 1 then g:add_mana(a, ({ "{1}", "{R}{G}", "{2}{U}" })[r(3)]) end
          if r(3) == 1 then                       -- declared triggered mana abilities
            local lands = g:permanents(a)
            local def = TRIGGERS[r(3)]
            local t = g:create(def, { owner = a, zone = "battlefield" })
            if def == alpha["Wild Growth"] and #lands > 0 then g:attach(t, lands[r(#lands)]) end
          end
          return g, a, agent
        end
        local where = XCOSTS[k] .. " x " .. x .. " seed " .. seed
        local g1, _, spent1 = both_ways(setup, cost, x, where)
        -- the core alone: paid with the general path's X mana, or declined with nothing changed
        local g3, a3 = setup()
        local before = g3:state_hash()
        local xs = cost.x * x
        local done, spent3 = GI._pay_simple(g3, a3, cost.white, cost.blue, cost.black, cost.red, cost.green,
          cost.generic + xs, I._mana_code_of, ANSWERS, nil,
          I._declared_extras(g3, a3), xs)
        if done then
          fast = fast + 1
          assert.same(spent1, spent3, where)
          assert.equal(g1:state_hash(), g3:state_hash(), where)
          if xs > 0 then with_x = with_x + 1 end
        elseif spent3 then failed = failed + 1
        else assert.equal(before, g3:state_hash(), where) end
        n = n + 1
      end
    end
    assert.is_true(fast >= H.part(180) and with_x >= H.part(120) and failed >= H.part(150), fast .. " paid by the core, " .. with_x
      .. " with X, " .. failed .. " failed, of " .. n)
  end)

  -- A land whose land type an effect set (212.6e: Evil Presence, "enchanted land is a Swamp";
  -- Conversion, "all Mountains are Plains": a Plateau is a Plains only) has its new type's
  -- one "{T}: add" ability: the core marks its abilities changed (a source it doesn't model),
  -- and the host describes it as a choice of one (list.code). Where such a source and another
  -- make the same mana, only the host's lists tell whether they play the same ability: the core
  -- sends the payment back, with the answers to the picks it asked before, which the general
  -- path uses for its first questions (asked again, the agent would draw again). A whole payment
  -- (the fast path first) against the general path alone, random agents: the same taps, pool,
  -- hash, failure and later draws; and the core alone on a third board, paid with a changed
  -- land tapped. A changed permanent tapped (the core can't tell whether it still has a mana
  -- ability without {T}) is left out when the host says it has none (ARB_MANA_NONE), else the
  -- general path pays (a Petal's "{1}: add {R}", 409.1f).
  it("a land whose land type an effect set: the core pays with its one ability as the general path (212.6e, 407)",
    function()
    local alpha = require("arbiter.sets.alpha")
    local MORE = { "{B}", "{B}{B}", "{1}{B}", "{R}", "{W}{W}" }
    local PETAL = arbiter.card{ name = "Petal", types = { "Artifact" }, activated = { { cost = "{1}", mana = "{R}" } } }
    local fast, changed, failed, n = 0, 0, 0, 0
    for seed = 1, H.seeds(60) do
      for k = 1, #COSTS + #MORE do
        local text = COSTS[k] or MORE[k - #COSTS]
        local cost = assert(arbiter.parse_cost(text))
        local function setup()
          local g, a = board(seed, {})
          local agent = arbiter.agents.random(seed)
          g:set_agent(a, agent)
          local r = lcg(seed * 11 + 1)
          local lands = g:permanents(a)
          local set = {}
          for _ = 1, r(2) do
            local target = lands[r(#lands)]
            g:attach(g:create(alpha["Evil Presence"], { owner = r(3) == 1 and g.players[2] or a,
              zone = "battlefield" }), target)
            set[target] = true
          end
          if r(2) == 1 then
            g:create(alpha["Conversion"], { owner = a, zone = "battlefield" })
            g:create(DEFS[2], { owner = a, zone = "battlefield" })   -- a Plateau, a Plains now
          end
          if r(3) == 1 then     -- tapped, changed: a mana ability without {T} it can still play (409.1f)
            local petal = g:create(PETAL, { owner = a, zone = "battlefield" })
            petal:tap()
            g:attach(g:create(alpha["Evil Presence"], { owner = a, zone = "battlefield" }), petal)
          end
          return g, a, agent, set
        end
        local where = text .. " seed " .. seed
        local g1 = both_ways(setup, cost, 0, where)
        local g3, a3, _, set = setup()
        local before = g3:state_hash()
        local done, slot = GI._pay_simple(g3, a3, cost.white, cost.blue, cost.black, cost.red, cost.green,
          cost.generic, I._mana_code_of, ANSWERS)
        if done then
          fast = fast + 1
          assert.equal(g1:state_hash(), g3:state_hash(), where)
          for c in pairs(set) do if c.tapped then changed = changed + 1; break end end
        elseif slot then failed = failed + 1
        else assert.equal(before, g3:state_hash(), where) end
        n = n + 1
      end
    end
    assert.is_true(fast >= H.part(270) and changed >= H.part(150) and failed >= H.part(240), fast .. " paid by the core, " .. changed
      .. " with a changed land tapped, " .. failed .. " failed, of " .. n)
  end)

  -- A source whose one mana ability makes several mana of one kind (Sol Ring "{T}: add {2}",
  -- Mana Vault and Basalt Monolith "{T}: add {3}"; the core marks them sources it doesn't model,
  -- the host describes each as a choice of one with its amount, ARB_MANA_AMOUNT): all its mana
  -- joins the pool as the general path adds it, what the cost doesn't take stays there. A whole
  -- payment (the fast path first) against the general path alone, random agents: the same taps,
  -- pool, hash, failure and later draws; and the core alone on a third board, such a source tapped.
  it("Sol Ring, Mana Vault, Basalt Monolith: the core pays with all their mana as the general path (406.1, 407)",
    function()
    local alpha = require("arbiter.sets.alpha")
    local MANY = { alpha["Sol Ring"], alpha["Mana Vault"], alpha["Basalt Monolith"] }
    local MORE = { "{4}", "{5}", "{2}{R}", "{1}{W}{U}", "{6}" }
    local fast, many, failed, n = 0, 0, 0, 0
    for seed = 1, H.seeds(60) do
      for k = 1, #COSTS + #MORE do
        local text = COSTS[k] or MORE[k - #COSTS]
        local cost = assert(arbiter.parse_cost(text))
        local function setup()
          local g, a = board(seed, {})
          local agent = arbiter.agents.random(seed)
          g:set_agent(a, agent)
          local r = lcg(seed * 19 + 2)
          local set = {}
          for _ = 1, r(3) do
            local c = g:create(MANY[r(3)], { owner = a, zone = "battlefield" })
            if r(5) == 1 then c:tap() end
            set[c] = true
          end
          return g, a, agent, set
        end
        local where = text .. " seed " .. seed
        local g1 = both_ways(setup, cost, 0, where)
        local g3, a3, _, set = setup()
        local untapped = {}
        for c in pairs(set) do untapped[c] = not c.tapped end
        local before = g3:state_hash()
        local done, slot = GI._pay_simple(g3, a3, cost.white, cost.blue, cost.black, cost.red, cost.green,
          cost.generic, I._mana_code_of, ANSWERS)
        if done then
          fast = fast + 1
          assert.equal(g1:state_hash(), g3:state_hash(), where)
          for c in pairs(set) do if untapped[c] and c.tapped then many = many + 1; break end end
        elseif slot then failed = failed + 1
        else assert.equal(before, g3:state_hash(), where) end
        n = n + 1
      end
    end
    assert.is_true(fast >= H.part(500) and many >= H.part(240) and failed >= H.part(330), fast .. " paid by the core, " .. many
      .. " with such a source tapped, " .. failed .. " failed, of " .. n)
  end)

  -- Mana spent as another color (rules.mana_as, Sunglasses of Urza: "you may spend white mana
  -- as though it were red mana"): the core takes it as a mask (bit 5 * from + to). A colored
  -- symbol takes its own color from the pool, else the first color there that may be spent as
  -- it, else a source that makes the color or one spent as it (a choice source's first such
  -- ability); a color left short takes what the later colors left of what may be spent as it.
  -- The same sources, order, pool, hash and failures as the general path (409.1f, 407).
  it("mana spent as another color: the core pays as the general path (409.1f, 407)", function()
    local colors = { "white", "blue", "black", "red", "green" }
    local paid, failed, with_as = 0, 0, 0
    for seed = 1, H.seeds(60) do
      for _, text in ipairs(COSTS) do
        local cost = assert(arbiter.parse_cost(text))
        local function setup()
          local g, a = board(seed, {})
          g:set_agent(a, arbiter.agents.random(seed))
          local r = lcg(seed * 31 + 7)
          local map = {}
          for _ = 1, r(3) do
            local from, to = colors[r(5)], colors[r(5)]
            map[from] = map[from] or {}
            map[from][#map[from] + 1] = to
          end
          g:add_static{ affects = a, rules = { mana_as = map } }
          if r(3) == 1 then g:add_mana(a, ({ "{W}", "{R}", "{W}{U}" })[r(3)]) end
          return g, a
        end
        local g1, a1 = setup()
        local ok, err = general_pays(g1, a1, cost)
        local g2, a2 = setup()
        local as = I._mana_as(g2, a2)
        local mask = 0
        for i = 1, 5 do
          for k = 1, 5 do
            if as and as[colors[i]] and as[colors[i]][colors[k]] then mask = mask + 2 ^ (5 * (i - 1) + k - 1) end
          end
        end
        if mask > 0 then with_as = with_as + 1 end
        local before = g2:state_hash()
        local done, slot, short = GI._pay_simple(g2, a2, cost.white, cost.blue, cost.black, cost.red, cost.green,
          cost.generic, I._mana_code_of, ANSWERS, math.floor(mask))
        local where = text .. " seed " .. seed
        local got = same_outcome(where, ok, err, g1, a1, g2, a2, before, done, slot, short)
        paid, failed = paid + (got == "paid" and 1 or 0), failed + (got == "failed" and 1 or 0)
      end
    end
    assert.is_true(paid >= H.part(300) and failed >= H.part(50) and with_as >= H.part(500), paid .. " paid, " .. failed .. " failed, "
      .. with_as .. " with mana spent as another color")
  end)

  -- An observer of "tap" events is host code that may ask the same player something as each
  -- source taps (a replacement too): the general path asks the player's picks between its
  -- taps, so the core leaves such a payment to it (the same draws in the same order). A
  -- triggered ability waits for the stack (Lifetap: its condition only reads), so there the
  -- core asks as usual.
  it("a choice of source beside an observer of taps: the general path asks between taps (409.1f, 410)", function()
    local function setup(extra)
      local g, ann = H.game()
      g:create(DEFS[1], { owner = ann, zone = "battlefield" })     -- Tundra
      g:create(DEFS[4], { owner = ann, zone = "battlefield" })     -- Plains
      g:create(DEFS[7], { owner = ann, zone = "battlefield" })     -- Birds
      g:set_agent(ann, arbiter.agents.random(5))
      extra(g, ann)
      return g, ann
    end
    local calls = 0
    local function ask(g, p)
      return function(_, _, n) calls = calls + 1; return I._ask_index(g, p, "mana", n) end
    end
    local g, ann = setup(function(game, p) game:on("tap", function() arbiter.ask_may(game, p, "look") end) end)
    assert.is_false(GI._pay_simple(g, ann, 2, 0, 0, 0, 0, 0, I._mana_code_of, ask))
    assert.equal(0, calls)
    g, ann = setup(function(game, p) game:on("mana", function() arbiter.ask_may(game, p, "look") end) end)
    assert.is_false(GI._pay_simple(g, ann, 2, 0, 0, 0, 0, 0, I._mana_code_of, ask))
    assert.equal(0, calls)
    g, ann = setup(function(game, p)
      game:trigger{ event = "tap", controller = p, condition = function() return false end, effect = function() end }
      game:on("mana_removed", function() end)                       -- (another named event's)
    end)
    assert.is_true(GI._pay_simple(g, ann, 2, 0, 0, 0, 0, 0, I._mana_code_of, ask))
    assert.is_true(calls >= 1)
  end)

  -- Weak spot fixed: two sources of the same name and abilities as the core sees them (a
  -- "Grove" each granted "{T}: add {R}" by an effect of its own) are not copies to the general
  -- path (each red ability is its effect's own: the player chooses, 409.1f). An effect changed
  -- their abilities (xact), so the core can't tell: it leaves the payment to the general path.
  it("sources whose abilities effects changed: the core leaves the choice to the general path (409.1f)", function()
    local grove = arbiter.card{ name = "Grove", types = { "Land" }, activated = { { cost = "{T}", mana = "{G}" } } }
    local g, ann = H.game()
    local w1 = g:create(grove, { owner = ann, zone = "battlefield" })
    local w2 = g:create(grove, { owner = ann, zone = "battlefield" })
    g:add_static{ affects = w1, activated = { { cost = "{T}", mana = "{R}" } } }
    g:add_static{ affects = w2, activated = { { cost = "{T}", mana = "{R}" } } }
    local asked = {}
    g:set_agent(ann, { choose = function(_, what, o) asked[#asked + 1] = what .. #o; return o[2] end })
    assert.is_false(GI._pay_simple(g, ann, 0, 0, 0, 1, 0, 0, I._mana_code_of, FIRST))
    assert.is_false(w1.tapped or w2.tapped)
    g:add_mana(ann, "{G}")                            -- (the general path pays {R}{G}: the pool's {G})
    I._atomic(g, I._pay_mana, ann, assert(arbiter.parse_cost("{R}{G}")), 0, "spec")
    assert.same({ "mana2" }, asked)                   -- asked: the two red abilities differ
    assert.is_true(w2.tapped and not w1.tapped)
  end)

  -- A choice source's code (code_of) read once per definition while the source is untapped and its
  -- abilities are its definition's (g:_pay_simple's codes table, arbiter._pay_mana's), read each
  -- time once an effect changed them (212.6e: Evil Presence makes a Tundra a Swamp): the payment
  -- is the changed land's (a wrong code remembered: the Tundra's {W} paid by a Swamp).
  it("choice sources' codes remembered by definition, a changed land's read each time (212.6e, 409.1f)", function()
    local alpha = require("arbiter.sets.alpha")
    local g, ann = H.game()
    local t1 = g:create(DEFS[1], { owner = ann, zone = "battlefield" })
    local t2 = g:create(DEFS[1], { owner = ann, zone = "battlefield" })
    local asked, codes = {}, setmetatable({}, { __mode = "k" })
    local function code_of(c, tapped) asked[#asked + 1] = c; return I._mana_code_of(c, tapped) end
    local function pay(w, b)
      return GI._pay_simple(g, ann, w, 0, b, 0, 0, 0, code_of, FIRST, nil, nil, 0, codes)
    end
    assert.is_true(pay(1, 0))                        -- the first Tundra's {W}: its code asked once
    assert.same({ t1 }, asked)
    t1:untap()
    assert.is_true(pay(1, 0))                        -- remembered: not asked again
    assert.same({ t1 }, asked)
    assert.is_true(t1.tapped and not t2.tapped)
    t1:untap()
    g:attach(g:create(alpha["Evil Presence"], { owner = ann, zone = "battlefield" }), t1)
    assert.is_true(pay(0, 1))                        -- the changed one's read: {B} from it (a Swamp now)
    assert.same({ t1, t1 }, asked)
    assert.is_true(t1.tapped and not t2.tapped)
    t1:untap()
    assert.is_false(pay(2, 0))                       -- {W}{W}: one Tundra left that makes {W}
    assert.is_false(t1.tapped or t2.tapped)
  end)

  -- Two definitions with the same name and the same ability text are not copies to the general
  -- path (each ability is its own definition's: the player chooses, 409.1f); the core, which
  -- took sources of one name and one "{T}: add" as copies, leaves it to the general path, on the
  -- payment alone and on a whole cast (the plain cast, lcast_plain.c).
  it("two definitions sharing a name and an ability: the core leaves the choice to the general path (409.1f)", function()
    local function grove() return arbiter.card{ name = "Twin Grove", types = { "Land" }, activated = { { cost = "{T}", mana = "{G}" } } } end
    local growth = arbiter.card{ name = "Twin Growth", types = { "Sorcery" }, cost = "{G}" }
    local function two(d1, d2)
      local g, ann = H.game()
      local w1 = g:create(d1, { owner = ann, zone = "battlefield" })
      local w2 = g:create(d2, { owner = ann, zone = "battlefield" })
      local asked = {}
      g:set_agent(ann, { choose = function(_, what, o) asked[#asked + 1] = what .. #o; return o[2] end })
      return g, ann, w1, w2, asked
    end
    local first, second = grove(), grove()
    -- copies (one definition): the core pays, nobody is asked
    local g, ann, w1, w2, asked = two(first, first)
    assert.is_true(GI._pay_simple(g, ann, 0, 0, 0, 0, 1, 0, I._mana_code_of, FIRST))
    assert.is_true(w1.tapped and not w2.tapped)
    assert.same({}, asked)
    -- two definitions, either made first: the core declines, the general path asks
    for _, pair in ipairs({ { first, second }, { second, first } }) do
      g, ann, w1, w2, asked = two(pair[1], pair[2])
      assert.is_false(GI._pay_simple(g, ann, 0, 0, 0, 0, 1, 0, I._mana_code_of, FIRST))
      assert.is_false(w1.tapped or w2.tapped)
      I._atomic(g, I._pay_mana, ann, assert(arbiter.parse_cost("{G}")), 0, "spec")
      assert.same({ "mana2" }, asked)
      assert.is_true(w2.tapped and not w1.tapped)
      -- a whole cast in the main phase: the same question, the same source
      g, ann, w1, w2, asked = two(pair[1], pair[2])
      local spell = g:create(growth, { owner = ann, zone = "hand" })
      g:cast(ann, spell)
      assert.same({ "mana2" }, asked)
      assert.is_true(w2.tapped and not w1.tapped)
    end
  end)
end)

-- ---------------------------------------------------------------- answered by position

-- A payment's source answered by position (lua/arbiter/mana.lua's pick_source, ask.lua's
-- internal._ask_index): where the sources that could pay a symbol differ, the player chooses
-- one (409.1f: mana abilities are played while paying; 406.1). An agent of arbiter.agents whose
-- choose answers by the number of options only (random, default, simple) is answered without
-- the options or the ctx made: the same source, the same draws, so the same game as when its
-- choose is asked with the options. Not during a recording (each answer noted by its index),
-- and a payment tried (arbiter._can_pay) asks nobody and takes the first (422: undone).
local PICK_COSTS = { "{W}", "{U}", "{1}", "{2}", "{W}{U}", "{1}{W}", "{2}{R}", "{B}{G}", "{W}{W}", "{3}" }

-- Ann's board of `seed` (up to six sources of the kinds above, some tapped), her agent `agent`
local function board_with(seed, agent)
  local g, ann = H.game()
  local r = lcg(seed)
  for _ = 1, r(6) do
    local c = g:create(DEFS[r(#DEFS)], { owner = ann, zone = "battlefield" })
    if r(6) == 1 then c:tap() end
  end
  if agent then g:set_agent(ann, agent) end
  return g, ann
end

-- the general path's payment (`only`: every permanent of Ann's, so the core's fast path doesn't
-- answer first): true when paid
local function pay(g, ann, text)
  local only = {}
  for _, c in ipairs(g:permanents(ann)) do only[c] = true end
  return (pcall(I._atomic, g, I._pay_mana, ann, assert(arbiter.parse_cost(text)), 0, "spec", nil, only))
end

-- agent a's choose behind a function of its own: not known to answer by position, so it is
-- asked with the options (its draws are the same); asked[what] counts the questions
local function wrapped(a, asked)
  return { choose = function(p, what, options, ctx)
    asked[what] = (asked[what] or 0) + 1
    return a.choose(p, what, options, ctx)
  end }
end

describe("a payment's source answered by position (409.1f)", function()
  it("random and default agents: the same sources, pool, game and later draws as asked with the options", function()
    local asked, paid = {}, 0
    for seed = 1, H.seeds(60) do
      for _, text in ipairs(PICK_COSTS) do
        for _, make in ipairs({ function() return arbiter.agents.random(seed) end,
                                function() return arbiter.agents.default end }) do
          local a1, a2 = make(), make()
          local g1, ann1 = board_with(seed, a1)                 -- answered by position
          local g2, ann2 = board_with(seed, wrapped(a2, asked)) -- asked with the options
          local ok1, ok2 = pay(g1, ann1, text), pay(g2, ann2, text)
          assert.equal(ok2, ok1, text .. " seed " .. seed)
          if ok1 then paid = paid + 1 end
          assert.same(taps(g2, ann2), taps(g1, ann1), text .. " seed " .. seed)
          assert.equal(g2:state_hash(), g1:state_hash(), text .. " seed " .. seed)
          -- the same draws so far: the next answer of each agent is the same
          local opts = {}
          for i = 1, 97 do opts[i] = i end
          assert.equal(a2.choose(ann2, "next", opts, {}), a1.choose(ann1, "next", opts, {}))
        end
      end
    end
    -- real choices were made (the wrapped agent was asked), and many costs were paid
    assert.is_true((asked.mana or 0) >= H.part(100) and paid >= H.part(500), (asked.mana or 0) .. " asked, " .. paid .. " paid")
  end)

  it("Tundra and Plains for {W}: the random agent's pick by position taps the same land as its asked pick", function()
    for seed = 1, 20 do
      local picks = {}
      for k, agent in ipairs({ arbiter.agents.random(seed), wrapped(arbiter.agents.random(seed), {}) }) do
        local g, ann = H.game()
        local tundra = g:create(DEFS[1], { owner = ann, zone = "battlefield" })
        g:create(DEFS[4], { owner = ann, zone = "battlefield" })
        g:set_agent(ann, agent)
        assert.is_true(pay(g, ann, "{W}"))
        picks[k] = tundra.tapped
      end
      assert.equal(picks[2], picks[1], "seed " .. seed)
    end
  end)

  it("a payment tried (can_cast) asks no agent and answers as the first option would (422: undone)", function()
    local g, ann = H.game()
    g:create(DEFS[1], { owner = ann, zone = "battlefield" })   -- Tundra
    g:create(DEFS[4], { owner = ann, zone = "battlefield" })   -- Plains
    g:set_agent(ann, { choose = function() error("asked during a tried payment") end })
    local before = g:state_hash()
    assert.is_true(I._payment_tried(g, ann, assert(arbiter.parse_cost("{W}{1}")), 0))
    assert.is_false(I._payment_tried(g, ann, assert(arbiter.parse_cost("{W}{W}{W}")), 0))
    assert.equal(before, g:state_hash())
  end)

  it("while recording, the agent is asked with the options and the answer noted by index; it replays", function()
    local spell = arbiter.card{ name = "Spell", types = { "Sorcery" }, cost = "{W}{W}{1}" }
    for seed = 1, 10 do
      local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1, record = true }
      local ann = g.players[1]
      for _, k in ipairs({ 1, 4, 7, 1, 2 }) do g:create(DEFS[k], { owner = ann, zone = "battlefield" }) end
      local card = g:create(spell, { owner = ann, zone = "hand" })
      g:set_agent(ann, arbiter.agents.random(seed))   -- (by position when not recording)
      g:cast(ann, card)
      local noted = 0
      for _, step in ipairs(g:recording().steps) do
        for _, c in ipairs(step.choices) do
          if c.what == "mana" then noted = noted + 1; assert.is_number(c.answer.index) end
        end
      end
      assert.is_true(noted >= 1, noted .. " noted")
      local replayed, err = arbiter.replay(g:recording())
      assert.is_truthy(replayed, err)
      assert.equal(g:state_hash(), replayed:state_hash())
    end
  end)

  it("ask_choose: the random agent answered by position gives the answers it gives when asked", function()
    local g1, ann1 = H.game()
    local g2, ann2 = H.game()
    local asked = {}
    g1:set_agent(ann1, arbiter.agents.random(3))
    g2:set_agent(ann2, wrapped(arbiter.agents.random(3), asked))
    local opts = { "white", "blue", "black", "red", "green" }
    for n = 1, 40 do
      local o = { require("arbiter.compat").unpack(opts, 1, n % 5 + 1) }
      assert.equal(arbiter.ask_choose(g2, ann2, "color", o), arbiter.ask_choose(g1, ann1, "color", o))
    end
    assert.equal(40, asked.color)
  end)
end)
