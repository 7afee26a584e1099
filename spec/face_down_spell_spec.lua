-- Face-down spells (504; Illusionary Mask: "cast that card face down as a 2/2 creature spell
-- without paying its mana cost"): g:cast's opts.face_down and opts.without_paying. A face-down
-- spell is a 2/2 creature spell with no name, color, subtypes, mana cost or text (504.1); only
-- its controller may look at it (504.4); it resolves into a face-down 2/2 creature, which is
-- turned face up as the same object (504.2); one that leaves the stack otherwise is revealed.
local H = require("helpers")
local alpha = require("arbiter.sets.alpha")

local function game() return H.game{ decks = 5 } end
local function hand(g, name, p) return g:create(alpha[name], { owner = p, zone = "hand" }) end
local function bf(g, name, p) return g:create(alpha[name], { owner = p, zone = "battlefield", sick = false }) end

describe("face-down spells (504)", function()
  it("504.1: cast face down without paying, a 2/2 colorless creature spell with no name; it resolves face down", function()
    local g, ann = game()
    local angel = hand(g, "Serra Angel", ann)
    local obj = g:cast(ann, angel, { face_down = true, without_paying = true })
    assert.same({ "spell", angel, "stack", true, nil, 2, 2, false, true, false, nil },
      { obj.kind, obj.card, angel.zone, angel.face_down, angel.name, angel.power, angel.toughness,
        angel:is("white"), angel:is("Creature"), angel:is("Angel"), angel.cost })
    g:settle()
    assert.same({ "battlefield", true, 2, false }, { angel.zone, angel.face_down, angel.power, angel:has("flying") })
    g:turn_face_up(angel)
    assert.same({ "Serra Angel", 4, true }, { angel.name, angel.power, angel:has("flying") })
  end)

  it("504.4: hidden from the other players (view, can_see, history), seen by its controller", function()
    local g, ann, bob = game()
    local angel = hand(g, "Serra Angel", ann)
    g:cast(ann, angel, { face_down = true, without_paying = true })
    assert.same({ true, false }, { g:can_see(ann, angel), g:can_see(bob, angel) })
    local theirs, mine = g:view(bob).stack[1].card, g:view(ann).stack[1].card
    assert.same({ true, true, nil, 2 }, { theirs.hidden, theirs.face_down, theirs.name, theirs.power })
    assert.equal("Serra Angel", mine.front.name)
    for _, e in ipairs(g:history_for(bob)) do
      if e.card and type(e.card) == "table" and e.card.id == angel.id then assert.is_nil(e.card.name) end
    end
    g:settle()
    for _, e in ipairs(g:history_for(bob)) do
      if e.card and type(e.card) == "table" and e.card.id == angel.id then assert.is_nil(e.card.name) end
    end
  end)

  it("without without_paying it costs nothing printed (a face-down spell has no mana cost); timing of a creature", function()
    local g, ann = game()
    local bolt = hand(g, "Lightning Bolt", ann)
    g:set_agent(ann, { main = function() end })
    g:begin_turn(ann); g:main_phase()
    local obj = g:cast(ann, bolt, { face_down = true })   -- an instant cast face down: a creature spell
    assert.same({ true, 2 }, { bolt:is("Creature"), bolt.power })
    g:settle()
    assert.same({ "battlefield", true }, { bolt.zone, bolt.face_down })
    assert.is_table(obj)
  end)

  it("countered, it is revealed: its owner's graveyard holds the card face up", function()
    local g, ann, bob = game()
    local angel = hand(g, "Serra Angel", ann)
    local obj = g:cast(ann, angel, { face_down = true, without_paying = true })
    g:counter(obj)
    assert.same({ "graveyard", false, "Serra Angel", 4, true }, { angel.zone, angel.face_down, angel.name,
      angel.power, g:can_see(bob, angel) })
  end)

  it("a failed cast leaves the card as it was (422); bad options name g:cast's argument", function()
    local g, ann = game()
    local angel = hand(g, "Serra Angel", ann)
    local h = g:state_hash(true)
    assert.has_error(function()
      H.arbiter.atomic(g, function(gm) gm:cast(ann, angel, { face_down = true, without_paying = true }); error("no") end)
    end, "no")
    assert.same({ "hand", false, "Serra Angel", 4, true }, { angel.zone, angel.face_down, angel.name, angel.power,
      angel:is("white") })
    assert.equal(h, g:state_hash(true))
    assert.has_error(function() g:cast(ann, angel, { face_down = "yes" }) end,
      "bad argument #3 to 'cast' (face_down must be a boolean, got \"yes\")")
    assert.has_error(function() g:cast(ann, angel, { without_paying = true, x = 2 }) end)
    local bears = bf(g, "Grizzly Bears", ann)
    assert.has_error(function() g:cast(ann, angel, { face_down = true, targets = { bears } }) end,
      "bad argument #3 to 'cast' (a face-down spell has no targets or modes (504: it has no text))")
    assert.same({ "hand", false }, { angel.zone, angel.face_down })
  end)

  it("without_paying: the mana cost isn't paid (X is 0); the spell is itself", function()
    local g, ann = game()
    local bears = hand(g, "Grizzly Bears", ann)
    g:cast(ann, bears, { without_paying = true })
    g:settle()
    assert.same({ "battlefield", false, "Grizzly Bears" }, { bears.zone, bears.face_down, bears.name })
  end)
end)
