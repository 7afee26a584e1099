-- Paying while something resolves (arbiter.ask_pay: "unless ... pays", "you may pay"), sacrifice
-- (g:sacrifice: glossary "Sacrifice", not destruction), a spell's additional cost (`pay` on a
-- definition, 409.1f) and an illegal payment undone whole (422).
local H = require("helpers")
local arbiter = H.arbiter

local forest = arbiter.card{ name = "Forest", types = { "Land" }, supertypes = { "Basic" }, subtypes = { "Forest" } }
local island = arbiter.card{ name = "Island", types = { "Land" }, supertypes = { "Basic" }, subtypes = { "Island" } }
local golem = arbiter.card{ name = "Darksteel Golem", types = { "Artifact", "Creature" }, power = 3, toughness = 3,
  abilities = { "indestructible" } }

local bf = H.bf

-- an agent that says `yes` to may and counts the "pay" questions
local function counting(yes, pick)
  local a = { asked = 0 }
  a.may = function(_, what, ctx) if what == "pay" then a.asked = a.asked + 1; a.ctx = ctx end return yes end
  a.choose = function(_, what, options) if pick and pick[what] then return pick[what](options) end return options[1] end
  return a
end

describe("g:sacrifice (glossary \"Sacrifice\"; 424.2: a cost paid in full)", function()
  it("its controller puts it into its owner's graveyard: a 'sacrifice' event (card, player), then the zone change", function()
    local g, ann, bob = H.game()
    local b = bf(g, H.bear, ann)
    g:gain_control(b, bob)
    local seen
    g:on("sacrifice", function(ev) seen = ev end)
    assert.is_true(g:sacrifice(b))
    assert.are.equal("graveyard", b.zone)
    assert.are.equal(1, #ann.graveyard)
    assert.are.same({ b, bob, "battlefield", "graveyard" }, { seen.card, seen.player, seen.from, seen.to })
    local types = {}
    for _, ev in ipairs(g:history()) do
      if ev.card == b and (ev.type == "sacrifice" or ev.type == "zone_change" or ev.type == "destroy") then
        types[#types + 1] = ev.type
      end
    end
    assert.are.same({ "sacrifice", "zone_change" }, types)       -- not a "destroy"
  end)

  it("is not destruction: indestructible and a regeneration shield don't stop it", function()
    local g, ann = H.game()
    local d = bf(g, golem, ann)
    local b = bf(g, H.bear, ann)
    g:regenerate(b)
    assert.is_true(g:sacrifice(d))
    assert.is_true(g:sacrifice(b))
    assert.are.same({ "graveyard", "graveyard" }, { d.zone, b.zone })
  end)

  it("is replaceable; a card not on the battlefield is an error naming sacrifice, the game unchanged", function()
    local g, ann = H.game()
    local b = bf(g, H.bear, ann)
    g:add_replacement{ event = "sacrifice", replace = function(ev, gm) gm:move(ev.card, "exile") end }
    assert.is_false(g:sacrifice(b))
    assert.are.equal("exile", b.zone)
    local h = g:create(H.bear, { owner = ann, zone = "hand" })
    local before = g:state_hash()
    assert.has_error(function() g:sacrifice(h) end,
      "bad argument #1 to 'sacrifice' (Grizzly Bears#" .. h.id .. " is in the hand, not on the battlefield)")
    assert.are.equal(before, g:state_hash())
  end)

  it("pays an activated ability's cost in `pay` (Sakura-Tribe-style: sacrifice the source)", function()
    local g, ann = H.game()
    local altar = arbiter.card{ name = "Altar", types = { "Artifact" }, activated = {
      { cost = "{0}", pay = function(_, game, card) game:sacrifice(card) end,
        effect = function(obj, game) game:gain_life(obj.controller, 3) end } } }
    local a = bf(g, altar, ann)
    g:activate(ann, a, 1)
    assert.are.equal("graveyard", a.zone)       -- paid on activation, before it resolves
    g:settle()
    assert.are.equal(23, ann.life)
  end)
end)

describe("a spell's additional cost: `pay` on its definition (409.1f, 422)", function()
  local offering = arbiter.card{ name = "Offering", types = { "Instant" }, cost = "{G}",
    pay = function(obj, g)
      local mine = g:permanents(obj.controller, "Creature")
      if #mine == 0 then error("no creature to sacrifice", 0) end
      g:sacrifice(arbiter.ask_choose(g, obj.controller, "sacrifice", mine, { card = obj.card }))
    end,
    resolve = function(obj, g) g:gain_life(obj.controller, 5) end }

  it("is paid on cast after the mana; the spell resolves", function()
    local g, ann = H.game()
    bf(g, forest, ann)
    local b = bf(g, H.bear, ann)
    local s = g:create(offering, { owner = ann, zone = "hand" })
    g:cast(ann, s)
    assert.are.equal("graveyard", b.zone)
    g:settle()
    assert.are.equal(25, ann.life)
  end)

  it("raising makes the cast illegal: undone whole, the error names cast, 422 and the script's message", function()
    local g, ann = H.game()
    local f = bf(g, forest, ann)
    local s = g:create(offering, { owner = ann, zone = "hand" })
    local before = g:state_hash()
    assert.has_error(function() g:cast(ann, s) end,
      "cast: Offering#" .. s.id .. "'s additional cost wasn't paid (409.1f, 422: the spell is illegal and undone): " ..
      "no creature to sacrifice")
    assert.are.equal(before, g:state_hash())
    assert.are.same({ "hand", false }, { s.zone, f.tapped })
  end)

  it("an activation whose pay raised names activate and 422, then pay's own message (issue 25, bug 6)", function()
    local g, ann = H.game()
    local c = bf(g, arbiter.card{ name = "Altar", types = { "Artifact" }, activated = {
      { cost = "{0}", pay = function(obj, game)
          if not game:pay_life(obj.controller, 40) then error("can't pay 40 life", 0) end end } } }, ann)
    local before = g:state_hash()
    assert.has_error(function() g:activate(ann, c, 1) end,
      "activate: Altar#" .. c.id .. "'s additional cost wasn't paid (409.1f, 422: the activation is illegal and " ..
      "undone): can't pay 40 life")
    assert.are.equal(before, g:state_hash())
  end)
end)

describe("arbiter.ask_pay (paying while something resolves; 407, 409.1f, 422)", function()
  it("asks may(p, 'pay', ctx) with ctx.cost as given; paid through mana abilities as when casting", function()
    local g, ann = H.game()
    local lands = { bf(g, forest, ann), bf(g, forest, ann) }
    local a = counting(true)
    g:set_agent(ann, a)
    local cost = "{1}{G}"
    assert.is_true(arbiter.ask_pay(g, ann, cost, { why = "test" }))
    assert.are.same({ 1, cost, "test", ann }, { a.asked, a.ctx.cost, a.ctx.why, a.ctx.player })
    assert.are.same({ true, true }, { lands[1].tapped, lands[2].tapped })
    assert.are.equal(0, ann.mana.green)
  end)

  it("the pool pays first", function()
    local g, ann = H.game()
    local f = bf(g, forest, ann)
    g:add_mana(ann, "{U}")
    assert.is_true(arbiter.ask_pay(g, ann, "{1}"))          -- no agent: the default pays
    assert.are.same({ 0, false }, { ann.mana.blue, f.tapped })
  end)

  it("declined: false, nothing paid, one question; can't pay: false and no question at all", function()
    local g, ann = H.game()
    local f = bf(g, forest, ann)
    local a = counting(false)
    g:set_agent(ann, a)
    local before = g:state_hash()
    assert.is_false(arbiter.ask_pay(g, ann, "{1}"))
    assert.are.equal(1, a.asked)
    assert.are.equal(before, g:state_hash())
    a = counting(true)
    g:set_agent(ann, a)
    assert.is_false(arbiter.ask_pay(g, ann, "{U}"))         -- a Forest can't make {U}
    assert.is_false(arbiter.ask_pay(g, ann, "{2}"))
    assert.are.same({ 0, false }, { a.asked, f.tapped })
  end)

  it("a cost table: mana, life, sacrifice (the player chooses among the filter's) and discard", function()
    local g, ann = H.game()
    bf(g, island, ann)
    local b1, b2 = bf(g, H.bear, ann), bf(g, H.bear, ann)
    H.deck(g, ann, 3)
    g:draw(ann, 2)
    local offered
    g:set_agent(ann, counting(true, { sacrifice = function(o) offered = #o; return o[2] end }))
    assert.is_true(arbiter.ask_pay(g, ann, { mana = "{U}", life = 2, discard = 1,
      sacrifice = function(c) return c:is("Creature") end }))
    assert.are.same({ 18, 1, 2 }, { ann.life, #ann.hand, offered })
    assert.are.same({ "battlefield", "graveyard" }, { b1.zone, b2.zone })
    assert.are.equal(2, #ann.graveyard)                    -- the bear and the discarded card
  end)

  it("a payment that fails part-way is undone whole (422): the mana and life paid come back", function()
    local g, ann = H.game()
    local i = bf(g, island, ann)
    local b = bf(g, H.bear, ann)
    g:add_replacement{ event = "sacrifice", replace = function() end }   -- sacrifices don't happen
    local before = g:state_hash()
    assert.is_false(arbiter.ask_pay(g, ann, { mana = "{U}", life = 3, sacrifice = b }))
    assert.are.equal(before, g:state_hash())
    assert.are.same({ false, 20, "battlefield" }, { i.tapped, ann.life, b.zone })
  end)

  it("the default agent pays when it can and it helps (not ctx.helps == false, not its last life)", function()
    local g, ann = H.game()
    bf(g, forest, ann); bf(g, forest, ann)
    assert.is_false(arbiter.ask_pay(g, ann, "{1}", { helps = false }))
    assert.is_false(arbiter.ask_pay(g, ann, { life = 20 }))
    g:set_agent(ann, arbiter.agents.simple())
    assert.is_true(arbiter.ask_pay(g, ann, { life = 19 }))
    assert.are.equal(1, ann.life)
  end)

  it("a host agent answers it between frames (driver)", function()
    local g, ann = H.game()
    local f = bf(g, forest, ann)
    g:set_agent(ann, arbiter.agents.host())
    local paid
    local d = g:driver(function(game) paid = arbiter.ask_pay(game, ann, "{G}", { source = f }) end)
    local q = d:resume()
    assert.are.same({ "may", "pay", "{G}" }, { q.kind, q.what, q.ctx.cost })
    d:answer(true)
    assert.is_nil(d:resume())
    assert.is_true(paid)
    assert.is_true(f.tapped)
  end)

  it("bad input: a cost it can't read is an error naming ask_pay and the part; the game unchanged", function()
    local g, ann = H.game()
    bf(g, forest, ann)
    local before = g:state_hash()
    for _, case in ipairs({
      { "{Q}", "unknown mana symbol {Q}" },
      { "{T}", "a payment can't hold {T} or more than one {X}" },
      { { mana = "{X}{X}" }, "mana can't hold {T} or more than one {X}" },
      { { mana = "{1}", x_max = 2 }, "x_max must be a non-negative integer, for mana with {X}" },
      { { mana = "{X}", x_max = -1 }, "x_max must be a non-negative integer" },
      { { lives = 1 }, "unknown cost part \"lives\"" },
      { { life = -1 }, "life must be a non-negative integer, got -1" },
      { { discard = 1.5 }, "discard must be a non-negative integer, got 1.5" },
      { { sacrifice = "a bear" }, "sacrifice must be a card or a filter function" },
    }) do
      local ok, err = pcall(arbiter.ask_pay, g, ann, case[1])
      assert.is_false(ok)
      assert.matches("bad argument #3 to 'ask_pay' (" .. case[2], err, 1, true)
    end
    assert.error_matches(function() arbiter.ask_pay(g, "Ann", "{1}") end, "bad argument #2 to 'ask_pay'")
    assert.are.equal(before, g:state_hash())
  end)
end)

describe("mana leaving a pool: g:remove_mana, g:empty_pool (\"mana_removed\" events; 300.3)", function()
  it("removes that mana; one event per kind with player, mana (a cost string) and amount; no mana burn", function()
    local g, ann = H.game()
    g:add_mana(ann, "{U}{U}{R}{2}")
    local seen = {}
    g:on("mana_removed", function(ev) seen[#seen + 1] = { ev.player, ev.mana, ev.amount } end)
    g:remove_mana(ann, "{U}")
    assert.are.same({ 1, 1, 2 }, { ann.mana.blue, ann.mana.red, ann.mana.colorless })
    assert.are.equal(4, g:empty_pool(ann))
    assert.are.same({ { ann, "{U}", 1 }, { ann, "{U}", 1 }, { ann, "{R}", 1 }, { ann, "{2}", 2 } }, seen)
    assert.are.equal(0, g:empty_pool(ann))
    assert.are.equal(20, ann.life)
  end)

  it("removing more than the pool holds is an error naming remove_mana; the game unchanged", function()
    local g, ann = H.game()
    g:add_mana(ann, "{U}")
    local before = g:state_hash()
    assert.has_error(function() g:remove_mana(ann, "{U}{U}") end,
      "bad argument #2 to 'remove_mana' (Ann's pool holds 1 blue mana, not 2)")
    assert.are.equal(before, g:state_hash())
  end)

  it("a replacement of \"mana\" that changes the amount changes the pool too (issue 25, bug 5)", function()
    local g, ann = H.game()
    g:add_replacement{ event = "mana", replace = function(ev) ev.amount = ev.amount + 1 return ev end }
    g:add_mana(ann, "{R}")
    local ev = H.events(g, "mana")[1]
    assert.are.same({ 2, 2, "{R}{R}" }, { ann.mana.red, ev.amount, ev.mana })
    local f = bf(g, forest, ann)
    g:activate(ann, f, 1)
    assert.are.equal(2, ann.mana.green)           -- the land's mana ability too
  end)
end)

describe("paying any amount of mana (ask_pay with {X}: Power Leak; 407, 409.1f)", function()
  it("the payer says it pays, then how much (the most it could, or x_max, first); paid through the one payment path", function()
    local g, ann = H.game()
    local lands = { bf(g, forest, ann), bf(g, forest, ann), bf(g, forest, ann) }
    g:add_mana(ann, "{R}")
    local asked = {}
    g:set_agent(ann, { may = function(_, what) asked[#asked + 1] = what; return true end,
      choose = function(_, what, options, ctx)
        asked[#asked + 1] = what
        assert.are.same({ 4, 3, 2, 1, 0 }, options)      -- the pool's {R} and three Forests
        assert.are.equal("{X}", ctx.cost)
        return 3
      end })
    assert.are.same({ true, 3 }, { arbiter.ask_pay(g, ann, "{X}", { source = lands[1] }) })
    assert.are.same({ "pay", "x" }, asked)
    -- the pool first (409.1f), then two Forests
    local tapped = 0
    for _, f in ipairs(lands) do if f.tapped then tapped = tapped + 1 end end
    assert.are.same({ 0, 2 }, { ann.mana.red, tapped })
  end)

  it("x_max caps the amounts offered; the default agent pays the first (the most that helps); {X}{G} pays its {G} too", function()
    local g, ann = H.game()
    for _ = 1, 4 do bf(g, forest, ann) end
    local seen
    g:set_agent(ann, { may = arbiter.agents.default.may,
      choose = function(_, _, options) seen = options; return options[1] end })
    assert.are.same({ true, 2 }, { arbiter.ask_pay(g, ann, { mana = "{X}", x_max = 2 }) })
    assert.are.same({ 2, 1, 0 }, seen)
    assert.are.same({ true, 1 }, { arbiter.ask_pay(g, ann, { mana = "{X}{G}" }) })
    assert.are.equal(0, #g:permanents(ann, "Land", "u"))         -- 2 + 1 + {G}: all four tapped
  end)

  it("declined, it asks nothing more and pays nothing; with nothing to pay with it may still pay 0 of {X}", function()
    local g, ann = H.game()
    bf(g, forest, ann)
    local asked = 0
    g:set_agent(ann, { may = function() asked = asked + 1; return false end,
      choose = function() asked = asked + 10 end })
    local before = g:state_hash()
    assert.is_false(arbiter.ask_pay(g, ann, "{X}"))
    assert.are.same({ 1, before }, { asked, g:state_hash() })
    local g2, bob = H.game()
    g2:set_agent(bob, { may = function() return true end })
    assert.are.same({ true, 0 }, { arbiter.ask_pay(g2, bob, "{X}") })   -- one option: not asked
  end)
end)

describe("a player made to activate mana abilities (g:activate_mana_abilities: Drain Power; 406.1)", function()
  local tundra = arbiter.card{ name = "Tundra", types = { "Land" }, subtypes = { "Plains", "Island" } }

  it("one mana ability of each card it can activate now, the player choosing among different mana", function()
    local g, ann, bob = H.game()
    local f1, f2, t = bf(g, forest, ann), bf(g, forest, ann), bf(g, tundra, ann)
    local theirs = bf(g, forest, bob)
    f2:tap()
    local asked
    g:set_agent(ann, { choose = function(_, what, options, ctx)
      asked = { what, options, ctx.card }
      return "{U}"
    end })
    assert.are.equal(2, g:activate_mana_abilities(ann, { f1, f2, t, theirs }))
    assert.are.same({ "mana ability", { "{W}", "{U}" }, t }, asked)
    assert.are.same({ 1, 1, 0, false }, { ann.mana.green, ann.mana.blue, ann.mana.white, theirs.tapped })
  end)

  it("g:empty_pool then names the mana lost (a cost string, generic first); bad input names the function", function()
    local g, ann = H.game()
    g:add_mana(ann, "{G}{W}{3}")
    assert.are.same({ 5, "{3}{W}{G}" }, { g:empty_pool(ann) })
    assert.are.same({ 0, "" }, { g:empty_pool(ann) })
    assert.error_matches(function() g:activate_mana_abilities(ann, { 3 }) end,
      "bad argument #2 to 'activate_mana_abilities' (cards[1]: a card expected", 1, true)
    assert.error_matches(function() g:activate_mana_abilities(ann, "all") end,
      "bad argument #2 to 'activate_mana_abilities'", 1, true)
  end)

  it("a player with no agent answers \"x\" as the default agent: the most up to ctx.x_helps", function()
    local g, ann = H.game()
    for _ = 1, 3 do bf(g, forest, ann) end
    assert.are.same({ true, 2 }, { arbiter.ask_pay(g, ann, "{X}", { x_helps = 2 }) })
    assert.are.equal(1, #g:permanents(ann, "Land", "u"))
  end)
end)

describe("ask_pay's cost strings (pay.lua's read; 407: a cost paid in full)", function()
  -- a cost string's payment is read once and shared (pay.lua's read): each ask_pay of "{X}" or
  -- "{1}" reads the same table, which no payment changes (a change would reach the next one)
  it("a cost string is read once: the same read-only payment at each ask_pay, across games", function()
    local I = require("arbiter.internal")
    local function fields(c)
      local t = {}
      for k, v in pairs(c) do t[k] = v end
      return t
    end
    local g, ann = H.game()
    for _ = 1, 3 do bf(g, forest, ann) end
    local x1, one = I._read_payment(g, "{X}"), I._read_payment(g, "{1}")
    local kx, k1 = fields(x1), fields(one)
    assert.are.same({ mana = arbiter.parse_cost("{X}"), life = 0, discard = 0 }, kx)
    assert.are.same({ true, 2 }, { arbiter.ask_pay(g, ann, "{X}", { x_helps = 2 }) })
    assert.is_true(arbiter.ask_pay(g, ann, "{1}"))
    assert.is_false(arbiter.ask_pay(g, ann, "{1}"))                -- nothing left: not paid
    local g2 = H.game()
    assert.are.equal(x1, I._read_payment(g2, "{X}"))
    assert.are.equal(one, I._read_payment(g2, "{1}"))
    assert.are.same(one, I._read_payment(g2, 1))                  -- 1 is "{1}", as parse_cost reads it
    assert.are.same(kx, fields(x1))
    assert.are.same(k1, fields(one))
    assert.is_nil(I._read_payment(g2, "{T}"))                     -- unreadable: an error each time
    assert.is_nil(I._read_payment(g2, "{T}"))
  end)
end)
