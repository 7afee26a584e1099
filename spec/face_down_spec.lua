-- Face-down permanents (504; contract "Version 3 additions": g:turn_face_down, g:turn_face_up,
-- c.face_down): a 2/2 creature with no name, subtypes, color, mana cost or abilities (504.1);
-- its controller may look at it; turned face up it is its own card again, the same object.
local H = require("helpers")
local arbiter = H.arbiter
local alpha = require("arbiter.sets.alpha")

local function game() return H.game{ decks = 5 } end

describe("face-down permanents (504)", function()
  it("504.1: a 2/2 creature with no name, subtypes, color, cost or abilities; face up again, its own card", function()
    local g, ann = game()
    local angel = g:create(alpha["Serra Angel"], { owner = ann, zone = "battlefield" })
    assert.is_true(g:turn_face_down(angel))
    assert.same({ true, nil, 2, 2, false, false, false, true, nil },
      { angel.face_down, angel.name, angel.power, angel.toughness, angel:has("flying"), angel:is("white"),
        angel:is("Angel"), angel:is("Creature"), angel.cost })
    assert.same({}, angel:abilities())
    assert.equal("face-down#" .. angel.id, tostring(angel))
    local ts = angel.id
    assert.is_true(g:turn_face_up(angel))
    assert.same({ false, "Serra Angel", 4, true, true, ts }, { angel.face_down, angel.name, angel.power,
      angel:has("flying"), angel:is("Angel"), angel.id })
    assert.is_false(g:turn_face_up(angel))          -- already face up: nothing happens
  end)

  it("effects still apply to it (a 2/2 plus Giant Growth is 5/5); it attacks without vigilance", function()
    local g, ann, bob = game()
    local angel = g:create(alpha["Serra Angel"], { owner = ann, zone = "battlefield" })
    g:turn_face_down(angel)
    g:add_static{ affects = angel, power = 3, toughness = 3, duration = "end_of_turn" }
    assert.same({ 5, 5 }, { angel.power, angel.toughness })
    g:set_agent(ann, { main = function() end }); g:set_agent(bob, { main = function() end })
    g:begin_turn(ann); g:main_phase(); g:beginning_of_combat()
    g:attack_step({ angel })
    assert.is_true(angel.tapped)                     -- no vigilance face down
    g:block_step({}); g:damage_step()
    assert.equal(15, bob.life)
  end)

  it("its abilities are gone: no activated ability, no static ability of its install (a face-down Goblin King)", function()
    local g, ann = game()
    local sorcerer = g:create(alpha["Prodigal Sorcerer"], { owner = ann, zone = "battlefield" })
    local king = g:create(alpha["Goblin King"], { owner = ann, zone = "battlefield" })
    local orcs = g:create(alpha["Mons's Goblin Raiders"], { owner = ann, zone = "battlefield" })
    assert.equal(2, orcs.power)                      -- 1/1 and the King's +1/+1
    g:turn_face_down(sorcerer)
    assert.has_error(function() g:activate(ann, sorcerer, 1, { targets = { ann } }) end)
    g:turn_face_down(king)
    assert.same({ 1, 2 }, { orcs.power, king.power })
    g:turn_face_up(king)                             -- its abilities again (the same object)
    assert.same({ 2, 2 }, { orcs.power, king.power })
    g:turn_face_up(sorcerer)
    g:begin_turn(ann)
    g:activate(ann, sorcerer, 1, { targets = { ann } }); g:settle()
    assert.equal(19, ann.life)
  end)

  it("its controller may look at it: g:can_see, g:view's front, agents' questions", function()
    local g, ann, bob = game()
    local angel = g:create(alpha["Serra Angel"], { owner = ann, zone = "battlefield" })
    g:turn_face_down(angel)
    assert.same({ true, false }, { g:can_see(ann, angel), g:can_see(bob, angel) })
    local mine, theirs = g:view(ann).battlefield[1], g:view(bob).battlefield[1]
    assert.equal("Serra Angel", mine.front.name)
    assert.same({ true, true, nil, nil, 2, { "Creature" } },
      { theirs.hidden, theirs.face_down, theirs.name, theirs.front, theirs.power, theirs.types })
    local got
    g:set_agent(bob, { choose = function(_, _, options) got = options; return options[1] end })
    assert.equal(angel, arbiter.ask_choose(g, bob, "creature", { angel }))
    assert.same({ hidden = true, id = angel.id }, got[1])
    -- the history as Bob saw it: the event names no card
    for _, e in ipairs(g:history_for(bob)) do
      if e.type == "turned face down" then assert.is_nil(e.card.name) end
    end
  end)

  it("leaving the battlefield it is turned face up (its owner's graveyard sees the card)", function()
    local g, ann, bob = game()
    local angel = g:create(alpha["Serra Angel"], { owner = ann, zone = "battlefield" })
    g:turn_face_down(angel)
    g:destroy(angel)
    assert.same({ "graveyard", false, "Serra Angel" }, { angel.zone, angel.face_down, angel.name })
    assert.is_true(g:can_see(bob, angel))
  end)

  it("a failed action undoes it (422); bad input names the function and leaves the game unchanged", function()
    local g, ann = game()
    local angel = g:create(alpha["Serra Angel"], { owner = ann, zone = "battlefield" })
    local inside
    assert.is_false((g:attempt(function()
      g:turn_face_down(angel)
      inside = { angel.face_down, angel.name }
      error("no")
    end)))
    assert.same({ true, nil }, inside)                                 -- it was face down, then undone
    assert.same({ false, "Serra Angel", true }, { angel.face_down, angel.name, angel:has("flying") })
    local hand = g:create(alpha["Serra Angel"], { owner = ann, zone = "hand" })
    assert.has_error(function() g:turn_face_down(hand) end,
      "bad argument #1 to 'turn_face_down' (a permanent expected (504: only permanents are turned face down here), "
      .. "got Serra Angel#" .. hand.id .. " in the hand)")
    assert.has_error(function() g:turn_face_up("x") end)
    assert.is_false(hand.face_down)
  end)

  -- The combat solver reads a creature's combat functions (can_attack, attack_condition,
  -- can_block, block_condition, can_be_blocked_by, blocked_condition) through its definition:
  -- face down, the face-down 2/2's, which has none (504.1), as c.definition is.
  local never = function() return false end
  local WALLISH = arbiter.card{ name = "Can't Anything", types = { "Creature" }, power = 2, toughness = 2,
    can_attack = never, attack_condition = never, can_block = never, block_condition = never }
  local SLIPPERY = arbiter.card{ name = "Unblockable", types = { "Creature" }, power = 2, toughness = 2,
    can_be_blocked_by = never, blocked_condition = never }

  local function combat(down)
    local g, ann, bob = game()
    local slip = g:create(SLIPPERY, { owner = ann, zone = "battlefield" })
    local mute = g:create(WALLISH, { owner = ann, zone = "battlefield" })
    local wall = g:create(WALLISH, { owner = bob, zone = "battlefield" })
    if down then g:turn_face_down(slip); g:turn_face_down(mute); g:turn_face_down(wall) end
    return g, slip, mute, wall
  end

  it("504.1: face down, its printed combat restrictions are gone: it attacks, blocks and is blocked as a vanilla 2/2", function()
    local g, slip, mute, wall = combat(true)
    assert.is_true(g:check_attack({ slip, mute }))
    assert.equal(4, #g:legal_attacks())                -- every subset of the two
    local near, changes = g:nearest_legal_attack({ slip, mute }, { exact = true })
    assert.same({ 2, 0 }, { #near, changes })
    g:declare_attackers({ slip, mute })
    assert.is_true(g:check_block({ [wall] = slip }))
    assert.is_true(g:check_block({ [wall] = mute }))
    assert.equal(3, #g:legal_blocks())                 -- none, the wall on either
    local nb, bchanges = g:nearest_legal_block({ [wall] = slip }, { exact = true })
    assert.same({ slip, 0 }, { nb[wall], bchanges })
    g:declare_blockers({ [wall] = slip })
    assert.equal(1, #g:blocks())
  end)

  it("504.1 (the same board face up): the printed restrictions hold", function()
    local g, slip, mute, wall = combat(false)
    assert.is_false((g:check_attack({ slip, mute })))
    assert.is_true(g:check_attack({ slip }))
    g:declare_attackers({ slip })
    assert.is_false((g:check_block({ [wall] = slip })))
    assert.equal(1, #g:legal_blocks())                 -- only no block
    local nb, bchanges = g:nearest_legal_block({ [wall] = slip }, { exact = true })
    assert.same({ nil, 1 }, { nb[wall], bchanges })
    assert.is_not_nil(mute)
  end)
end)
