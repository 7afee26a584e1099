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
end)
