-- Drawing a card: rules 423.1-423.6c (texts 000/001), the older guide 003 "Drawing and Discarding".
local H = require("helpers")
local arbiter = H.arbiter

describe("drawing (423)", function()
  it("423.1: a draw puts the top card of the library into the hand; first created is on top", function()
    local g, ann = H.game()
    local deck = H.deck(g, ann, 3)
    assert.are.equal(deck[1], ann.library:top())
    local drawn = g:draw(ann)
    assert.are.same({ deck[1] }, drawn)
    assert.are.equal("hand", deck[1].zone)
    assert.are.equal(1, #ann.hand)
    assert.are.equal(2, #ann.library)
    assert.are.equal(deck[2], ann.library:top())
    local evs = H.events(g, "draw")
    assert.are.equal(1, #evs)
    assert.are.equal(ann, evs[1].player)
    assert.are.equal(deck[1], evs[1].card)
  end)

  it("creating with position = 'top' puts the card on top of the library", function()
    local g, ann = H.game()
    H.deck(g, ann, 2)
    local t = g:create(H.plain, { owner = ann, position = "top" })
    assert.are.equal(t, ann.library:top())
    assert.are.equal(t, ann.library:cards()[1])
    assert.are.same({ t }, g:draw(ann))
  end)

  it("423.2: g:draw(p, 3) is three separate draws, one at a time, in library order", function()
    local g, ann = H.game()
    local deck = H.deck(g, ann, 5)
    local seen = {}
    g:on("draw", function(ev) seen[#seen + 1] = { ev.card, #ann.hand } end)
    local drawn = g:draw(ann, 3)
    assert.are.same({ deck[1], deck[2], deck[3] }, drawn)
    -- each draw event happens after exactly one more card reached the hand
    assert.are.same({ { deck[1], 1 }, { deck[2], 2 }, { deck[3], 3 } }, seen)
    assert.are.equal(3, #H.events(g, "draw"))
  end)

  it("the same draws give the same cards, history and state whether or not anything listens", function()
    -- nothing listening takes a faster path (no script can run); it must not differ
    local function run(listen)
      local g, ann = H.game{ seed = 9 }
      H.deck(g, ann, 5)
      if listen then g:add_replacement{ event = "draw", applies = function() return false end,
        replace = function() end } end
      g:shuffle(ann.library)
      local drawn = H.names(g:draw(ann, 3))
      drawn[#drawn + 1] = g:draw(ann)[1].name
      local hist = {}
      for _, ev in ipairs(g:history()) do hist[#hist + 1] = ev.type .. ":" .. (ev.card and ev.card.name or "-") end
      return drawn, hist, H.names(ann.hand:cards()), g:draw(ann, 9)
    end
    local d1, h1, hand1, rest1 = run(false)
    local d2, h2, hand2, rest2 = run(true)
    assert.are.same(d2, d1)
    assert.are.same(h2, h1)
    assert.are.same(hand2, hand1)
    assert.equal(4, #d1)
    assert.equal(1, #rest1)                    -- one card left; the other draws find an empty library
    assert.equal(#rest2, #rest1)
  end)

  it("g:draw(p, 0) draws nothing", function()
    local g, ann = H.game()
    H.deck(g, ann, 2)
    assert.are.same({}, g:draw(ann, 0))
    assert.are.equal(0, #ann.hand)
  end)

  describe("423.2a draw_each", function()
    it("the active player draws all of theirs first, then each other player in turn order", function()
      local g = H.arbiter.new_game{ players = { "Ann", "Bob", "Cat" }, seed = 3 }
      local ann, bob, cat = g.players[1], g.players[2], g.players[3]
      for _, p in ipairs(g.players) do H.deck(g, p, 3) end
      g:set_active(bob)
      local drawn = g:draw_each(2)
      assert.are.same({ "Bob", "Bob", "Cat", "Cat", "Ann", "Ann" }, H.event_players(g, "draw"))
      assert.are.same({ "Bob-1", "Bob-2", "Cat-1", "Cat-2", "Ann-1", "Ann-2" }, H.names(drawn))
      assert.are.equal(2, #ann.hand); assert.are.equal(2, #bob.hand); assert.are.equal(2, #cat.hand)
    end)

    it("a table of counts draws each player's own number, still in APNAP order", function()
      local g, ann, bob = H.game()
      H.deck(g, ann, 4); H.deck(g, bob, 4)
      g:set_active(bob)
      local drawn = g:draw_each({ [ann] = 3, [bob] = 1 })
      assert.are.same({ "Bob", "Ann", "Ann", "Ann" }, H.event_players(g, "draw"))
      assert.are.same({ "Bob-1", "Ann-1", "Ann-2", "Ann-3" }, H.names(drawn))
    end)

    it("Two-Headed Giant: active team's primary, then its secondary, then the other team", function()
      local g = arbiter.new_game{ teams = { { "A1", "A2" }, { "B1", "B2" } }, seed = 5 }
      assert.are.same({ "A1", "A2", "B1", "B2" }, H.names(g.players))
      for _, p in ipairs(g.players) do H.deck(g, p, 3) end
      g:set_active(g.players[4])           -- B2: team B is the active team
      g:draw_each(1)
      assert.are.same({ "B1", "B2", "A1", "A2" }, H.event_players(g, "draw"))
      g:set_active(g.players[1])
      g:draw_each(1)
      local all = H.event_players(g, "draw")
      assert.are.same({ "A1", "A2", "B1", "B2" }, { all[5], all[6], all[7], all[8] })
    end)

    it("Two-Headed Giant: each team shares one life total, 30 by default", function()
      local g = arbiter.new_game{ teams = { { "A1", "A2" }, { "B1", "B2" } } }
      local a1, a2, b1, b2 = g.players[1], g.players[2], g.players[3], g.players[4]
      for _, p in ipairs(g.players) do assert.are.equal(30, p.life) end
      a2.life = 25
      assert.are.equal(25, a1.life)
      assert.are.equal(25, a2.life)
      assert.are.equal(30, b1.life)
      assert.are.equal(30, b2.life)
    end)
  end)

  describe("423.3 optional draws", function()
    it("asks the player's agent may(p, 'draw') and draws only on yes", function()
      local g, ann = H.game()
      local deck = H.deck(g, ann, 3)
      local asked = {}
      g:set_agent(ann, { may = function(p, what, ctx) asked[#asked + 1] = { p, what }; return #asked ~= 2 end })
      local drawn = g:draw(ann, 3, { optional = true })
      assert.are.same({ { ann, "draw" }, { ann, "draw" }, { ann, "draw" } }, asked)
      assert.are.same({ deck[1], deck[2] }, drawn)
      assert.are.equal(2, #ann.hand)
    end)

    it("a player with no agent declines", function()
      local g, ann = H.game()
      H.deck(g, ann, 3)
      assert.are.same({}, g:draw(ann, 1, { optional = true }))
      assert.are.equal(0, #ann.hand)
      assert.are.equal(0, #H.events(g, "draw"))
    end)

    it("the player may choose to draw from an empty library, and then loses at the next check (423.3, 423.4)", function()
      local g, ann, bob = H.game()
      g:set_agent(ann, { may = function() return true end })
      assert.are.same({}, g:draw(ann, 1, { optional = true }))
      assert.is_false(ann.lost)
      g:check_state()
      assert.is_true(ann.lost)
      assert.are.equal(bob, g:result().winner)
    end)

    it("declining an optional draw from an empty library doesn't lose", function()
      local g, ann = H.game()
      g:draw(ann, 1, { optional = true })
      g:check_state()
      assert.is_false(ann.lost)
      assert.is_nil(g:result())
    end)
  end)

  describe("423.4 drawing from an empty library", function()
    it("draws nothing, records no draw event, and loses only at the next state-based check", function()
      local g, ann, bob = H.game()
      local deck = H.deck(g, ann, 1)
      local drawn = g:draw(ann, 3)
      assert.are.same({ deck[1] }, drawn)
      assert.are.equal(1, #H.events(g, "draw"))
      assert.is_false(ann.lost)
      assert.is_nil(g:result())
      g:check_state()
      assert.is_true(ann.lost)
      local r = g:result()
      assert.are.equal(bob, r.winner)
      assert.is_false(r.draw)
      assert.are.same({ ann }, r.losers)
    end)

    it("the marked player still loses if cards reach the library before the check", function()
      local g, ann = H.game()
      g:draw(ann)
      g:create(H.plain, { owner = ann })
      g:check_state()
      assert.is_true(ann.lost)
    end)

    it("settle() performs the check", function()
      local g, ann = H.game()
      g:draw(ann)
      g:settle()
      assert.is_true(ann.lost)
    end)
  end)

  describe("423.5 moving a card from library to hand is not a draw", function()
    it("no draw event, no draw trigger, no draw replacement, no loss", function()
      local g, ann = H.game()
      local deck = H.deck(g, ann, 1)
      local fired, replaced = 0, 0
      g:trigger{ event = "draw", controller = ann, effect = function() fired = fired + 1 end }
      g:add_replacement{ event = "draw", replace = function() replaced = replaced + 1 end }
      g:move(deck[1], "hand")
      g:settle()
      assert.are.equal("hand", deck[1].zone)
      assert.are.equal(0, #H.events(g, "draw"))
      assert.are.equal(0, fired)
      assert.are.equal(0, replaced)
      local zc = H.events(g, "zone_change")
      assert.are.equal(1, #zc)
      assert.are.equal("library", zc[1].from)
      assert.are.equal("hand", zc[1].to)
      -- an empty library is not a problem for a move either
      assert.is_false(ann.lost)
    end)

    it("a real draw does set off the same trigger and replacement", function()
      local g, ann = H.game()
      H.deck(g, ann, 2)
      local fired, replaced = 0, 0
      g:trigger{ event = "draw", controller = ann, effect = function() fired = fired + 1 end }
      g:draw(ann)
      g:settle()
      assert.are.equal(1, fired)
      g:add_replacement{ event = "draw", replace = function() replaced = replaced + 1 end }
      g:draw(ann)
      assert.are.equal(1, replaced)
      assert.are.equal(1, #ann.hand)
    end)
  end)

  describe("423.6 draw replacements", function()
    it("423.6a: a replacement of a draw applies even with an empty library (and then nothing is lost)", function()
      local g, ann = H.game()
      g:add_replacement{ event = "draw", applies = function(ev) return ev.player == ann end,
        replace = function(ev, g2) ann.life = ann.life + 1 end }
      local drawn = g:draw(ann, 2)
      assert.are.same({}, drawn)
      assert.are.equal(22, ann.life)
      g:check_state()
      assert.is_false(ann.lost)
      assert.are.equal(0, #H.events(g, "draw"))
    end)

    it("423.6b: the replacement is completed before the next draw of the sequence", function()
      local g, ann = H.game()
      local deck = H.deck(g, ann, 5)
      local log = {}
      local used = false
      g:add_replacement{ event = "draw",
        applies = function(ev) return ev.player == ann and not used end,
        replace = function(ev, g2)
          used = true
          log[#log + 1] = "replace-start"
          g2:move(ann.library:top(), "graveyard")   -- mill one instead of drawing
          log[#log + 1] = "replace-end"
        end }
      g:on("draw", function(ev) log[#log + 1] = "draw " .. ev.card.name end)
      local drawn = g:draw(ann, 3)
      assert.are.same({ "replace-start", "replace-end", "draw Ann-2", "draw Ann-3" }, log)
      assert.are.same({ deck[2], deck[3] }, drawn)
      assert.are.equal("graveyard", deck[1].zone)
    end)

    it("423.6c: 'after' follow-ups skip a replaced draw and the cards the replacement draws", function()
      local g, ann = H.game()
      local deck = H.deck(g, ann, 6)
      local replaced = false
      g:add_replacement{ event = "draw",
        applies = function(ev) return not replaced end,
        replace = function(ev, g2) replaced = true; g2:draw(ev.player, 2) end }   -- draw two instead
      local after = {}
      local drawn = g:draw(ann, 2, { after = function(c) after[#after + 1] = c end })
      -- first draw replaced: deck[1], deck[2] drawn by the replacement; second draw: deck[3]
      assert.are.same({ deck[3] }, after)
      assert.are.same({ deck[3] }, drawn)
      assert.are.equal(3, #ann.hand)
      assert.are.equal(3, #H.events(g, "draw"))
    end)

    it("'after' runs on each drawn card right after its draw, before the next draw", function()
      local g, ann = H.game()
      local deck = H.deck(g, ann, 3)
      local seen = {}
      g:draw(ann, 2, { after = function(c) seen[#seen + 1] = { c, #ann.hand } end })
      assert.are.same({ { deck[1], 1 }, { deck[2], 2 } }, seen)
    end)

    it("a draw replaced by 'draw two instead' returns only what the instruction itself drew", function()
      local g, ann = H.game()
      local deck = H.deck(g, ann, 4)
      g:add_replacement{ event = "draw", replace = function(ev, g2) g2:draw(ev.player, 2) end }
      assert.are.same({}, g:draw(ann))
      assert.are.equal(2, #ann.hand)
      assert.are.equal("hand", deck[1].zone)
      assert.are.equal("hand", deck[2].zone)
      assert.are.equal(deck[3], ann.library:top())
    end)

    it("a replacement may change who draws (returns the changed event)", function()
      local g, ann, bob = H.game()
      H.deck(g, ann, 2)
      local bdeck = H.deck(g, bob, 2)
      g:add_replacement{ event = "draw", applies = function(ev) return ev.player == ann end,
        replace = function(ev) ev.player = bob; return ev end }
      local drawn = g:draw(ann)
      assert.are.same({ bdeck[1] }, drawn)
      assert.are.equal(0, #ann.hand)
      assert.are.equal(1, #bob.hand)
      assert.are.equal(bob, H.events(g, "draw")[1].player)
    end)
  end)

  describe("the return value", function()
    it("draw_each returns the cards drawn, skipping empty-library draws", function()
      local g, ann, bob = H.game()
      local a = H.deck(g, ann, 1)
      local b = H.deck(g, bob, 2)
      local drawn = g:draw_each(2)
      assert.are.same({ a[1], b[1], b[2] }, drawn)
      g:check_state()
      assert.is_true(ann.lost)
      assert.is_false(bob.lost)
    end)

    -- csrc/lmove.c draw_body sizes the result for the library as the instruction starts
    it("with a draw replacement, every card drawn, also past the library's size at the start (423.2, 423.4)", function()
      local g, ann = H.game()
      local deck = H.deck(g, ann, 2)
      local gy = {}
      for i = 1, 3 do gy[i] = g:create(arbiter.card{ name = "Gy " .. i, types = { "Land" } },
        { owner = ann, zone = "graveyard" }) end
      local i = 0
      g:add_replacement{ event = "draw", replace = function(ev, g2)   -- lets the draw go on
        i = i + 1
        if gy[i] then g2:move(gy[i], "library") end
        return ev
      end }
      assert.are.same({ gy[1], gy[2], gy[3], deck[1], deck[2] }, g:draw(ann, 6))
      assert.are.equal(5, #ann.hand)
      g:check_state()
      assert.is_true(ann.lost)   -- the sixth draw, from an empty library (423.4)
    end)

    it("optional draws return only the accepted draws; 'after' draws return the same array", function()
      local g, ann = H.game()
      local deck = H.deck(g, ann, 3)
      local d = g:draw(ann, 2, { after = function() end })
      assert.are.same({ deck[1], deck[2] }, d)
    end)
  end)
  -- csrc/actions.c draw_run: the top level's run of draws (no mark open, nothing listening to
  -- draws) makes each draw's changes directly; inside g:attempt the same draws go one at a
  -- time through the journal. Both must be the same game (tests/draw_test.c compares the bytes).
  describe("the unjournaled run of draws is the same game as single draws (423.1, 423.2, 423.4)", function()
    local function played(nested, n)
      local g, ann, bob = H.game()
      H.deck(g, ann, 6); H.deck(g, bob, 2)
      local drawn
      if nested then
        local ok
        ok, drawn = g:attempt(function(game) return game:draw(ann, n) end)
        assert.is_true(ok)
      else
        drawn = g:draw(ann, n)
      end
      g:draw(bob)
      g:check_state()
      local trail = {}
      for _, ev in ipairs(g:history()) do
        trail[#trail + 1] = table.concat({ ev.type, tostring(ev.player), tostring(ev.card), tostring(ev.turn) }, " ")
      end
      return { hash = g:state_hash(), drawn = #drawn, hand = #ann.hand, draws = ann.draws_this_turn,
        lost = ann.lost, trail = trail, top = tostring(bob.hand[1]) }
    end
    for _, n in ipairs({ 1, 4, 6, 9 }) do
      it("drawing " .. n .. " from 6", function()
        local fast, single = played(false, n), played(true, n)
        assert.are.same(single, fast)
        assert.are.equal(math.min(n, 6), fast.drawn)
        assert.are.equal(n > 6, fast.lost)                     -- 423.4 after the run
      end)
    end
  end)
end)
