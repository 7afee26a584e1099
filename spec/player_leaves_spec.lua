-- A player who leaves a multiplayer game takes its cards with it (CompRules 2005-2008, 600.4):
-- the objects it owns leave the game, its spells and abilities on the stack cease to exist, the
-- effects giving it control of objects end, and what it still controls is removed from the game.
-- Not a state-based action: it happens as the player leaves (csrc/player_leave.c).
local K = require("spec.sets.alpha.kit")
local arbiter = K.arbiter

-- An instant of Bob's: "Target player loses the game."
local DOOM = arbiter.card{ name = "Doom", types = { "Instant" }, cost = "{0}",
  targets = { "player" }, resolve = function(obj, g) g:lose(obj.targets[1]) end }

local function three()
  local g, ann, bob, cid = K.H.game{ players = { "Ann", "Bob", "Cid" } }
  for _, p in ipairs(g.players) do K.H.deck(g, p, 10) end
  for _, p in ipairs(g.players) do g:set_agent(p, K.agent()) end
  return g, ann, bob, cid
end

describe("a player leaving a multiplayer game (600.4)", function()
  it("its Time Walk on the stack ceases to exist: no extra turn, no error (the Alpha soak's bug)", function()
    local g, ann, bob = three()
    local doom = K.hand(g, DOOM, bob)
    g:set_agent(bob, K.responder(function(game)
      if game:stack_objects()[1] then return { cast = doom, targets = { ann } } end
    end))
    g:begin_turn(ann); g:untap_step(); g:upkeep_step(); g:draw_step(); g:main_phase()
    local walk = K.cast(g, ann, "Time Walk", "UU")
    g:settle()
    assert.is_true(ann.lost)
    assert.is_nil(g:result())             -- Bob and Cid play on
    assert.equal("exile", walk.zone)                  -- left the game: never resolved
    assert.same({}, g:stack_objects())
    g:play_turn()                                     -- the rest of Ann's turn: she is out
    g:play_turn()
    assert.equal("Cid", g.active_player.name)         -- Bob, then Cid: no extra turn for Ann
  end)

  it("its permanents leave the game; the others' stay", function()
    local g, ann, bob, cid = three()
    local lands = K.lands(g, ann, "UU")
    local ogre = K.bf(g, "Grizzly Bears", ann)
    local bears = K.bf(g, "Grizzly Bears", cid)
    g:lose(ann)
    assert.same({ "exile", "exile", "exile", "battlefield" }, { lands[1].zone, lands[2].zone, ogre.zone, bears.zone })
    assert.is_nil(g:result())             -- Bob and Cid play on
    assert.same({}, g:permanents(ann))
    assert.truthy(bob)
  end)

  it("a permanent it took from another player returns to its owner's control", function()
    local g, ann, bob = three()
    local bears = K.bf(g, "Grizzly Bears", bob)
    g:gain_control(bears, ann)
    assert.equal(ann, bears.controller)
    g:concede(ann)
    assert.same({ "battlefield", bob }, { bears.zone, bears.controller })
  end)

  it("its Control Magic leaves with it: the creature is its owner's again", function()
    local g, ann, bob = three()
    local bears = K.bf(g, "Grizzly Bears", bob)
    g:begin_turn(ann); g:untap_step(); g:upkeep_step(); g:draw_step(); g:main_phase()
    local magic = K.cast(g, ann, "Control Magic", "UUUU", { targets = { bears } })
    g:settle()
    assert.equal(ann, bears.controller)
    g:lose(ann)
    assert.same({ "exile", "battlefield", bob }, { magic.zone, bears.zone, bears.controller })
  end)

  it("the cards of its library, hand and graveyard leave the game too (600.4a: all objects it owns)", function()
    local g, ann, bob = three()
    local in_hand = K.hand(g, "Grizzly Bears", ann)
    local in_grave = K.grave(g, "Grizzly Bears", ann)
    local bobs = K.grave(g, "Grizzly Bears", bob)
    local library = ann.library:cards()
    assert.equal(10, #library)
    g:lose(ann)
    assert.same({ "exile", "exile", "graveyard" }, { in_hand.zone, in_grave.zone, bobs.zone })
    assert.same({ 0, 0, 0 }, { #ann.library:cards(), #ann.hand:cards(), #ann.graveyard:cards() })
    for _, c in ipairs(library) do assert.equal("exile", c.zone) end
    assert.equal(10, #bob.library:cards())
  end)

  it("Bob's Animate Dead can no longer find the creature card in Ann's graveyard once she left", function()
    local g, ann, bob = three()
    local bears = K.grave(g, "Grizzly Bears", ann)
    local lands = K.lands(g, bob, "BB")
    g:begin_turn(bob); g:untap_step(); g:upkeep_step(); g:draw_step(); g:main_phase()
    g:lose(ann)
    local dead = K.hand(g, "Animate Dead", bob)
    assert.equal("exile", bears.zone)
    assert.has_error(function() g:cast(bob, dead, { targets = { bears } }) end)
    assert.same({ "hand", false }, { dead.zone, lands[1].tapped })
  end)

  it("a control of a player ends when either player leaves (g:control_player; 600.4a)", function()
    local g, ann, bob = three()
    local asked = {}
    local function agent(name)
      return { may = function(p) asked[#asked + 1] = name .. ":" .. p.name; return true end }
    end
    g:set_agent(ann, agent("ann")); g:set_agent(bob, agent("bob"))
    g:control_player(bob, ann)
    arbiter.ask_may(g, bob, "x")
    g:concede(ann)
    arbiter.ask_may(g, bob, "y")
    assert.same({ "ann:Bob", "bob:Bob" }, asked)
  end)

  it("undone with the call that made the player lose (422)", function()
    local g, ann = three()
    local lands = K.lands(g, ann, "U")
    assert.is_false(g:attempt(function(game) game:lose(ann); error("no") end))
    local hand = K.hand(g, "Grizzly Bears", ann)
    local before = g:state_hash()
    assert.is_false(g:attempt(function(game) game:lose(ann); error("no") end))
    assert.same({ false, "battlefield", "hand", 10 }, { ann.lost, lands[1].zone, hand.zone, #ann.library:cards() })
    assert.equal(before, g:state_hash())
  end)

  it("in a two-player game the game ends instead and the loser's board stays (the result)", function()
    local g, ann, bob = K.game()
    local lands = K.lands(g, ann, "U")
    g:lose(ann)
    assert.same({ bob, "battlefield" }, { g:result().winner, lands[1].zone })
  end)
end)
