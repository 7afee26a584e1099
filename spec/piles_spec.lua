-- arbiter.ask_piles (contract "Banding, turns, players, information"; Raging River, Camouflage):
-- a player separates cards into two piles: the agent's piles(), checked to partition the cards,
-- or one choose(p, "pile", {1, 2}) per card.
local H = require("helpers")
local arbiter = H.arbiter

local function setup(n)
  local g, ann, bob = H.game()
  local cards = {}
  for i = 1, n do cards[i] = g:create(H.bear, { owner = bob, zone = "battlefield" }) end
  return g, ann, bob, cards
end

describe("arbiter.ask_piles", function()
  it("without a piles function: one 'pile' question per card, in order", function()
    local g, _, bob, cards = setup(3)
    local asked = {}
    g:set_agent(bob, { choose = function(_, what, options, ctx)
      asked[#asked + 1] = what
      assert.same({ 1, 2 }, options)
      return ctx.index == 2 and 1 or 2
    end })
    local a, b = arbiter.ask_piles(g, bob, cards, { reason = "Raging River" })
    assert.same({ "pile", "pile", "pile" }, asked)
    assert.same({ cards[2] }, a)
    assert.same({ cards[1], cards[3] }, b)
  end)

  it("the agent's piles(p, g, cards, ctx): its two piles, copied", function()
    local g, _, bob, cards = setup(3)
    local given = { cards[3] }
    g:set_agent(bob, { piles = function() return given, { cards[1], cards[2] } end })
    local a, b = arbiter.ask_piles(g, bob, cards)
    assert.same({ cards[3] }, a)
    assert.same({ cards[1], cards[2] }, b)
    assert.are_not.equal(given, a)
  end)

  it("piles that don't partition the cards: an error naming ask_piles, the game as it was", function()
    local g, ann, bob, cards = setup(2)
    local before = g:state_hash(true)
    for _, answer in ipairs({
      function() return { cards[1] }, {} end,                      -- one card in neither
      function() return { cards[1], cards[2] }, { cards[1] } end,  -- one in both
      function() return { ann }, { cards[1], cards[2] } end,       -- not one of them
      function() return "x" end,
    }) do
      g:set_agent(bob, { piles = answer })
      assert.error_matches(function() arbiter.ask_piles(g, bob, cards) end, "ask_piles")
    end
    assert.error_matches(function() arbiter.ask_piles(g, bob, { cards[1], cards[1] }) end, "listed twice")
    assert.error_matches(function() arbiter.ask_piles(g, bob, "x") end, "ask_piles")
    assert.are.equal(before, g:state_hash(true))
  end)

  it("an empty list gives two empty piles", function()
    local g, _, bob = setup(0)
    local a, b = arbiter.ask_piles(g, bob, {})
    assert.same({ {}, {} }, { a, b })
  end)
end)
