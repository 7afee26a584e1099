-- Classic Alpha decks (issue 27 item 4): examples/decks/*.txt are deck lists read by name with
-- arbiter.deck.parse(text, require("arbiter.sets.alpha")); `make demo` plays two of them
-- (examples/duel.lua --decks). A bad name is refused naming its line and the nearest name.
local arbiter = require("arbiter")
local alpha = require("arbiter.sets.alpha")

local DECKS = { "black_specters", "green_stompy", "red_burn", "white_knights" }

local function read(name)
  local f = assert(io.open("examples/decks/" .. name .. ".txt"))
  local text = f:read("*a")
  f:close()
  return text
end

describe("Alpha decks in examples/decks (003: 40 cards at least, 4 copies at most)", function()
  for _, name in ipairs(DECKS) do
    it(name .. " reads with the set's cards and passes the era's deck check", function()
      local deck = assert(arbiter.deck.parse(read(name), alpha))
      assert.are.equal(40, #deck)
      assert.is_true(arbiter.deck.check(deck, { min_size = 40, max_copies = 4 }))
      for _, def in ipairs(deck) do assert.are.equal(alpha[def.name], def) end   -- the set's own definitions
    end)
  end

  it("two decks play a whole game to a result under the simple agent, the same game per seed", function()
    local function game(seed)
      local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = seed }
      g:create_deck(g.players[1], assert(arbiter.deck.parse(read("red_burn"), alpha)))
      g:create_deck(g.players[2], assert(arbiter.deck.parse(read("green_stompy"), alpha)))
      for _, p in ipairs(g.players) do g:shuffle(p.library); g:set_agent(p, arbiter.agents.simple()) end
      g:start()
      local r = g:play{ max_turns = 100 }
      return g, r
    end
    local g, r = game(5)
    assert.is_not_nil(r)                            -- someone won or it was a draw (104)
    local casts = 0
    for _, ev in ipairs(g:history()) do if ev.type == "cast" then casts = casts + 1 end end
    assert.is_true(casts > 5)                       -- the decks' spells were cast, not only lands played
    assert.are.equal(g:state_hash(), (game(5)):state_hash())
  end)

  it("names the line and the nearest card of the set for a misspelt name", function()
    local deck, problems = arbiter.deck.parse("16 Mountain\n4 Lightnig Bolt\n2 Zzyzx Qwerty", alpha)
    assert.is_nil(deck)
    assert.are.same({ 'line 2: unknown card "Lightnig Bolt" (did you mean "Lightning Bolt"?)',
      'line 3: unknown card "Zzyzx Qwerty"' }, problems)
  end)
end)
