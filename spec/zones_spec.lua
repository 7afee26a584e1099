-- The order of zone:cards() (docs/EVENTS.md): a library top first (423.1: the top card is the
-- next drawn), a hand oldest first as the cards were put there, a graveyard top first.
local H = require("helpers")

describe("zone:cards() order", function()
  it("a hand lists its cards oldest first: the card drawn last is the last element (217.3)", function()
    local g, ann = H.game()
    local deck = H.deck(g, ann, 4)
    assert.are.same(H.names(deck), H.names(ann.library:cards()))      -- library: top first
    g:draw(ann, 3)
    assert.are.same({ "Ann-1", "Ann-2", "Ann-3" }, H.names(ann.hand:cards()))
    local extra = g:create(H.plain, { owner = ann, zone = "hand" })
    assert.are.equal(extra, ann.hand:cards()[4])
    assert.are.equal(extra, ann.hand:top())
  end)

  it("a graveyard lists the card put there last first (217.4: a graveyard's order is kept)", function()
    local g, ann = H.game()
    H.deck(g, ann, 3)
    g:draw(ann, 2)
    local hand = ann.hand:cards()
    g:move(hand[1], "graveyard")
    g:move(hand[2], "graveyard")
    assert.are.same({ hand[2], hand[1] }, ann.graveyard:cards())
  end)
end)
