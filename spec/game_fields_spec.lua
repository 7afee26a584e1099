-- A game's fields (lgame.c game_index: core_field tells the core's fields apart by their first
-- letter, then compares once): every one reads what the game's methods say, a name that only
-- shares a first letter or a prefix with one is no field (nil), and g.players is a fresh array
-- each read (docs/API.md: a caller may keep or change it without changing the game's).
local H = require("helpers")
local GI = require("arbiter.internal")._game

describe("game fields (docs/API.md, Games)", function()
  it("each core field reads the game", function()
    local g, ann, bob = H.game()
    assert.are.equal(GI._active(g), g.active_player)
    assert.are.equal(ann, g.active_player)
    assert.are.equal(GI._step_name(g), g.step)
    assert.are.equal(GI._turn(g), g.turn)
    assert.are.equal(GI._priority(g), g.priority)
    assert.are.equal("stack", g.stack.name)
    assert.are.equal("battlefield", g.battlefield.name)
    assert.are.equal("exile", g.exile.name)
    assert.are.same({ ann, bob }, g.players)
    assert.are.equal("function", type(g.draw))        -- methods first
    local held = {}
    g:set_agent(ann, { priority_always = true,
                       priority = function(p, game) held[#held + 1] = game.priority == p and p end })
    g:settle()
    assert.are.equal(ann, held[1])                     -- g.priority: the player asked
    g:begin_turn(bob)
    g:upkeep_step()
    assert.are.equal(bob, g.active_player)
    assert.are.equal("upkeep", g.step)
    assert.are.equal(1, g.turn)
  end)

  it("names alike in their first letter or a prefix are no fields", function()
    local g = H.game()
    for _, k in ipairs({ "a", "active", "active_players", "s", "st", "steps", "stacks", "t", "turns",
                         "p", "player", "playerss", "prio", "b", "battle", "e", "exiled", "", "x",
                         "zone", "fields" }) do
      assert.is_nil(g[k], k)
    end
  end)

  it("g.players: a fresh array each read; changing one changes no other", function()
    local g, ann, bob = H.game()
    local a = g.players
    assert.are_not.equal(a, g.players)
    table.remove(a, 1)
    a.x = 1
    assert.are.same({ ann, bob }, g.players)
  end)
end)
