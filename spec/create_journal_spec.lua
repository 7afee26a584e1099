-- g:create outside any action keeps no journal (csrc/lcreate.c, as g:create_deck): a game set up
-- card by card holds only its cards, zones and history (docs/PERFORMANCE.md's memory figure,
-- bench/draw.lua), and a creation is still one action, undone as a whole inside another (422).
local H = require("helpers")
local arbiter = H.arbiter

local bear = arbiter.card{ name = "Bear", types = { "Creature" }, power = 2, toughness = 2 }

describe("g:create keeps no journal of its own", function()
  it("a game's first creation holds the journal's block (64 entries) less than one made inside an action", function()
    local function grown(inside)
      local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1 }
      local m = g:memory()
      if inside then
        assert.is_true(g:attempt(function(g2) g2:create(bear, { owner = g2.players[1] }) end))
      else
        g:create(bear, { owner = g.players[1] })
      end
      assert.equal(1, #g.players[1].library)
      return g:memory() - m
    end
    local alone, inside = grown(false), grown(true)
    assert.is_true(inside - alone >= 64 * 24, string.format("alone +%d bytes, inside an action +%d", alone, inside))
  end)

  it("a creation inside an action is undone with it, and the next action journals again", function()
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1 }
    local ann = g.players[1]
    for _ = 1, 3 do g:create(bear, { owner = ann }) end
    local hash, n = g:state_hash(true), g:history_length()
    local ok = g:attempt(function(g2)
      g2:create(bear, { owner = ann, zone = "battlefield" })
      g2:create(bear, { owner = ann, zone = "hand" })
      g2:draw(ann)
      error("undo")
    end)
    assert.is_false(ok)
    assert.equal(hash, g:state_hash(true))
    assert.equal(n, g:history_length())
    assert.equal(3, #ann.library)
    assert.equal(0, #ann.hand)
    -- a creation after the undone action: its own action, a bad definition changes nothing
    local c = g:create(bear, { owner = ann, zone = "hand" })
    assert.equal(3, c.id)
    local h2 = g:state_hash(true)
    assert.has_error(function() g:create({ name = "Bad", types = { "Nonsense" } }, { owner = ann }) end)
    assert.equal(h2, g:state_hash(true))
  end)
end)
