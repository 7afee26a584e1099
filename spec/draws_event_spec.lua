-- The "draws" event (contract "Version 3: the details"): g:draw(p, n) emits a replaceable
-- "draws" event {player, amount} for the whole instruction first (423.2: the instruction's n
-- draws are separate; this one event stands for the instruction): observers run before the
-- first card is drawn, a replacement of it replaces the whole instruction.
local H = require("helpers")

describe("the 'draws' event (423.6: a replacement of the whole instruction)", function()
  it("is seen once per instruction, before the first card is drawn", function()
    local g, ann = H.game()
    H.deck(g, ann, 5)
    local seen = {}
    g:on("draws", function(ev) seen[#seen + 1] = { ev.player, ev.amount, #ann.hand } end)
    local ndraw = 0
    g:on("draw", function() ndraw = ndraw + 1 end)
    g:draw(ann, 3)
    assert.same({ { ann, 3, 0 } }, seen)
    assert.are.equal(3, ndraw)
    assert.are.equal(3, #ann.hand)
  end)

  it("replaced, the whole instruction is: no card drawn, no draw event", function()
    local g, ann = H.game()
    H.deck(g, ann, 5)
    g:add_replacement{ event = "draws", replace = function() end }
    local got = g:draw(ann, 2)
    assert.are.equal(0, #got)
    assert.are.equal(0, #ann.hand)
    assert.are.equal(5, #ann.library)
  end)

  it("a replacement may change the amount ('draw that many plus one')", function()
    local g, ann = H.game()
    H.deck(g, ann, 5)
    g:add_replacement{ event = "draws", replace = function(ev) ev.amount = ev.amount + 1; return ev end }
    g:draw(ann, 2)
    assert.are.equal(3, #ann.hand)
  end)

  it("with options (an optional draw) too; a trigger on it waits like any", function()
    local g, ann = H.game()
    H.deck(g, ann, 5)
    local n = 0
    g:trigger{ event = "draws", controller = ann, effect = function() n = n + 1 end }
    g:draw(ann, 2, { optional = true })     -- no agent: declines each
    assert.are.equal(0, #ann.hand)
    g:settle()
    assert.are.equal(1, n)
  end)
end)
