-- The rule effects in force (418; rules.lua): a question about one kind of effect (a spell's
-- total cost, 409.1f; skipped steps, 300.8; land plays, 212.6c; mana spent as another color;
-- untap limits) is answered at once when the game's list of such effects holds none of that kind
-- (the kinds are read once per list: lists are made new, never changed). The answers must be
-- those of the walk: checked here as effects of other kinds come, end with their source and are
-- undone with a failed action (422).
local H = require("spec.helpers")
local arbiter = H.arbiter
local I = require("arbiter.internal")

local bear = H.bear
local rock = arbiter.card{ name = "Rock", types = { "Artifact" } }

local function answers(g, p, c)
  return { I._changed_cost(g, "spell_cost", c, arbiter.parse_cost("{1}")).text, I._skips_step(g, p, "draw"),
    I._land_plays(g, p) or "none", I._mana_as(g, p) and "some" or "none", I._untap_limits(g, p) and "some" or "none" }
end

describe("rule effects by kind (418)", function()
  it("a list without the asked kind answers as the walk did; new lists, ended sources and undo are followed", function()
    local g, ann = H.game()
    local c = g:create(bear, { owner = ann, zone = "hand" })
    local src = g:create(rock, { owner = ann, zone = "battlefield" })
    local none = { "{1}", false, "none", "none", "none" }
    assert.same(none, answers(g, ann, c))
    -- 409.1f: a cost increase only: every other kind still answers "none"
    g:add_static{ source = src, spell_cost = "{2}" }
    assert.same({ "{1}{2}", false, "none", "none", "none" }, answers(g, ann, c))
    -- a new kind in a new list: read from it (not from what the old list held)
    local lp = g:add_static{ affects = ann, rules = { land_plays = 2 } }
    assert.same({ "{1}{2}", false, 2, "none", "none" }, answers(g, ann, c))
    g:add_static{ affects = ann, rules = { skip = "draw" } }
    g:add_static{ affects = ann, rules = { mana_as = { white = { "red" } } } }
    g:add_static{ affects = ann, rules = { untap_limit = { count = 1, type = "Land" } } }
    assert.same({ "{1}{2}", true, 2, "some", "some" }, answers(g, ann, c))
    g:remove_static(lp)
    assert.same({ "{1}{2}", true, "none", "some", "some" }, answers(g, ann, c))
    -- the source left: its effect ended though still in the list (the walk asks each one)
    g:move(src, "graveyard")
    assert.same({ "{1}", true, "none", "some", "some" }, answers(g, ann, c))
    -- 422: a failed action's new effect is undone with it, and the old list answers again
    local g2, bob = H.game()
    local c2 = g2:create(bear, { owner = bob, zone = "hand" })
    g2:add_static{ affects = bob, rules = { skip = "draw" } }
    assert.is_false(g2:attempt(function() g2:add_static{ affects = bob, rules = { land_plays = 3 } }; error("undone") end))
    assert.same({ "{1}", true, "none", "none", "none" }, answers(g2, bob, c2))
  end)

  -- turn.lua's quiet turn and its steps ask whether an effect may skip a step or change how the
  -- turn goes (_turn_rules: answered once per list; _skip_rules: the list holds a skip): as the
  -- walk of the list answers, as effects come, end at a turn's start and are undone (422)
  it("whether the turn's steps may change: once per list, as the walk of the list", function()
    local g, ann, bob = H.game()
    local function walk()
      local list = I._env[g].rule_effects
      if not list then return false, false end
      local turn, skip = false, false
      for _, r in ipairs(list) do
        if r.what == "skip" then skip = true end
        if r.what == "skip" or r.what == "untap_limit" or r.until_turn_of ~= nil then turn = true end
      end
      return turn, skip
    end
    local function same()
      local turn, skip = walk()
      local list = I._env[g].rule_effects
      for _ = 1, 2 do   -- (the second answer is the list's kept one)
        assert.equal(turn, I._turn_rules(g))
        assert.equal(skip, list ~= nil and I._skip_rules(list))
      end
      return turn, skip
    end
    assert.same({ false, false }, { same() })
    g:add_static{ affects = ann, rules = { land_plays = 2 } }
    assert.same({ false, false }, { same() })
    g:add_static{ affects = bob, until_turn_of = ann, can_attack = function() return false end }
    assert.same({ true, false }, { same() })
    g:begin_turn(ann)                                  -- ends as ann's turn begins
    assert.same({ false, false }, { same() })
    assert.is_false(g:attempt(function() g:add_static{ affects = bob, rules = { skip = "draw" } }; error("undone") end))
    assert.same({ false, false }, { same() })
    local s = g:add_static{ affects = bob, rules = { skip = "draw" } }
    assert.same({ true, true }, { same() })
    g:remove_static(s)
    assert.same({ false, false }, { same() })
    g:add_static{ affects = ann, rules = { untap_limit = { count = 1, type = "Land" } } }
    assert.same({ true, false }, { same() })
  end)

  -- a skip rule beside another kind of rule effect: the step is skipped (the steps ask only
  -- while the list holds a skip or counted skips are left)
  it("a step is skipped by a skip rule beside other rule effects, and not before it", function()
    local g, ann, bob = H.game()
    local idea = arbiter.card{ name = "Idea", types = { "Instant" } }
    for _ = 1, 5 do
      g:create(idea, { owner = bob, zone = "library" })   -- (never offered: nothing to cast)
      g:create(idea, { owner = ann, zone = "library" })
    end
    g:add_static{ affects = ann, rules = { land_plays = 2 } }
    g:play_turn(bob); g:play_turn(ann); g:play_turn(bob)   -- (the first turn draws none)
    assert.equal(1, #bob.hand:cards())
    g:add_static{ affects = bob, rules = { skip = "draw" } }
    g:play_turn(ann); g:play_turn(bob)
    assert.equal(1, #bob.hand:cards())
    assert.equal(2, #ann.hand:cards())
  end)
end)
