-- Losing and winning: guide 003 "This Is Your Life" and "Other Ways to Lose", 423.4,
-- state-based actions (docs/API.md, g:check_state), g:win / g:lose, Two-Headed Giant.
local H = require("helpers")
local arbiter = H.arbiter

describe("losing the game", function()
  describe("life (003 'This Is Your Life'; 420.5: a player at 0 or less life loses)", function()
    it("a player at 0 or less life loses at the next state-based check, not at once", function()
      local g, ann, bob = H.game()
      bob.life = -5                         -- Sue's Fireball: 10 damage at 5 life
      assert.are.equal(-5, bob.life)
      assert.is_false(bob.lost)
      assert.is_nil(g:result())
      g:check_state()
      assert.is_true(bob.lost)
      assert.is_false(ann.lost)
      local r = g:result()
      assert.are.equal(ann, r.winner)
      assert.is_false(r.draw)
      assert.are.same({ bob }, r.losers)
    end)

    it("climbing back above 0 before the check keeps the player in the game", function()
      local g, _, bob = H.game()
      bob.life = -5
      bob.life = bob.life + 6
      g:check_state()
      assert.is_false(bob.lost)
      assert.is_nil(g:result())
    end)

    it("exactly 0 life loses; 1 life doesn't", function()
      local g, ann, bob = H.game()
      ann.life = 1
      bob.life = 0
      g:check_state()
      assert.is_false(ann.lost)
      assert.is_true(bob.lost)
    end)

    it("damage to a player lowers life and the player loses at the check", function()
      local g, ann, bob = H.game()
      local src = g:create(H.bear, { owner = ann, zone = "battlefield" })
      g:damage(src, bob, 20)
      assert.are.equal(0, bob.life)
      assert.is_false(bob.lost)
      g:check_state()
      assert.is_true(bob.lost)
    end)

    it("both players at 0 or less at the same check: a draw game", function()
      local g, ann, bob = H.game()
      ann.life = 0
      bob.life = -3
      g:check_state()
      local r = g:result()
      assert.is_true(r.draw)
      assert.is_nil(r.winner)
      assert.are.equal(2, #r.losers)
      assert.is_true(ann.lost and bob.lost)
    end)

    it("a life change is recorded as a 'life' event with the change", function()
      local g, ann = H.game()
      ann.life = 17
      local evs = H.events(g, "life")
      assert.are.equal(1, #evs)
      assert.are.equal(ann, evs[1].player)
      assert.are.equal(-3, evs[1].amount)
    end)
  end)

  describe("drawing from an empty library (003 'Other Ways to Lose', 423.4)", function()
    it("Bob and Sue both fail to draw three in one effect: the game is a draw", function()
      local g = arbiter.new_game{ players = { "Bob", "Sue" }, seed = 9 }
      local bob, sue = g.players[1], g.players[2]
      H.deck(g, bob, 1)
      H.deck(g, sue, 2)
      local drawn = g:draw_each(3)
      assert.are.equal(3, #drawn)
      assert.is_nil(g:result())            -- no one loses during the effect
      g:check_state()
      local r = g:result()
      assert.is_true(r.draw)
      assert.is_nil(r.winner)
      assert.is_true(bob.lost)
      assert.is_true(sue.lost)
      assert.are.equal(2, #r.losers)
      assert.is_true(H.contains(r.losers, bob) and H.contains(r.losers, sue))
    end)

    it("only one player failing to draw: the other wins", function()
      local g, ann, bob = H.game()
      H.deck(g, ann, 3)
      H.deck(g, bob, 2)
      g:draw_each(3)
      g:check_state()
      assert.are.equal(ann, g:result().winner)
      assert.are.same({ bob }, g:result().losers)
    end)

    it("a 'lose' event is recorded for the loser", function()
      local g, _, bob = H.game()
      g:draw(bob)
      g:check_state()
      local evs = H.events(g, "lose")
      assert.are.equal(1, #evs)
      assert.are.equal(bob, evs[1].player)
    end)
  end)

  describe("g:win and g:lose (003 'Other Ways to Lose'; a draw game when all lose at once)", function()
    it("g:lose ends a two-player game at once", function()
      local g, ann, bob = H.game()
      g:lose(ann)
      assert.is_true(ann.lost)
      local r = g:result()
      assert.are.equal(bob, r.winner)
      assert.is_false(r.draw)
      assert.are.same({ ann }, r.losers)
    end)

    it("g:win ends the game at once; every other player has lost", function()
      local g = arbiter.new_game{ players = { "Ann", "Bob", "Cat" } }
      local ann, bob, cat = g.players[1], g.players[2], g.players[3]
      g:win(bob)
      local r = g:result()
      assert.are.equal(bob, r.winner)
      assert.is_false(r.draw)
      assert.is_false(bob.lost)
      assert.is_true(ann.lost and cat.lost)
      assert.are.equal(2, #r.losers)
    end)

    it("later actions of the same effect do nothing once the game has a result", function()
      local g, ann, bob = H.game()
      H.deck(g, ann, 3)
      H.deck(g, bob, 3)
      local bear = g:create(H.bear, { owner = bob, zone = "battlefield" })
      local ok = g:attempt(function(g2)
        g2:win(ann)
        g2:draw(bob, 2)
        g2:draw(ann)
        bob.life = 1
        g2:move(bear, "graveyard")
        bear:tap()
        g2:lose(ann)
      end)
      assert.is_true(ok)
      assert.are.equal(0, #bob.hand)
      assert.are.equal(0, #ann.hand)
      assert.are.equal(20, bob.life)
      assert.are.equal("battlefield", bear.zone)
      assert.is_false(bear.tapped)
      assert.is_false(ann.lost)
      assert.are.equal(ann, g:result().winner)
    end)

    it("an effect that says 'you win' inside a triggered ability ends settle at once", function()
      local g, ann = H.game()
      H.deck(g, ann, 3)
      local resolved = 0
      g:trigger{ event = "draw", controller = ann, effect = function(ev, g2) resolved = resolved + 1; g2:win(ann) end }
      g:draw(ann, 2)                       -- two triggers wait
      g:settle()
      assert.are.equal(1, resolved)
      assert.are.equal(ann, g:result().winner)
    end)

    it("in a multiplayer game one player losing doesn't end the game", function()
      local g = arbiter.new_game{ players = { "Ann", "Bob", "Cat" } }
      local ann, bob, cat = g.players[1], g.players[2], g.players[3]
      g:lose(cat)
      assert.is_true(cat.lost)
      assert.is_nil(g:result())
      bob.life = 0
      g:check_state()
      assert.are.equal(ann, g:result().winner)
      assert.are.equal(2, #g:result().losers)
    end)

    it("all remaining players losing at once is a draw game (one had already lost)", function()
      local g = arbiter.new_game{ players = { "Ann", "Bob", "Cat" } }
      local ann, bob, cat = g.players[1], g.players[2], g.players[3]
      g:lose(cat)
      ann.life = 0
      g:draw(bob)                           -- empty library
      g:check_state()
      local r = g:result()
      assert.is_true(r.draw)
      assert.is_nil(r.winner)
      assert.are.equal(3, #r.losers)
    end)

    it("g:result() is nil while the game goes on", function()
      local g, ann = H.game()
      assert.is_nil(g:result())
      g:check_state()
      assert.is_nil(g:result())
      ann.life = 3
      g:check_state()
      assert.is_nil(g:result())
    end)
  end)

  describe("'lose' and 'win' are replaceable events (\"you can't lose the game\"; 420.5, 423.4)", function()
    local function angel(g, p)
      local c = g:create(arbiter.card{ name = "Platinum Angel", types = { "Artifact", "Creature" },
        power = 4, toughness = 4 }, { owner = p, zone = "battlefield" })
      g:add_replacement{ event = "lose", source = c,
        applies = function(ev) return c.zone == "battlefield" and ev.player == p end,
        replace = function() end }
      g:add_replacement{ event = "win", source = c,
        applies = function(ev) return c.zone == "battlefield" and ev.player ~= p end,
        replace = function() end }
      return c
    end

    it("a player who can't lose stays in the game at 0 life and after an empty-library draw", function()
      local g, ann, bob = H.game()
      local c = angel(g, ann)
      ann.life = 0
      g:draw(ann)
      g:check_state()
      assert.is_false(ann.lost)
      assert.is_nil(g:result())
      g:lose(ann)
      assert.is_false(ann.lost)
      assert.are.equal(0, #H.events(g, "lose"))
      -- once the Angel leaves, the next check makes Ann lose
      g:move(c, "graveyard")
      g:check_state()
      assert.is_true(ann.lost)
      assert.are.equal(bob, g:result().winner)
    end)

    it("423.4: the empty-library draw counts at the next check only, whatever its outcome", function()
      local g, ann, bob = H.game()
      local c = angel(g, ann)
      g:draw(ann)                      -- empty library: marked
      g:check_state()                  -- the loss is replaced; the mark is used up
      assert.is_false(ann.lost)
      g:move(c, "graveyard")           -- the Angel leaves; Ann has not drawn again
      g:check_state()
      assert.is_false(ann.lost)
      assert.is_nil(g:result())
      g:draw(ann)                      -- a new attempt: she loses at the next check
      g:check_state()
      assert.is_true(ann.lost)
      assert.are.equal(bob, g:result().winner)
    end)

    it("423.4: the mark is cleared by a check even when it is rolled back with the check", function()
      local g, ann = H.game()
      local c = angel(g, ann)
      g:draw(ann)
      local ok = g:attempt(function(g2) g2:check_state(); error("undo") end)
      assert.is_false(ok)
      g:move(c, "graveyard")           -- the check was undone: the mark is still there
      g:check_state()
      assert.is_true(ann.lost)
    end)

    it("the opponent of a player who can't lose doesn't win, and can't win by an effect", function()
      local g, ann, bob = H.game()
      angel(g, ann)
      g:win(bob)
      assert.is_nil(g:result())
      assert.is_false(ann.lost)
      bob.life = 0
      ann.life = 0
      g:check_state()
      assert.is_true(bob.lost)
      assert.are.equal(ann, g:result().winner)
    end)
  end)

  describe("Two-Headed Giant (a shared life total: 420.5 and 423.4 apply to the team)", function()
    local function twohg()
      local g = arbiter.new_game{ teams = { { "A1", "A2" }, { "B1", "B2" } }, seed = 2 }
      return g, g.players[1], g.players[2], g.players[3], g.players[4]
    end

    it("a team whose shared life drops to 0 loses together", function()
      local g, a1, a2, b1, b2 = twohg()
      b2.life = 0
      g:check_state()
      assert.is_true(b1.lost and b2.lost)
      assert.is_false(a1.lost or a2.lost)
      local r = g:result()
      assert.is_false(r.draw)
      assert.are.equal(1, r.winner.team)
      assert.are.equal(2, #r.losers)
    end)

    it("one member failing to draw makes the whole team lose", function()
      local g, a1, a2, b1, b2 = twohg()
      for _, p in ipairs({ a1, a2, b1 }) do H.deck(g, p, 2) end
      g:draw(b2)
      g:check_state()
      assert.is_true(b1.lost and b2.lost)
      assert.is_false(a1.lost or a2.lost)
      assert.are.equal(a1.team, g:result().winner.team)
    end)

    it("g:lose of one member makes the team lose and ends the game", function()
      local g, a1, a2, b1 = twohg()
      g:lose(a2)
      assert.is_true(a1.lost and a2.lost)
      assert.are.equal(b1.team, g:result().winner.team)
    end)

    it("both teams losing at the same check: a draw", function()
      local g, a1, _, b1 = twohg()
      a1.life = 0
      b1.life = 0
      g:check_state()
      assert.is_true(g:result().draw)
      assert.are.equal(4, #g:result().losers)
    end)
  end)
end)

describe("players who lose at once (104.4a, 420.5a) and why they lost", function()
  it("g:lose({ann, bob}): both at once is a draw; one after the other is not", function()
    local g, ann, bob = H.game()
    g:lose({ ann, bob })
    local r = g:result()
    assert.is_true(r.draw)
    assert.is_nil(r.winner)
    assert.is_true(ann.lost and bob.lost)
    local g2, ann2, bob2 = H.game()
    g2:lose(ann2); g2:lose(bob2)
    assert.are.equal(bob2, g2:result().winner)
  end)

  it("each loss of the list is replaceable on its own: the other still loses, and wins nothing", function()
    local g, ann, bob, cat = H.game{ players = { "Ann", "Bob", "Cat" } }
    g:add_replacement{ event = "lose", applies = function(ev) return ev.player == ann end, replace = function() end }
    g:lose({ ann, bob })
    assert.is_false(ann.lost)
    assert.is_true(bob.lost)
    assert.is_false(cat.lost)
    assert.is_nil(g:result())
  end)

  it("ev.reason: life, draw (423.4), effect, concede", function()
    local reasons = {}
    local g, ann, bob, cat = H.game{ players = { "Ann", "Bob", "Cat", "Dan", "Eve" } }
    local dan = g.players[4]
    g:on("lose", function(ev) reasons[ev.player.name] = ev.reason end)
    ann.life = 0
    g:draw(bob)                          -- an empty library: bob loses at the next check
    g:check_state()
    g:lose(cat)
    g:concede(dan)
    assert.are.same({ Ann = "life", Bob = "draw", Cat = "effect" }, reasons)   -- a concession: logged only
    local h = g:history()
    local last = h[#h]
    assert.are.equal("lose", last.type)
    assert.are.equal(dan, last.player)
    assert.are.equal("concede", last.reason)
    assert.is_true(last.conceded)
  end)

  it("Lich's 'you don't lose the game for having 0 or less life' replaces the life loss only", function()
    local g, ann = H.game()
    g:add_replacement{ event = "lose", applies = function(ev) return ev.player == ann and ev.reason == "life" end,
      replace = function() end }
    ann.life = -3
    g:check_state()
    assert.is_false(ann.lost)
    g:draw(ann)                          -- her library is empty
    g:check_state()
    assert.is_true(ann.lost)
  end)

  it("bad input: an empty list or a stranger, and the game as it was", function()
    local g, ann = H.game()
    local other = H.game()
    assert.has_error(function() g:lose({}) end)
    local ok, err = pcall(g.lose, g, { ann, other.players[1] })
    assert.is_false(ok)
    assert.matches("lose", err)
    assert.is_false(ann.lost)
    assert.is_nil(g:result())
  end)
end)
