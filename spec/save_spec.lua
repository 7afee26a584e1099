-- arbiter.save / arbiter.load (issue 31 item 6): a game of Alpha cards (scripted: Lightning Bolt,
-- Giant Growth, Llanowar Elves) saved mid-game and loaded back has the same state_hash and plays
-- on identically; the save is data (no code from it runs; set cards by module name); what can't
-- be saved (a host's closures) is refused naming the step.
local arbiter = require("arbiter")
local alpha = require("arbiter.sets.alpha")

local RED = "16 Mountain\n4 Lightning Bolt\n8 Gray Ogre\n8 Hill Giant\n4 Orcish Artillery"
local GREEN = "16 Forest\n4 Giant Growth\n8 Grizzly Bears\n8 Llanowar Elves\n4 Craw Wurm"

local function duel(seed)
  local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = seed, record = true }
  for i, list in ipairs({ RED, GREEN }) do
    local p = g.players[i]
    g:create_deck(p, assert(arbiter.deck.parse(list, alpha)))
    g:shuffle(p.library)
    g:set_agent(p, arbiter.agents.simple())
  end
  g:draw_each(7)
  return g
end

local function agents() return { arbiter.agents.simple(), arbiter.agents.simple() } end

-- n turns (or until the game ends), each turn's hash after it
local function turns(g, n)
  local hashes = {}
  for _ = 1, n do
    if g:result() then break end
    g:play_turn(g.active_player)
    hashes[#hashes + 1] = g:state_hash()
  end
  return hashes
end

describe("arbiter.save / arbiter.load", function()
  it("a game of Alpha cards saved after 6 turns loads to the same state_hash and plays on identically", function()
    local g = duel(5)
    turns(g, 6)
    local text = arbiter.save(g)
    assert.is_string(text)
    -- set cards are saved by their module, not as code
    assert.truthy(text:find('S"arbiter.sets.alpha.lightning_bolt"', 1, true))
    assert.falsy(text:find("function", 1, true))
    local g2 = arbiter.load(text, { agents = agents() })
    assert.are.equal(g:state_hash(), g2:state_hash())
    assert.are.equal(g.turn, g2.turn)
    assert.are.same(g:view(g.players[1]), g2:view(g2.players[1]))
    -- the same seed's future: both play on to the same result, turn by turn
    local a, b = turns(g, 40), turns(g2, 40)
    assert.are.same(a, b)
    assert.truthy(g:result(), "the game ends within 46 turns")
    assert.are.same(g:view(g.players[2]), g2:view(g2.players[2]))
    assert.are.equal(g:result().winner and g:result().winner.index, g2:result().winner and g2:result().winner.index)
  end)

  it("a loaded game records on: saved again, it loads to the same state", function()
    local g = duel(9)
    turns(g, 3)
    local g2 = arbiter.load(arbiter.save(g), { agents = agents() })
    turns(g2, 3)
    local g3 = arbiter.load(arbiter.save(g2), { agents = agents() })
    assert.are.equal(g2:state_hash(), g3:state_hash())
    turns(g, 3)
    assert.are.equal(g:state_hash(), g3:state_hash())   -- the agents were replaced by equal ones
  end)

  it("no code from the save runs: a save is parsed as data, and names only card modules", function()
    local g = duel(2)
    local text = arbiter.save(g)
    local evil = text:gsub('S"arbiter%.sets%.alpha%.mountain"', 'S"os"', 1)
    assert.has_error(function() arbiter.load(evil, { agents = agents() }) end,
      'arbiter.load: "os" is no card module (arbiter.sets.<set>.<card> or arbiter.cards.<card>)')
    local code = "return (function() os.exit(3) end)()"
    local ok, err = pcall(arbiter.load, code)
    assert.is_false(ok)
    assert.truthy(tostring(err):find("arbiter.load: line 1", 1, true), err)
  end)

  it("refuses what can't be saved, naming the step: a host's closure", function()
    local g = duel(3)
    g:on("draw", function() end)
    local ok, err = pcall(arbiter.save, g)
    assert.is_false(ok)
    assert.truthy(err:find("arbiter.save: can't save step", 1, true), err)
    assert.truthy(err:find("(on)", 1, true), err)
    assert.truthy(err:find("function", 1, true), err)
  end)

  it("bad input: not a game, a game that doesn't record, a text that isn't a save, a missing agent", function()
    assert.has_error(function() arbiter.save(42) end, "bad argument #1 to 'save' (game expected, got number)")
    local plain = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1 }
    assert.has_error(function() arbiter.save(plain) end,
      "arbiter.save: the game records nothing (make it with arbiter.new_game{..., record = true})")
    assert.has_error(function() arbiter.load(7) end, "bad argument #1 to 'load' (string expected, got number)")
    assert.has_error(function() arbiter.load("return {", {}) end)
    local text = arbiter.save(duel(4))
    assert.has_error(function() arbiter.load(text) end,
      "arbiter.load: player 1 (Ann) had an agent: give opts.agents[1] (an agent, or false for none)")
    local g = arbiter.load(text, { agents = { false, false } })
    assert.is_nil(g:agent(g.players[1]))
    -- a save whose recorded hash disagrees (edited) doesn't load
    local edited = text:gsub('%["hash"%]="%x', '["hash"]="X', 1)
    local ok, err = pcall(arbiter.load, edited, { agents = agents() })
    assert.is_false(ok)
    assert.truthy(err:find("arbiter.load: the save doesn't replay: replay diverges at step", 1, true), err)
  end)
end)
