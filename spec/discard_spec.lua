-- Discarding: guide 003 "Drawing and Discarding" (one at a time; Hymn to Tourach and
-- Library of Leng), docs/API.md, g:discard.
local H = require("helpers")
local arbiter = H.arbiter

local function hand_of(g, p, n)
  local cards = {}
  for i = 1, n do
    cards[i] = g:create(arbiter.card{ name = "Card" .. i, types = { "Sorcery" } }, { owner = p, zone = "hand" })
  end
  return cards
end

describe("discarding (003)", function()
  it("the player chooses each card with choose(p, 'discard', hand, ctx), one at a time", function()
    local g, _, bob = H.game()
    local hand = hand_of(g, bob, 4)
    local calls = {}
    g:set_agent(bob, { choose = function(p, what, options, ctx)
      calls[#calls + 1] = { p = p, what = what, n = #options, has1 = H.contains(options, hand[3]) }
      return hand[3].zone == "hand" and hand[3] or options[#options]
    end })
    local out = g:discard(bob, 2)
    assert.are.equal(2, #calls)
    assert.are.equal(bob, calls[1].p)
    assert.are.equal("discard", calls[1].what)
    assert.are.equal(4, calls[1].n)
    -- the second question is asked after the first card left the hand
    assert.are.equal(3, calls[2].n)
    assert.is_false(calls[2].has1)
    assert.are.equal(hand[3], out[1])
    assert.are.equal(2, #out)
    assert.are.equal(2, #bob.hand)
    assert.are.equal(2, #bob.graveyard)
    -- each card goes onto the top of the graveyard: the last discarded is on top
    assert.are.equal(out[2], bob.graveyard:cards()[1])
    local evs = H.events(g, "discard")
    assert.are.equal(2, #evs)
    assert.are.equal(bob, evs[1].player)
    assert.are.equal(hand[3], evs[1].card)
    assert.are.equal("hand", evs[1].from)
    assert.are.equal("graveyard", evs[1].to)
  end)

  it("a player with no agent discards the first option", function()
    local g, ann = H.game()
    hand_of(g, ann, 3)
    local first = ann.hand:cards()[1]
    local out = g:discard(ann, 1)
    assert.are.same({ first }, out)
    assert.are.equal("graveyard", first.zone)
  end)

  it("discarding more cards than the hand holds discards the whole hand", function()
    local g, ann = H.game()
    hand_of(g, ann, 2)
    local out = g:discard(ann, 5)
    assert.are.equal(2, #out)
    assert.are.equal(0, #ann.hand)
    assert.are.equal(2, #ann.graveyard)
  end)

  it("an agent answering with a card that isn't an option is an error, and nothing is discarded", function()
    local g, ann = H.game()
    hand_of(g, ann, 2)
    local other = g:create(H.plain, { owner = ann, zone = "graveyard" })
    g:set_agent(ann, { choose = function() return other end })
    local before = g:state_hash()
    assert.has_error(function() g:discard(ann, 1) end)
    assert.are.equal(before, g:state_hash())
    assert.are.equal(2, #ann.hand)
  end)

  describe("at random", function()
    local function run(seed)
      local g, _, bob = H.game{ seed = seed }
      hand_of(g, bob, 7)
      return H.names(g:discard(bob, 3, { random = true })), g
    end

    it("is seeded: the same seed discards the same cards", function()
      local a = run(11)
      local b = run(11)
      assert.are.same(a, b)
      assert.are.equal(3, #a)
    end)

    it("depends on the seed (some of several seeds pick differently)", function()
      local first = table.concat(run(1), ",")
      local differs = false
      for s = 2, 8 do
        if table.concat(run(s), ",") ~= first then differs = true end
      end
      assert.is_true(differs)
    end)

    it("doesn't ask the agent", function()
      local g, _, bob = H.game{ seed = 4 }
      hand_of(g, bob, 3)
      g:set_agent(bob, { choose = function() error("should not be asked") end })
      assert.are.equal(2, #g:discard(bob, 2, { random = true }))
    end)

    it("a clone discards the same cards as the original", function()
      local g, _, bob = H.game{ seed = 21 }
      hand_of(g, bob, 6)
      local c = g:clone()
      local a = H.names(g:discard(bob, 3, { random = true }))
      local b = H.names(c:discard(c.players[2], 3, { random = true }))
      assert.are.same(a, b)
    end)
  end)

  describe("Hymn to Tourach and Library of Leng", function()
    local function setup(seed)
      local g = arbiter.new_game{ players = { "Bob", "Sue" }, seed = seed or 7 }
      local bob, sue = g.players[1], g.players[2]
      H.deck(g, sue, 3)
      local hand = hand_of(g, sue, 5)
      local leng = g:create(arbiter.card{ name = "Library of Leng", types = { "Artifact" } },
        { owner = sue, zone = "battlefield" })
      return g, bob, sue, leng, hand
    end

    it("each random discard may go to the library's top instead (a changed ev.to)", function()
      local g, _, sue, leng = setup()
      local seen = 0
      g:add_replacement{ event = "discard", source = leng,
        applies = function(ev) return ev.player == sue end,
        replace = function(ev) seen = seen + 1; ev.to = "library"; return ev end }
      local out = g:discard(sue, 2, { random = true })        -- Hymn to Tourach
      assert.are.equal(2, seen)
      assert.are.equal(2, #out)
      assert.are.equal("library", out[1].zone)
      assert.are.equal("library", out[2].zone)
      assert.are.equal(5, #sue.library)
      assert.are.equal(0, #sue.graveyard)
      -- one at a time, each onto the top: the second discarded is now on top
      assert.are.equal(out[2], sue.library:cards()[1])
      assert.are.equal(out[1], sue.library:cards()[2])
      local evs = H.events(g, "discard")
      assert.are.equal(2, #evs)
      assert.are.equal("library", evs[1].to)
      assert.are.equal("library", evs[2].to)
    end)

    it("the choice is made for each discard in turn, before the next card is picked", function()
      local g, _, sue, leng = setup()
      local log = {}
      local n = 0
      g:add_replacement{ event = "discard", source = leng,
        applies = function(ev) return ev.player == sue end,
        replace = function(ev, g2)
          n = n + 1
          log[#log + 1] = "replace " .. ev.card.name .. " hand=" .. #sue.hand
          if n == 1 then ev.to = "library" end              -- the first to the library, the second not
          return ev
        end }
      g:on("discard", function(ev) log[#log + 1] = "discarded " .. ev.card.name .. " to " .. ev.to end)
      local out = g:discard(sue, 2, { random = true })
      assert.are.same({
        "replace " .. out[1].name .. " hand=5",
        "discarded " .. out[1].name .. " to library",
        "replace " .. out[2].name .. " hand=4",
        "discarded " .. out[2].name .. " to graveyard",
      }, log)
      assert.are.equal("library", out[1].zone)
      assert.are.equal(out[1], sue.library:top())
      assert.are.equal("graveyard", out[2].zone)
    end)

    it("moving a card from hand to graveyard is not a discard", function()
      local g, _, _, _, hand = setup()
      local n = 0
      g:add_replacement{ event = "discard", replace = function(ev) n = n + 1; ev.to = "library"; return ev end }
      g:move(hand[1], "graveyard")
      assert.are.equal(0, n)
      assert.are.equal("graveyard", hand[1].zone)
      assert.are.equal(0, #H.events(g, "discard"))
    end)
  end)
end)
