-- core.may_hide (csrc/lcore.c): the C scan that lets a question skip ask.lua's hide walk when no
-- card in it could be hidden from the asked player (217.2a a library's cards, 217.3a another
-- player's hand, 504 a face-down permanent). A fast path: the walk's answer must not change.
-- Checked here against the walk itself (arbiter.internal._hide runs the scan, then the walk).
local H = require("helpers")
local core = require("arbiter.core")
local internal = require("arbiter.internal")

describe("core.may_hide: a question's cards any player might not see (217.2a, 217.3a, 504)", function()
  local g, ann, bob, lib, own, theirs, field, down
  local function setup()
    g, ann, bob = H.game()
    lib = H.deck(g, bob, 1)[1]
    own = g:create(H.plain, { owner = ann, zone = "hand" })
    theirs = g:create(H.plain, { owner = bob, zone = "hand" })
    field = g:create(H.bear, { owner = bob, zone = "battlefield" })
    down = g:create(H.bear, { owner = bob, zone = "battlefield" })
    g:turn_face_down(down)
  end

  it("cards everyone sees, and the asked player's own hand: no walk, the same table back", function()
    setup()
    local ctx = { attackers = { field }, player = bob, mine = { own, { deeper = own } }, n = 3, s = "x" }
    assert.is_false(core.may_hide(ctx, ann))
    assert.are.equal(ctx, internal._hide(g, ann, ctx))
    assert.is_false(core.may_hide(field, ann))
    assert.is_false(core.may_hide("phase", ann))
  end)

  it("a library card (217.2a), another's hand (217.3a), a face-down permanent (504): the walk hides it", function()
    setup()
    for _, c in ipairs({ lib, theirs, down }) do
      local ctx = { options = { field, c } }
      assert.is_true(core.may_hide(ctx, ann))
      local seen = internal._hide(g, ann, ctx)
      assert.are_not.equal(ctx, seen)
      assert.are.same({ hidden = true, id = c.id }, seen.options[2])
      assert.are.equal(field, seen.options[1])
    end
    -- the owner sees its own hand (no walk); the controller its face-down permanent (the walk
    -- decides it, by control)
    assert.is_false(core.may_hide({ theirs }, bob))
    assert.are.equal(theirs, internal._hide(g, bob, { theirs })[1])
    assert.is_true(core.may_hide({ down }, bob))
    assert.are.equal(down, internal._hide(g, bob, { down })[1])
  end)

  it("looks where the walk looks: cards to depth 3, plain tables only", function()
    setup()
    assert.is_true(core.may_hide({ { { lib } } }, ann))            -- a card at depth 3
    assert.is_false(core.may_hide({ { { { lib } } } }, ann))        -- a table at depth 3 isn't walked
    local deep = { { { { lib } } } }
    assert.are.equal(deep, internal._hide(g, ann, deep))
    local wrapped = setmetatable({ lib }, {})                       -- a table with a metatable: as it is
    assert.is_false(core.may_hide({ wrapped }, ann))
    assert.are.equal(wrapped, internal._hide(g, ann, { wrapped })[1])
  end)

  it("tells cards from other userdata by the proxy's own marks: players, zones, files are no cards", function()
    setup()
    assert.is_false(core.may_hide({ bob, g.players[1], ann.hand, io.stdout }, ann))
    assert.is_true(core.may_hide({ bob, lib }, ann))
    local other = H.game()                                          -- another game's card: the walk decides
    assert.is_true(core.may_hide({ other:create(H.bear, { owner = other.players[1], zone = "battlefield" }) }, ann))
    assert.is_true(core.may_hide({ own }, io.stdout))               -- a file as the viewer: the walk decides
  end)

  it("nothing to hide: also whether any of the values is a table (the questions' snapshot)", function()
    setup()
    assert.same({ false, false }, { core.may_hide({ own, field, "pass", 3 }, ann) })
    assert.same({ false, true }, { core.may_hide({ own, "pass", { n = 1 } }, ann) })
    assert.same({ false, true }, { core.may_hide({ setmetatable({}, {}) }, ann) })   -- any table
    assert.same({ true }, { core.may_hide({ { n = 1 }, lib }, ann) })                  -- the walk: no second
  end)

  it("anything but a player as the viewer: the walk decides", function()
    setup()
    assert.is_true(core.may_hide({ field }, nil))
    assert.is_true(core.may_hide({ field }, field))
  end)
end)
