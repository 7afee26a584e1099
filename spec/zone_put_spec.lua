-- A card goes into and out of a zone's order one way (csrc/zone.c arb_zone_put / arb_zone_unput):
-- a card's creation (arb_card_new), an insert and a removal, and their undos (journal.c). 422: an
-- action undone leaves every zone's order exactly as it was; a creation at the top or the
-- bottom of a library, or in the middle of other cards' moves, puts the card where it says.
local H = require("helpers")
local arbiter = H.arbiter

local bear = arbiter.card{ name = "Bear", types = { "Creature" }, power = 2, toughness = 2 }
local elf = arbiter.card{ name = "Elf", types = { "Creature" }, power = 1, toughness = 1 }

local function ids(cards)
  local t = {}
  for i, c in ipairs(cards) do t[i] = c.id end
  return t
end

local function orders(g)
  local t = {}
  for _, p in ipairs(g.players) do
    for _, z in ipairs({ "library", "hand", "graveyard" }) do t[#t + 1] = ids(p[z]:cards()) end
  end
  t[#t + 1] = ids(g.battlefield:cards())
  t[#t + 1] = ids(g.exile:cards())
  return t
end

local function game()
  local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 3 }
  local ann = g.players[1]
  for _ = 1, 4 do g:create(bear, { owner = ann }) end
  return g, ann
end

describe("a zone's order, one way in and out (422)", function()
  it("a creation at the bottom or top of a library puts the card there (library: element 1 the top)", function()
    local g, ann = game()
    local before = ids(ann.library:cards())
    local bottom = g:create(elf, { owner = ann })
    local top = g:create(elf, { owner = ann, position = "top" })
    local now = ids(ann.library:cards())
    assert.equal(#before + 2, #now)
    assert.equal(top.id, now[1])
    assert.equal(bottom.id, now[#now])
    for i, id in ipairs(before) do assert.equal(id, now[i + 1]) end
  end)

  it("creations, inserts and removals undone leave every zone's order and the card count as they were", function()
    local g, ann = game()
    local bob = g.players[2]
    local libtop = ann.library:cards()[2]
    local before, n, hash = orders(g), g:history_length(), g:state_hash(true)
    local ok = g:attempt(function(g2)
      g2:create(elf, { owner = ann, position = "top" })
      g2:create(elf, { owner = ann })
      g2:create(bear, { owner = bob, zone = "hand" })
      g2:move(libtop, "graveyard")                 -- a removal from the middle, an insert
      g2:create(elf, { owner = ann, zone = "battlefield" })
      g2:move(ann.library:cards()[1], "exile")
      g2:draw(ann, 2)
      error("undo")
    end)
    assert.is_false(ok)
    assert.are.same(before, orders(g))
    assert.equal(n, g:history_length())
    assert.equal(hash, g:state_hash(true))
    -- the ids the undone creations took are given again, in order
    local again = g:create(elf, { owner = ann, position = "top" })
    assert.equal(4, again.id)
    assert.equal(again.id, ann.library:cards()[1].id)
  end)

  it("a deck made as one action and undone with its game's action leaves the zones as they were", function()
    local g, ann = game()
    local before = orders(g)
    local ok = g:attempt(function(g2)
      g2:create_deck(ann, { bear, elf, elf, bear })
      error("undo")
    end)
    assert.is_false(ok)
    assert.are.same(before, orders(g))
    local cards = g:create_deck(ann, { bear, elf })
    local now = ids(ann.library:cards())
    -- the deck's first card ends on top of the cards it was made with, the library's bottom
    assert.equal(cards[2].id, now[#now])
    assert.equal(cards[1].id, now[#now - 1])
  end)
end)
