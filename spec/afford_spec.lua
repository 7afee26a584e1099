-- "Could p pay this now?" agrees with what paying does (409.1f: mana abilities are played while
-- paying; 407: a cost is paid in full or not at all): g:can_cast and arbiter.ask_pay's test count
-- mana spent as another color (rules.mana_as), the mana of triggered mana abilities (Mana Flare),
-- mana abilities with a mana cost (Celestial Prism) and several mana from one source (Black
-- Lotus). Where the quick count can't tell, the payment itself is tried and undone, asking no
-- agent anything.
local H = require("helpers")
local arbiter = H.arbiter

local function land(name, sub)
  return arbiter.card{ name = name, types = { "Land" }, supertypes = { "Basic" }, subtypes = { sub } }
end
local plains, mountain = land("Plains", "Plains"), land("Mountain", "Mountain")
local bf = H.bf
local function hand(g, def, p) return g:create(def, { owner = p, zone = "hand" }) end
local function spell(cost)
  return arbiter.card{ name = "Spell " .. cost, types = { "Sorcery" }, cost = cost,
    resolve = function(obj, g) g:gain_life(obj.controller, 1) end }
end
-- p's main phase, its agent doing nothing there
local function main(g, p)
  g:set_agent(p, { main = function() end })
  g:begin_turn(p); g:main_phase()
end

