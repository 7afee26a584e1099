-- Prohibitions ("can't ...") and rule-changing effects (maximum hand size). A prohibition is
-- not a replacement: the prohibited action doesn't happen, so nothing replaces it either (the
-- Maralen of the Mornsong rulings, 2008-04-01: "replacement effects that instruct a player to do
-- something instead of drawing a card won't work"; "no player can lose the game due to being
-- instructed to draw a card with an empty library"). Spirit of the Labyrinth, Anvil of Bogardan.
local arbiter = require("arbiter")
local H = require("helpers")
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions

local bears = arbiter.card{ name = "Grizzly Bears", types = { "Creature" }, colors = { "green" }, power = 2, toughness = 2 }
local island = arbiter.card{ name = "Island", types = { "Land" }, supertypes = { "Basic" }, subtypes = { "Island" } }

local function card(file) return dofile("examples/cards/" .. file .. ".lua") end

local game = H.game

local on_bf = H.bf

local function fill(g, p, n, zone)
  for _ = 1, n do g:create(island, { owner = p, zone = zone }) end
end

local function permanent(g, file, p)
  local m = card(file)
  local c = on_bf(g, m.def, p)
  m.install(g, c)
  return c
end

describe("prohibitions (103.2: 'can't' beats 'can'; nothing happens instead)", function()
  it("can't draw: nothing happens; a draw replacement doesn't apply; no loss from an empty library", function()
    local g, ann = game()
    fill(g, ann, 3)
    local e = g:add_static{ affects = ann, prohibit = "draw" }
    local replaced = 0
    g:add_replacement{ event = "draw", replace = function() replaced = replaced + 1 end }
    assert.are.same({}, g:draw(ann, 2))
    assert.are.equal(0, replaced)
    assert.are.equal(3, #ann.library)
    g:remove_static(e)
    local lib = ann.library:cards()
    for _ = 1, 3 do g:move(lib[_], "graveyard") end
    g:add_static{ affects = ann, prohibit = "draw" }
    g:draw(ann)                                  -- empty library, but no draw is attempted
    g:check_state()
    assert.is_false(ann.lost)
  end)

  it("can't draw affects only the players it names (the fast draw path sees it)", function()
    local g, ann, bob = game()
    fill(g, ann, 3); fill(g, bob, 3)
    g:add_static{ affects = function(p, _) return p == bob end, prohibit = "draw" }
    assert.are.equal(1, #g:draw(ann))
    assert.are.equal(0, #g:draw(bob))
  end)

  it("Spirit of the Labyrinth: each player can't draw more than one card each turn", function()
    local g, ann, bob = game()
    fill(g, ann, 10); fill(g, bob, 10)
    permanent(g, "spirit_of_the_labyrinth", bob)
    g:begin_turn(ann)
    assert.are.equal(1, #g:draw(ann, 3))
    assert.are.equal(1, ann.draws_this_turn)
    assert.are.equal(1, #g:draw(bob, 2))
    g:begin_turn(bob)
    assert.are.equal(0, ann.draws_this_turn)
    assert.are.equal(1, #g:draw(ann, 2))
  end)

  it("Spirit of the Labyrinth vs a draw replacement: the second draw can't be replaced (Thought Reflection)", function()
    local g, ann = game()
    fill(g, ann, 10)
    permanent(g, "spirit_of_the_labyrinth", ann)
    permanent(g, "thought_reflection", ann)       -- "draw two instead": its own draws are draws too
    g:begin_turn(ann)
    g:draw(ann)
    assert.are.equal(1, #ann.hand)              -- the first replaced by two draws; only one happens
    g:draw(ann)
    assert.are.equal(1, #ann.hand)              -- can't draw: not replaced either
  end)

  it("can't untap: the untap step leaves it tapped; c:untap does nothing", function()
    local g, ann = game()
    local b = on_bf(g, bears, ann)
    b:tap()
    g:add_static{ affects = b, prohibit = "untap" }
    g:begin_turn(ann)
    g:untap_step()
    assert.is_true(b.tapped)
    b:untap()
    assert.is_true(b.tapped)
  end)

  it("can't attack / can't block: the combat rules see them; 'loses all abilities' doesn't lift them", function()
    local g, ann, bob = game()
    g:set_active(ann)
    local a = on_bf(g, bears, ann)
    local b = on_bf(g, bears, bob)
    g:add_static{ affects = a, prohibit = "attack" }
    g:add_static{ affects = b, prohibit = "block" }
    g:add_static{ affects = { a, b }, remove_abilities = "all" }
    assert.is_false((g:check_attack({ a })))
    local a2 = on_bf(g, bears, ann)
    g:declare_attackers({ a2 })
    assert.is_false((g:check_block({ [b] = a2 })))
  end)

  it("can't cast: g:cast is refused (nothing happens) and g:can_cast says so", function()
    local g, ann, bob = game()
    g:add_static{ affects = bob, prohibit = "cast" }
    assert.is_true(GI._can_cast(g, ann))
    assert.is_false(GI._can_cast(g, bob))
    local b = g:create(bears, { owner = bob, zone = "hand" })
    local a = g:create(bears, { owner = ann, zone = "hand" })
    assert.error_matches(function() g:cast(bob, b) end, "can't cast spells")
    assert.are.equal("hand", b.zone)
    assert.is_false(g:can_cast(bob, b))
    assert.is_true(g:can_cast(ann, a))
    g:cast(ann, a)
    g:settle()
    assert.are.equal("battlefield", a.zone)
  end)

  it("can't be targeted: not a legal target for a spell (a card or a player)", function()
    local g, ann, bob = game()
    local b = on_bf(g, bears, bob)
    local lure = card("lure")
    g:add_static{ affects = b, prohibit = "be targeted" }
    local l = g:create(lure.def, { owner = ann, zone = "hand" })
    assert.has_error(function() g:cast(ann, l, { targets = { b } }) end)
    assert.are.equal("hand", l.zone)
    local shock = arbiter.card{ name = "Shock", types = { "Instant" }, targets = { "player" },
      resolve = function(obj, gm, src) gm:damage(src, obj.targets[1], 2) end }
    g:add_static{ affects = bob, prohibit = "be targeted" }
    local s = g:create(shock, { owner = ann, zone = "hand" })
    assert.has_error(function() g:cast(ann, s, { targets = { bob } }) end)
    g:cast(ann, s, { targets = { ann } })
  end)

  it("change control: g:gain_control does nothing", function()
    local g, ann, bob = game()
    local b = on_bf(g, bears, ann)
    g:add_static{ affects = b, prohibit = "change control" }
    g:gain_control(b, bob)
    assert.are.equal(ann, b.controller)
  end)
end)

describe("rule changes: maximum hand size (314.1: the cleanup step's discard)", function()
  it("Anvil of Bogardan: no maximum hand size; the cleanup step discards nothing", function()
    local g, ann = game()
    fill(g, ann, 9, "hand")
    permanent(g, "anvil_of_bogardan", ann)
    g:begin_turn(ann)
    assert.is_nil(g:max_hand_size(ann))          -- no maximum: nil, as docs/API.md says
    g:cleanup_step()
    assert.are.equal(9, #ann.hand)
  end)

  it("Anvil of Bogardan: each draw step, the player draws an extra card then discards one", function()
    local g, ann, bob = game()
    fill(g, ann, 10)
    permanent(g, "anvil_of_bogardan", ann)
    g:begin_turn(bob)
    g:begin_turn(ann)                            -- not the first turn: a normal draw
    g:draw_step()
    assert.are.equal(1, #ann.hand)               -- drew 1, then 1 more, then discarded 1
    assert.are.equal(1, #ann.graveyard)
    assert.are.equal(8, #ann.library)
  end)

  it("the latest rule wins; without one, the house rule or 7", function()
    local g, ann, bob = game()
    assert.are.equal(7, g:max_hand_size(ann))
    local e1 = g:add_static{ affects = ann, rules = { max_hand_size = false } }
    g:add_static{ rules = { max_hand_size = 5 } }
    assert.are.equal(5, g:max_hand_size(ann))
    assert.are.equal(5, g:max_hand_size(bob))
    g:remove_static(e1)
    assert.are.equal(5, g:max_hand_size(ann))
  end)
end)
