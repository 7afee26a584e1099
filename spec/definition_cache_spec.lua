-- What the Lua layer derives from a card's printed characteristics (its types, its parsed cost and
-- targets, its activated abilities) is derived once per definition and shared by every card made
-- from it, in every game (arbiter.internal._once_per_definition): the answers are the
-- definition's, whichever card or game asks.
local H = require("spec.helpers")
local arbiter = H.arbiter
local I = require("arbiter.internal")

local forest = arbiter.card{ name = "Forest", types = { "Land" }, subtypes = { "Forest" }, supertypes = { "Basic" } }
local bears = arbiter.card{ name = "Bears", types = { "Creature" }, power = 2, toughness = 2, cost = "{1}{G}" }
local bolt = arbiter.card{ name = "Bolt", types = { "Instant" }, cost = "{R}", targets = { "creature or player" },
  resolve = function() end }

describe("printed characteristics derived once per definition", function()
  it("two cards of one definition, in two games, share what is derived from it", function()
    local g1, ann = H.game()
    local g2, bob = H.game()
    local a = g1:create(bears, { owner = ann, zone = "hand" })
    local b = g2:create(bears, { owner = bob, zone = "hand" })
    assert.equal(I._spell_of[a], I._spell_of[b])
    assert.equal(I._spell_of(a), I._spell_of[a])           -- called or indexed: the same value
    assert.same({ total = 2, generic = 1 }, { total = I._spell_of[a].cost.total, generic = I._spell_of[a].cost.generic })
    local f1 = g1:create(forest, { owner = ann, zone = "battlefield" })
    local f2 = g2:create(forest, { owner = bob, zone = "battlefield" })
    assert.equal(I._abilities_of[f1], I._abilities_of[f2])
    assert.is_true(I._abilities_of[f1].simple ~= nil)      -- the intrinsic {T}: add {G}
    assert.is_nil(I._abilities_of[f1].creature)   -- types aren't cached per definition: read layered
  end)

  it("each definition gets its own: types, costs and targets are the card's definition's", function()
    local g, ann = H.game()
    local c = g:create(bears, { owner = ann, zone = "hand" })
    local l = g:create(forest, { owner = ann, zone = "hand" })
    local i = g:create(bolt, { owner = ann, zone = "hand" })
    assert.is_true(arbiter.has_type(c, "Creature"))
    assert.is_false(arbiter.has_type(c, "Land"))
    assert.is_true(arbiter.has_type(l, "Land"))
    assert.is_true(arbiter.has_type(i, "Instant"))
    assert.equal(1, I._spell_of[i].cost.total)
    assert.same({ "creature or player" }, I._spell_of[i].targets)
    assert.is_nil(I._spell_of[c].targets)
    assert.are_not.equal(I._spell_of[c], I._spell_of[i])
  end)
end)
