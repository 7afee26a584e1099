-- Controlling another player (contract "Banding, turns, players, information"; Word of Command's
-- "You control that player until Word of Command finishes resolving"): g:control_player(p, by,
-- duration): by's agent answers every question p is asked, for the game, the turn, or while a
-- stack object is on the stack (its resolution included).
local H = require("helpers")
local arbiter = H.arbiter

local function agent(name, log)
  return {
    may = function(p, what) log[#log + 1] = name .. ":" .. p.name .. ":" .. what; return true end,
    choose = function(p, what, options) log[#log + 1] = name .. ":" .. p.name .. ":" .. what; return options[#options] end,
  }
end

describe("g:control_player (507.3: the controller makes the player's choices)", function()
  it("by's agent answers p's questions (asked as p's), until it ends", function()
    local g, ann, bob = H.game()
    local log = {}
    g:set_agent(ann, agent("ann", log)); g:set_agent(bob, agent("bob", log))
    g:control_player(bob, ann)
    assert.is_true(arbiter.ask_may(g, bob, "mulligan"))
    assert.are.equal("c", arbiter.ask_choose(g, bob, "pick", { "a", "b", "c" }))
    assert.same({ "ann:Bob:mulligan", "ann:Bob:pick" }, log)
  end)

  it("'end_of_turn' lasts this turn only", function()
    local g, ann, bob = H.game()
    local log = {}
    g:set_agent(ann, agent("ann", log)); g:set_agent(bob, agent("bob", log))
    g:begin_turn(ann)
    g:control_player(bob, ann, "end_of_turn")
    arbiter.ask_may(g, bob, "x")
    g:begin_turn(bob)
    arbiter.ask_may(g, bob, "y")
    assert.same({ "ann:Bob:x", "bob:Bob:y" }, log)
  end)

  it("with a stack object: until it finishes resolving (Word of Command)", function()
    local g, ann, bob = H.game()
    local log = {}
    g:set_agent(ann, agent("ann", log)); g:set_agent(bob, agent("bob", log))
    local word = arbiter.card{ name = "Word", types = { "Instant" }, resolve = function(obj, game)
      game:control_player(bob, obj.controller, obj)
      arbiter.ask_may(game, bob, "during")
    end }
    g:cast(ann, g:create(word, { owner = ann, zone = "hand" }))
    g:settle()
    arbiter.ask_may(g, bob, "after")
    assert.same({ "ann:Bob:during", "bob:Bob:after" }, log)
  end)

  it("the controlled player's discard choice is made by the controller", function()
    local g, ann, bob = H.game()
    local log = {}
    g:set_agent(ann, agent("ann", log)); g:set_agent(bob, agent("bob", log))
    for _ = 1, 3 do g:create(H.plain, { owner = bob, zone = "hand" }) end
    g:control_player(bob, ann)
    g:discard(bob, 1)
    assert.are.equal("ann:Bob:discard", log[1])
  end)

  it("a failed action undoes it (422); bad input names the argument; the game as it was", function()
    local g, ann, bob = H.game()
    local log = {}
    g:set_agent(ann, agent("ann", log)); g:set_agent(bob, agent("bob", log))
    assert.has_error(function() g:atomic(function() g:control_player(bob, ann); error("no") end) end)
    arbiter.ask_may(g, bob, "x")
    assert.same({ "bob:Bob:x" }, log)
    assert.error_matches(function() g:control_player(bob, ann, "forever") end, "#3 to 'control_player'")
    assert.error_matches(function() g:control_player(bob, ann, {}) end, "control_player.*stack object")
    assert.error_matches(function() g:control_player(bob, H.game().players[1]) end, "control_player")
    g:concede(bob)
    assert.error_matches(function() g:control_player(bob, ann) end, "left the game")
  end)
end)
