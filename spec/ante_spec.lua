-- Playing for ante (the era's ante rules, 217.8 the ante zone; contract "Version 3 additions",
-- "Ante"): arbiter.house.ante, each player's zone "ante", g:set_owner, ante cards in deck checks.
local H = require("helpers")
local arbiter = H.arbiter
local alpha = require("arbiter.sets.alpha")

local function ante_game(rules)
  local list = { arbiter.house.ante }
  for _, r in ipairs(rules or {}) do table.insert(list, 1, r) end
  local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 5, house_rules = list }
  local ann, bob = g.players[1], g.players[2]
  H.deck(g, ann, 20); H.deck(g, bob, 20)
  return g, ann, bob
end

describe("ante (217.8)", function()
  it("house.ante: as the game starts, after every mulligan, each player antes its library's top card", function()
    local g, ann, bob = ante_game{ arbiter.house.paris }
    local asked = 0
    g:set_agent(ann, { may = function(_, what)
      if what == "mulligan" then asked = asked + 1; return asked == 1 end   -- one mulligan
      return false
    end })
    g:start()
    assert.same({ 1, 1 }, { #ann.ante, #bob.ante })
    assert.same({ 6, 7 }, { #ann.hand, #bob.hand })             -- Paris: her second hand has 6
    assert.same({ 13, 12 }, { #ann.library, #bob.library })
    local c = ann.ante:cards()[1]
    assert.same({ "ante", ann }, { c.zone, c.owner })
    -- the ante is public: both see it (g:view)
    assert.equal(c.name, g:view(bob).players[1].ante[1].name)
    assert.is_true(g:can_see(bob, c))
  end)

  it("the winner owns the ante: a loss at 0 life (420.5a) hands both cards to Ann", function()
    local g, ann, bob = ante_game()
    g:start()
    local mine, theirs = ann.ante:cards()[1], bob.ante:cards()[1]
    g:lose_life(bob, 20)
    g:check_state()
    assert.equal(ann, g:result().winner)
    assert.same({ ann, ann, ann }, { mine.owner, theirs.owner, theirs.controller })
    assert.equal("ante", theirs.zone)
  end)

  it("a drawn game: each card stays its owner's", function()
    local g, _, bob = ante_game()
    g:start()
    local theirs = bob.ante:cards()[1]
    g:draw_game()
    assert.is_true(g:result().draw)
    assert.equal(bob, theirs.owner)
    -- and a game not played for ante hands nothing over
    local g2 = arbiter.new_game{ players = { "Ann", "Bob" } }
    local c = g2:create(H.plain, { owner = g2.players[2], zone = "ante" })
    g2:concede(g2.players[2])
    assert.equal(g2.players[2], c.owner)
  end)

  it("g:set_owner: an 'owner' event, the card's next zone its new owner's; undone with a failed action (422)", function()
    local g, ann, bob = H.game()
    local c = g:create(H.plain, { owner = bob, zone = "ante" })
    assert.is_true(g:set_owner(c, ann))
    assert.same({ ann, ann }, { c.owner, c.controller })
    local ev = H.events(g, "owner")[1]
    assert.same({ c, ann }, { ev.card, ev.player })
    local seen
    for _, e in ipairs(g:history_for(bob)) do if e.type == "owner" then seen = e end end
    assert.same({ { id = c.id, name = c.name }, 1 }, { seen.card, seen.player })   -- the ante is public
    g:move(c, "graveyard")
    assert.equal(1, #ann.graveyard)                 -- its owner's graveyard: Ann's
    assert.is_false(g:set_owner(c, ann))            -- already hers: nothing happens
    local d = g:create(H.plain, { owner = bob, zone = "ante" })
    assert.has_error(function() g:atomic(function() g:set_owner(d, ann); error("no") end) end)
    assert.equal(bob, d.owner)
  end)

  it("g:set_owner refuses a permanent, a spell, a non-player, a card of another game", function()
    local g, ann, bob = H.game()
    local perm = g:create(H.bear, { owner = bob, zone = "battlefield" })
    assert.has_error(function() g:set_owner(perm, ann) end,
      "bad argument #1 to 'set_owner' (a card outside play expected (a permanent's or a spell's owner doesn't change here), got Grizzly Bears#0 on the battlefield)")
    assert.has_error(function() g:set_owner(perm, "Ann") end)
    local other = arbiter.new_game{ players = { "X", "Y" } }
    local c = other:create(H.plain, { owner = other.players[1], zone = "ante" })
    assert.has_error(function() g:set_owner(c, ann) end)
    assert.equal(bob, perm.owner)
  end)

  it("ante cards: deck.check refuses them unless ante = true; house.deck_check accepts them in an ante game", function()
    local deck = { alpha["Darkpact"] }
    for _ = 1, 59 do deck[#deck + 1] = alpha["Swamp"] end
    assert.is_false((arbiter.deck.check(deck, { ante = false })))
    assert.is_true(arbiter.deck.check(deck, { ante = true }))
    assert.has_error(function() arbiter.deck.check(deck, { ante = "yes" }) end,
      "bad argument #2 to 'check' (ante must be a boolean, got string)")
    local function start(rules)
      local g = arbiter.new_game{ players = { "Ann", "Bob" }, house_rules = rules }
      for _, p in ipairs(g.players) do g:create_deck(p, deck) end
      return pcall(g.start, g)
    end
    assert.is_false((start{ arbiter.house.deck_check }))
    assert.is_true((start{ arbiter.house.deck_check, arbiter.house.ante }))
  end)

  it("a target in the ante ({what = 'card', zone = 'ante'}): only cards in an ante zone", function()
    local g, ann, bob = H.game()
    local a = g:create(H.plain, { owner = bob, zone = "ante" })
    g:create(H.plain, { owner = bob, zone = "graveyard" })
    local spell = arbiter.card{ name = "Peek", types = { "Sorcery" }, targets = { { what = "card", zone = "ante" } },
      resolve = function() end }
    local c = g:create(spell, { owner = ann, zone = "hand" })
    g:begin_turn(ann); g:set_agent(ann, { main = function() end }); g:main_phase()
    local obj = g:cast(ann, c)
    assert.same({ a }, obj.targets)
  end)
end)