describe("affordability agrees with the payment (409.1f, 407)", function()
  -- the quick count (mana.lua _affordable) answers a cost without colored symbols from the
  -- total alone; one with a colored symbol still needs that color (202.1: {R} is paid with red)
  it("a generic cost needs only the total; a colored one its color too, whatever the total", function()
    local g, ann = H.game()
    bf(g, plains, ann); bf(g, plains, ann)
    local three, two, red = hand(g, spell("{3}"), ann), hand(g, spell("{2}"), ann), hand(g, spell("{1}{R}"), ann)
    local white = hand(g, spell("{1}{W}"), ann)
    main(g, ann)
    assert.is_false(g:can_cast(ann, three))
    assert.is_true(g:can_cast(ann, two))
    assert.is_false(g:can_cast(ann, red))
    assert.is_true(g:can_cast(ann, white))
    bf(g, mountain, ann)
    assert.is_true(g:can_cast(ann, three))
    assert.is_true(g:can_cast(ann, red))
  end)

  it("rules.mana_as: with only Plains and white spent as red, a {R} spell can be cast and ask_pay {R} is paid", function()
    local g, ann = H.game()
    bf(g, plains, ann); bf(g, plains, ann)
    local s = hand(g, spell("{R}"), ann)
    main(g, ann)
    assert.is_false(g:can_cast(ann, s))
    g:add_static{ affects = ann, rules = { mana_as = { white = { "red" } } } }
    assert.is_true(g:can_cast(ann, s))
    local asked = 0
    g:set_agent(ann, { may = function(_, what) if what == "pay" then asked = asked + 1 end return true end })
    assert.is_true(arbiter.ask_pay(g, ann, "{R}"))
    assert.equal(1, asked)                                  -- one question, none while testing
    assert.is_true(g:can_cast(ann, s))                      -- one Plains left
    for _, l in ipairs(g:permanents(ann, "Land")) do l:tap() end
    assert.is_false(g:can_cast(ann, s))
  end)

  it("a triggered mana ability's mana counts: one Mountain and Mana Flare cast a {R}{R} spell", function()
    local g, ann = H.game()
    local flare = bf(g, arbiter.card{ name = "Flare", types = { "Enchantment" } }, ann)
    local m = bf(g, mountain, ann)
    local s = hand(g, spell("{R}{R}"), ann)
    main(g, ann)
    assert.is_false(g:can_cast(ann, s))
    g:trigger{ event = "mana", mana = true, controller = ann, source = flare,
      condition = function(ev) return ev.source ~= nil and ev.source:is("Land") end,
      effect = function(ev, game) game:add_mana(ev.player, "{R}") end }
    assert.is_true(g:can_cast(ann, s))
    assert.is_true(arbiter.ask_pay(g, bf(g, mountain, ann).controller, "{R}{R}"))   -- the new Mountain
    assert.is_true(g:can_cast(ann, s))
    g:cast(ann, s)
    g:settle()
    assert.same({ true, 21 }, { m.tapped, ann.life })
  end)

  it("trying a payment changes nothing and asks nothing: the same hash after g:can_cast", function()
    local g, ann = H.game()
    local prism = bf(g, arbiter.card{ name = "Prism", types = { "Artifact" }, activated = {
      { cost = "{2},{T}", mana = "{G}" }, { cost = "{2},{T}", mana = "{B}" } } }, ann)
    bf(g, mountain, ann); bf(g, mountain, ann); bf(g, mountain, ann)
    local s, dear = hand(g, spell("{G}{1}"), ann), hand(g, spell("{G}{2}"), ann)
    main(g, ann)
    g:set_agent(ann, { main = function() end, choose = function() error("no question while testing a payment") end,
      may = function() error("no question while testing a payment") end })
    local before = g:state_hash()
    assert.is_true(g:can_cast(ann, s))
    assert.is_false(g:can_cast(ann, dear))
    assert.equal(before, g:state_hash())
    assert.is_false(prism.tapped)
  end)
  -- Found by the Alpha soak: a land making {B} or {G} counted as a source of any color, so the
  -- main phase offered a {3}{U} spell its payment then refused
  it("a source of a color among some (Bayou: {B} or {G}) is no blue source; Birds of Paradise is one", function()
    local bayou = arbiter.card{ name = "Bayou", types = { "Land" }, subtypes = { "Swamp", "Forest" } }
    local birds = arbiter.card{ name = "Birds of Paradise", types = { "Creature" }, subtypes = { "Bird" },
      power = 0, toughness = 1, abilities = { "flying" }, activated = { { cost = "{T}", mana = "{W}" },
        { cost = "{T}", mana = "{U}" }, { cost = "{T}", mana = "{B}" }, { cost = "{T}", mana = "{R}" },
        { cost = "{T}", mana = "{G}" } } }
    local g, ann = H.game()
    for _ = 1, 3 do bf(g, plains, ann) end
    local bay = bf(g, bayou, ann)
    local blue, green = hand(g, spell("{3}{U}"), ann), hand(g, spell("{3}{G}"), ann)
    local offered
    g:set_agent(ann, { choose = function(_, what, options)
      if what == "cast" then offered = options end
      return "pass"
    end })
    g:begin_turn(ann); g:main_phase()
    assert.are.same({ false, true }, { g:can_cast(ann, blue), g:can_cast(ann, green) })
    assert.are.same({ green, "pass" }, offered)               -- the main phase offers only what it can pay
    assert.has_error(function() g:cast(ann, blue) end)
    assert.is_false(bay.tapped)                               -- 407: nothing paid
    g:move(bay, "graveyard")
    bf(g, birds, ann)
    assert.are.same({ true, true }, { g:can_cast(ann, blue), g:can_cast(ann, green) })
    g:cast(ann, blue)
    g:settle()
    assert.equal(21, ann.life)
  end)

  -- the quick count's total is the most mana a payment could have when the sources only add
  -- mana (arbiter._available's upper): a cost above it is unaffordable without trying
  it("a cost above all the mana there is can't be paid, Bayou or not; a {B} or {G} choice still can", function()
    local bayou = arbiter.card{ name = "Bayou", types = { "Land" }, subtypes = { "Swamp", "Forest" } }
    local g, ann = H.game()
    bf(g, plains, ann); bf(g, bayou, ann)
    local three, black, white2 = hand(g, spell("{3}"), ann), hand(g, spell("{1}{B}"), ann), hand(g, spell("{W}{W}"), ann)
    main(g, ann)
    assert.are.same({ false, true, false }, { g:can_cast(ann, three), g:can_cast(ann, black), g:can_cast(ann, white2) })
    local h = g:state_hash()
    assert.has_error(function() g:cast(ann, three) end)
    assert.equal(h, g:state_hash())                           -- 407, 422: nothing paid
    g:cast(ann, black)
    g:settle()
    assert.equal(21, ann.life)
  end)

  -- 409.1f: a mana ability that does more than add mana (here its cost sacrifices a creature)
  -- is played again while paying when it still can be: the count's one use per source is no
  -- bound then, and (the count being inexact: a Bayou) the payment is tried
  it("a source played more than once in a payment (Sacrifice a creature: add {B}) pays more than the count", function()
    local bayou = arbiter.card{ name = "Bayou", types = { "Land" }, subtypes = { "Swamp", "Forest" } }
    local altar = arbiter.card{ name = "Altar", types = { "Artifact" },
      activated = { { cost = "", mana = "{B}", pay = function(obj, g)
        local c = g:permanents(obj.controller, "Creature")[1]
        if not c then error("no creature to sacrifice") end
        g:sacrifice(c)
      end } } }
    local bear = arbiter.card{ name = "Bear", types = { "Creature" }, power = 2, toughness = 2 }
    local g, ann = H.game()
    bf(g, bayou, ann); bf(g, altar, ann); bf(g, bear, ann); bf(g, bear, ann)
    local three, four = hand(g, spell("{3}"), ann), hand(g, spell("{4}"), ann)
    main(g, ann)
    assert.are.same({ true, false }, { g:can_cast(ann, three), g:can_cast(ann, four) })
    g:cast(ann, three)
    g:settle()
    assert.equal(0, #g:permanents(ann, "Creature"))
    assert.equal(21, ann.life)
  end)
end)
