-- The default main phase's questions (turn.lua default_main; 405, 409.1f, 413, 217.3a): a round
-- offers exactly the spells g:can_cast says p could cast, whatever makes a spell castable or not
-- (a cost increased by an effect, colored mana, targets, a cast_condition, modes). Its calls
-- are made only when their answer isn't known without them (issue 28): no rule effect, no cost
-- change read; a spell without targets has them all; the quick count before a payment is tried.
-- Its questions are "plain" (ask.lua): their options are p's own hand cards (217.3a: a hand is
-- its owner's to see) handed as they are, without the hiding walk, also when another player's
-- agent answers for p (g:control_player: the asked player's eyes count).
local H = require("helpers")
local arbiter = H.arbiter

local function land(name, sub)
  return arbiter.card{ name = name, types = { "Land" }, supertypes = { "Basic" }, subtypes = { sub } }
end
local plains, mountain = land("Plains", "Plains"), land("Mountain", "Mountain")
local bf = H.bf
local function hand(g, def, p) return g:create(def, { owner = p, zone = "hand" }) end

local white = arbiter.card{ name = "Healing", types = { "Sorcery" }, colors = { "white" }, cost = "{W}",
  resolve = function(obj, g) g:gain_life(obj.controller, 1) end }
local red = arbiter.card{ name = "Heat", types = { "Sorcery" }, colors = { "red" }, cost = "{R}",
  resolve = function(obj, g) g:gain_life(obj.controller, 1) end }
local two = arbiter.card{ name = "Two", types = { "Sorcery" }, cost = "{2}",
  resolve = function(obj, g) g:gain_life(obj.controller, 1) end }
local zap = arbiter.card{ name = "Zap", types = { "Sorcery" }, cost = "{1}", targets = { "creature" },
  resolve = function(obj, g) g:destroy(obj.targets[1]) end }
local later = arbiter.card{ name = "Later", types = { "Sorcery" }, cost = "{1}",
  cast_condition = function(g) return g.turn > 5, "only after turn 5" end,
  resolve = function(obj, g) g:gain_life(obj.controller, 1) end }
local modal = arbiter.card{ name = "Choice", types = { "Sorcery" }, cost = "{1}",
  modes = { { text = "destroy target creature", targets = { "creature" },
    resolve = function(obj, g) g:destroy(obj.targets[1]) end } } }
local gloom = arbiter.card{ name = "Gloom", types = { "Enchantment" } }

-- ann's main phase: her agent records each "cast" question's options and passes
local function offers(g, ann)
  local asked = {}
  g:set_agent(ann, { choose = function(_, what, options)
    if what == "cast" then asked[#asked + 1] = options end
    return options[#options]
  end })
  g:begin_turn(ann); g:main_phase()
  return asked
end

-- the spells of ann's hand g:can_cast says she could cast now, in hand order, then "pass"
local function castable_now(g, ann)
  local out = {}
  for _, c in ipairs(ann.hand:cards()) do if g:can_cast(ann, c) then out[#out + 1] = c end end
  out[#out + 1] = "pass"
  return out
end

describe("the default main phase's offers: what g:can_cast says (405, 409.1f, 413)", function()
  it("colors, totals, targets, cast_condition and modes decide as g:can_cast does", function()
    local g, ann = H.game()
    bf(g, plains, ann); bf(g, plains, ann)
    local cards = { hand(g, white, ann), hand(g, red, ann), hand(g, two, ann), hand(g, zap, ann),
      hand(g, later, ann), hand(g, modal, ann) }
    local asked = offers(g, ann)
    assert.equal(1, #asked)
    assert.are.same({ cards[1], cards[3], "pass" }, asked[1])   -- no red mana, no creature, turn 1
    assert.are.same(castable_now(g, ann), asked[1])
  end)

  it("a creature on the battlefield: the spells that target one are offered too", function()
    local g, ann, bob = H.game()
    bf(g, mountain, ann)
    bf(g, H.bear, bob)
    local cards = { hand(g, zap, ann), hand(g, modal, ann), hand(g, white, ann) }
    local asked = offers(g, ann)
    assert.are.same({ cards[1], cards[2], "pass" }, asked[1])
    assert.are.same(castable_now(g, ann), asked[1])
  end)

  it("409.1f: a spell an effect makes cost more is offered only when that can be paid", function()
    local g, ann = H.game()
    local source = bf(g, gloom, ann)
    g:add_static{ source = source, spell_cost = "{1}", affects = function(c) return c:is("white") end }
    bf(g, plains, ann)
    local s, t = hand(g, white, ann), hand(g, two, ann)
    local asked = offers(g, ann)
    assert.are.same({ "pass" }, castable_now(g, ann))
    assert.equal(0, #asked)                    -- nothing castable: not asked at all
    bf(g, plains, ann)
    g:set_agent(ann, { choose = function(_, what, options)
      if what == "cast" then asked[#asked + 1] = options end
      return options[#options]
    end })
    g:main_phase()
    assert.are.same({ s, t, "pass" }, asked[1])
    assert.are.same(castable_now(g, ann), asked[1])
  end)
end)

describe("the default main phase's questions hand p's own cards as they are (217.3a)", function()
  it("the land and cast options are the hand's cards themselves, ctx the phase", function()
    local g, ann = H.game()
    bf(g, plains, ann)
    local l, s = hand(g, plains, ann), hand(g, white, ann)
    local got = {}
    g:set_agent(ann, { choose = function(_, what, options, ctx)
      got[what] = { options = options, ctx = ctx }
      return options[#options]
    end })
    g:begin_turn(ann); g:main_phase()
    assert.are.equal(l, got.land.options[1])
    assert.are.equal("pass", got.land.options[2])
    assert.are.equal(s, got.cast.options[1])
    assert.are.same({ phase = "main1" }, got.cast.ctx)
  end)

  it("a player controlled by another (g:control_player): the asked player's own hand, not hidden", function()
    local g, ann, bob = H.game()
    bf(g, plains, ann)
    local s = hand(g, white, ann)
    local got
    g:set_agent(bob, { choose = function(_, what, options)
      if what == "cast" then got = options end
      return options[1]
    end })
    g:control_player(ann, bob)
    g:begin_turn(ann); g:main_phase()
    assert.are.equal(s, got[1])                -- Ann's card, as Ann sees it (not {hidden = true})
    assert.equal("graveyard", s.zone)          -- Bob's agent cast it for her
    assert.equal(21, ann.life)
  end)
end)
