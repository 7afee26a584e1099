-- zone:cards() reads the game's card proxies once for the whole list (csrc/lcard.c zone_cards,
-- arb_l_pushcard_at): the same card is always the same Lua value, a card without a proxy yet
-- (a clone's) gets one kept for the next read, and the order is the zone's.
local H = require("helpers")
local arbiter = H.arbiter

local bear = arbiter.card{ name = "Bear", types = { "Creature" }, power = 2, toughness = 2 }

describe("zone:cards()", function()
  it("lists the cards the calls returned, a library top first and a hand oldest first", function()
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 2 }
    local ann = g.players[1]
    local made = g:create_deck(ann, { bear, bear, bear, bear, bear })
    local lib = ann.library:cards()
    for i = 1, 5 do assert.is_true(rawequal(made[i], lib[i])) end   -- the first entry ends on top
    g:draw(ann, 2)
    local hand = ann.hand:cards()
    assert.is_true(rawequal(made[1], hand[1]))
    assert.is_true(rawequal(made[2], hand[2]))
    assert.equal(3, #ann.library:cards())
    assert.is_true(rawequal(made[3], ann.library:cards()[1]))
  end)

  it("makes a clone's proxies as it lists its cards, and gives the same ones on the next read", function()
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 2 }
    local ann = g.players[1]
    local made = g:create_deck(ann, { bear, bear, bear })
    local c = g:clone()
    local first = c.players[1].library:cards()
    local again = c.players[1].library:cards()
    assert.equal(3, #first)
    for i = 1, 3 do
      assert.equal(made[i].id, first[i].id)
      assert.is_false(rawequal(made[i], first[i]))       -- the clone's own card, not the original's
      assert.is_true(rawequal(first[i], again[i]))
      assert.equal("library", first[i].zone)
    end
    c:draw(c.players[1])
    assert.is_true(rawequal(first[1], c.players[1].hand:cards()[1]))
    assert.equal(3, #ann.library:cards())                   -- the original's untouched
  end)
end)
