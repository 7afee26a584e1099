-- Modal spells ("choose one", 700.2), casting restrictions (cast_condition), and the X rules:
-- "spend only <color> mana on X" (x_mana), X targets (a target entry's count = "x", 409.1c),
-- target filters that see X (ctx.x), count = "any" / n.
local H = require("helpers")
local arbiter = H.arbiter

local function land(name, sub)
  return arbiter.card{ name = name, types = { "Land" }, supertypes = { "Basic" }, subtypes = { sub } }
end
local plains, swamp, mountain = land("Plains", "Plains"), land("Swamp", "Swamp"), land("Mountain", "Mountain")
local bf = H.bf
local function hand(g, def, p) return g:create(def, { owner = p, zone = "hand" }) end

-- Healing Salve-like: gain 3 life, or prevent the next 3 damage to any target (the second
-- mode kept simple: the target loses nothing, gains 1 to prove the mode ran)
local salve = arbiter.card{ name = "Salve", types = { "Instant" }, cost = "{W}", modes = {
  { text = "Target player gains 3 life.", targets = { "player" },
    resolve = function(obj, g) g:gain_life(obj.targets[1], 3) end },
  { text = "Destroy target creature.", targets = { "creature" },
    resolve = function(obj, g) g:destroy(obj.targets[1]) end },
} }

describe("modal spells (700.2: the mode is chosen as the spell is cast)", function()
  it("opts.mode picks the mode; obj.mode reads it; its targets and resolve are the mode's", function()
    local g, ann, bob = H.game()
    bf(g, plains, ann)
    local b = bf(g, H.bear, bob)
    local s = hand(g, salve, ann)
    local obj = g:cast(ann, s, { mode = 2, targets = { b } })
    assert.are.equal(2, obj.mode)
    assert.are.equal(2, g:stack_objects()[1].mode)
    g:settle()
    assert.are.same({ "graveyard", 20 }, { b.zone, bob.life })
  end)

  it("without opts.mode the caster's agent answers choose(p, 'mode', modes, ctx); only modes with legal targets", function()
    local g, ann, bob = H.game()
    bf(g, plains, ann)
    local offered
    g:set_agent(ann, { choose = function(_, what, options)
      if what == "mode" then offered = #options; return options[#options] end
      return options[1]
    end })
    local s = hand(g, salve, ann)
    local obj = g:cast(ann, s)           -- no creature: only the life mode can be chosen
    assert.are.same({ 1, 1 }, { offered, obj.mode })
    g:settle()
    assert.are.same({ 23, 20 }, { ann.life, bob.life })
  end)

  it("a mode's target gone on resolution counters the spell (413)", function()
    local g, ann, bob = H.game()
    bf(g, plains, ann)
    local b = bf(g, H.bear, bob)
    local s = hand(g, salve, ann)
    g:cast(ann, s, { mode = 2, targets = { b } })
    g:move(b, "hand")
    g:settle()
    assert.are.same({ "graveyard", "hand" }, { s.zone, b.zone })
  end)

  it("bad input: a mode out of range, a modes entry without resolve: errors naming them; the game unchanged", function()
    local g, ann = H.game()
    bf(g, plains, ann)
    local s = hand(g, salve, ann)
    local before = g:state_hash()
    assert.error_matches(function() g:cast(ann, s, { mode = 3 }) end,
      "bad argument #3 to 'cast' (mode must be an integer from 1 to 2 for Salve#" .. s.id .. ", got 3)", 1, true)
    assert.are.equal(before, g:state_hash())
    assert.error_matches(function()
      arbiter.card{ name = "Broken", types = { "Sorcery" }, modes = { { text = "x" } } }
    end, "Broken: modes[1] needs resolve (a function), got nil", 1, true)
  end)
end)

describe("cast_condition (\"cast only during ...\", 409.1)", function()
  local siren = arbiter.card{ name = "Siren", types = { "Instant" }, cost = "{0}",
    cast_condition = function(g, p)
      if g.active_player == p then return false, "only during an opponent's turn" end
      return true
    end,
    resolve = function(obj, g) g:gain_life(obj.controller, 1) end }

  it("is checked on every cast, inside a turn or not, and by g:can_cast", function()
    local g, ann, bob = H.game()
    local s = hand(g, siren, ann)
    local t = hand(g, siren, bob)
    g:begin_turn(ann)
    assert.is_false(g:can_cast(ann, s))
    assert.is_true(g:can_cast(bob, t))
    local before = g:state_hash()
    assert.error_matches(function() g:cast(ann, s) end,
      "can't be cast now (its cast_condition: only during an opponent's turn", 1, true)
    assert.are.equal(before, g:state_hash())
    g:cast(bob, t)
    g:settle()
    assert.are.equal(21, bob.life)
  end)
end)

describe("X (407; x_mana, X targets, filters that see X)", function()
  local drain = arbiter.card{ name = "Drain", types = { "Sorcery" }, cost = "{X}{1}{B}", x_mana = "black",
    targets = { "creature or player" },
    resolve = function(obj, g) g:damage(obj.card, obj.targets[1], obj.x) end }

  it("x_mana: the X part is paid with that color only", function()
    local g, ann, bob = H.game()
    bf(g, swamp, ann); bf(g, swamp, ann); bf(g, mountain, ann); bf(g, mountain, ann)
    local s = hand(g, drain, ann)
    local before = g:state_hash()
    -- X = 2 needs {B}{B} for X and {B} for the cost: three black, only two Swamps
    assert.error_matches(function() g:cast(ann, s, { x = 2, targets = { bob } }) end, "1 black short", 1, true)
    assert.are.equal(before, g:state_hash())
    g:cast(ann, s, { x = 1, targets = { bob } })    -- {B} for X, {1}{B}: a Mountain pays the {1}
    g:settle()
    assert.are.equal(19, bob.life)
  end)

  it("x_mana naming no color is an error naming the field", function()
    assert.error_matches(function()
      arbiter.card{ name = "Bad", types = { "Sorcery" }, cost = "{X}", x_mana = "purple", resolve = function() end }
    end, "x_mana of Bad must be a color", 1, true)
  end)

  local eruption = arbiter.card{ name = "Eruption", types = { "Sorcery" }, cost = "{X}",
    targets = { { what = "land", count = "x" } },
    resolve = function(obj, g) for _, t in ipairs(obj.targets) do if t then g:destroy(t) end end end }

  it("count = \"x\": exactly X targets, each once (409.1c); chosen one at a time", function()
    local g, ann, bob = H.game()
    local ls = { bf(g, mountain, bob), bf(g, mountain, bob), bf(g, mountain, bob) }
    g:add_mana(ann, "{2}")
    local s = hand(g, eruption, ann)
    local before = g:state_hash()
    assert.error_matches(function() g:cast(ann, s, { x = 2, targets = { ls[1] } }) end, "needs 2 target(s), got 1",
      1, true)
    assert.error_matches(function() g:cast(ann, s, { x = 2, targets = { ls[1], ls[1] } }) end, "chosen twice", 1, true)
    assert.are.equal(before, g:state_hash())
    local obj = g:cast(ann, s, { x = 2 })            -- the default agent picks the first each time
    local t = obj.targets
    assert.are.equal(2, #t)
    assert.are_not.equal(t[1], t[2])
    g:settle()
    local gone = 0
    for _, l in ipairs(ls) do if l.zone == "graveyard" then gone = gone + 1 end end
    assert.are.same({ 2, "graveyard", "graveyard" }, { gone, t[1].zone, t[2].zone })
  end)

  it("a filter sees X (ctx.x), as the spell is cast and again on resolution", function()
    local g, ann, bob = H.game()
    local blast = arbiter.card{ name = "Blast", types = { "Instant" }, cost = "{X}{U}",
      targets = { { what = "spell", filter = function(o, _, _, ctx)
        return arbiter.parse_cost(o.card.definition.cost).total == ctx.x end } },
      resolve = function(obj, game) game:counter(obj.targets[1]) end }
    g:add_mana(ann, "{U}{2}")
    local bear = hand(g, arbiter.card{ name = "Bear", types = { "Creature" }, cost = "{1}{G}", power = 2,
      toughness = 2 }, bob)
    g:add_mana(bob, "{G}{1}")
    local spell = g:cast(bob, bear)
    local s = hand(g, blast, ann)
    assert.error_matches(function() g:cast(ann, s, { x = 1, targets = { spell } }) end, "not a legal spell", 1, true)
    g:cast(ann, s, { x = 2, targets = { spell } })
    g:settle()
    assert.are.same({ "graveyard", "graveyard" }, { bear.zone, s.zone })
  end)
end)
