-- Triggered abilities and settle (docs/API.md, g:trigger, g:settle): waiting until a player would
-- receive priority, APNAP order, 421.4 (a loop of mandatory actions is a draw), observers.
local H = require("helpers")
local arbiter = H.arbiter

-- each call ({method, spec}, or a g:trigger spec) refused with an error naming the method and the
-- field (a name, or a function of the spec), the game left as it was
local function refused(g, calls, field)
  local before = g:state_hash()
  for _, c in ipairs(calls) do
    local method, spec = c[2] and c[1] or "trigger", c[2] or c
    local ok, err = pcall(g[method], g, spec)
    assert.is_false(ok)
    assert.matches("'" .. method .. "'", tostring(err), 1, true)
    assert.matches(type(field) == "function" and field(spec) or field, tostring(err), 1, true)
    assert.are.equal(before, g:state_hash())
  end
end

describe("triggered abilities (410)", function()
  it("wait until g:settle(), then resolve; the stack is a zone, empty after settle", function()
    local g, ann = H.game()
    local deck = H.deck(g, ann, 3)
    local src = g:create(arbiter.card{ name = "Howling Mine", types = { "Artifact" } }, { owner = ann, zone = "battlefield" })
    local got = {}
    g:trigger{ event = "draw", controller = ann, source = src,
      condition = function(ev) return ev.player == ann end,
      effect = function(ev, g2) got[#got + 1] = ev.card; ann.life = ann.life + 1 end }
    g:draw(ann, 2)
    assert.are.same({}, got)
    assert.are.equal(20, ann.life)
    assert.are.equal(0, #g.stack)
    assert.are.equal("stack", g.stack.name)
    assert.is_nil(g.stack.owner)
    g:settle()
    assert.are.equal(2, #got)
    assert.is_true(H.contains(got, deck[1]) and H.contains(got, deck[2]))
    assert.are.equal(22, ann.life)
    assert.are.equal(0, #g.stack)
    g:settle()                               -- nothing waits any more
    assert.are.equal(22, ann.life)
  end)

  it("the condition is asked when the event happens", function()
    local g, ann, bob = H.game()
    H.deck(g, ann, 2); H.deck(g, bob, 2)
    local n = 0
    g:trigger{ event = "draw", controller = ann, condition = function(ev) return ev.player == bob end,
      effect = function() n = n + 1 end }
    g:draw(ann)
    g:draw(bob)
    g:settle()
    assert.are.equal(1, n)
  end)

  it("APNAP: the active player's abilities go on the stack first, so they resolve last", function()
    for _, active in ipairs({ 1, 2 }) do
      local g, ann, bob = H.game()
      H.deck(g, ann, 2)
      g:set_active(g.players[active])
      local log = {}
      g:trigger{ event = "draw", controller = ann, effect = function() log[#log + 1] = "Ann" end }
      g:trigger{ event = "draw", controller = bob, effect = function() log[#log + 1] = "Bob" end }
      g:draw(ann)
      g:settle()
      if active == 1 then assert.are.same({ "Bob", "Ann" }, log)
      else assert.are.same({ "Ann", "Bob" }, log) end
    end
  end)

  it("Two-Headed Giant APNAP: the active team's abilities go on the stack first (primary, then secondary)", function()
    local g = arbiter.new_game{ teams = { { "A1", "A2" }, { "B1", "B2" } }, seed = 3 }
    local a1 = g.players[1]
    H.deck(g, a1, 2)
    g:set_active(g.players[4])              -- B2: team B is active
    local log = {}
    for _, p in ipairs(g.players) do
      g:trigger{ event = "draw", controller = p, effect = function() log[#log + 1] = p.name end }
    end
    g:draw(a1)
    g:settle()
    -- put on the stack B1, B2, A1, A2: they resolve in the reverse order
    assert.are.same({ "A2", "A1", "B2", "B1" }, log)
  end)

  it("the stack holds the waiting abilities while one resolves", function()
    local g, ann, bob = H.game()
    H.deck(g, ann, 2)
    local sizes = {}
    g:trigger{ event = "draw", controller = ann, effect = function() sizes[#sizes + 1] = #g.stack end }
    g:trigger{ event = "draw", controller = bob, effect = function() sizes[#sizes + 1] = #g.stack end }
    g:draw(ann)
    g:settle()
    assert.are.same({ 1, 0 }, sizes)        -- Bob's resolves first with Ann's still below it
    assert.are.equal(0, #g.stack)
  end)

  it("abilities triggered while one resolves wait: they go on the stack only after it finishes", function()
    local g, ann, bob = H.game()
    H.deck(g, ann, 2)
    g:set_active(bob)                       -- stack: Bob's (bottom), Ann's (top)
    local log = {}
    g:trigger{ event = "draw", controller = ann, effect = function()
      log[#log + 1] = "A start"
      ann.life = ann.life - 1               -- sets off the life trigger
      log[#log + 1] = "A end"
    end }
    g:trigger{ event = "draw", controller = bob, effect = function() log[#log + 1] = "B" end }
    g:trigger{ event = "life", controller = ann, effect = function() log[#log + 1] = "L" end }
    g:draw(ann)
    g:settle()
    -- L is not run inside A; it goes on the stack the next time a player would receive
    -- priority, i.e. above B, which is still waiting on the stack
    assert.are.same({ "A start", "A end", "L", "B" }, log)
  end)

  it("state-based actions are checked before each ability resolves", function()
    local g, ann, bob = H.game()
    H.deck(g, ann, 2)
    local ran = 0
    -- one player's abilities go on the stack in the order they triggered: the second is on top
    g:trigger{ event = "draw", controller = ann, effect = function() ran = ran + 1 end }
    g:trigger{ event = "draw", controller = ann, effect = function() bob.life = 0 end }
    g:draw(ann)
    g:settle()
    assert.is_true(bob.lost)
    assert.are.equal(ann, g:result().winner)
    assert.are.equal(0, ran)                -- the game ended before the other resolved
  end)

  it("421.4: a loop of mandatory triggers ends the game in a draw; nobody lost", function()
    local g, ann, bob = H.game()
    local x = g:create(arbiter.card{ name = "Loopy Golem", types = { "Artifact", "Creature" },
      power = 1, toughness = 1 }, { owner = ann, zone = "battlefield" })
    g:trigger{ event = "tap", controller = ann, source = x,
      condition = function(ev) return ev.card == x end,
      effect = function() x:untap() end }
    g:trigger{ event = "untap", controller = bob, source = x,
      condition = function(ev) return ev.card == x end,
      effect = function() x:tap() end }
    x:tap()
    g:settle()
    local r = g:result()
    assert.is_not_nil(r)
    assert.is_true(r.draw)
    assert.is_nil(r.winner)
    assert.are.same({}, r.losers)
    assert.is_false(ann.lost)
    assert.is_false(bob.lost)
  end)

  it("421.4/421.5: a repeating loop with an optional action (a 'may' answered yes) is not a draw", function()
    local g, ann, bob = H.game()
    local x = g:create(arbiter.card{ name = "Loopy Golem", types = { "Artifact" } }, { owner = ann, zone = "battlefield" })
    local yes, untaps = 3, 0
    g:set_agent(ann, { may = function(p, what) yes = yes - 1; return yes >= 0 end })
    g:trigger{ event = "tap", controller = ann, condition = function(ev) return ev.card == x end,
      effect = function(ev, g2)
        if arbiter.ask_may(g2, ann, "untap", { card = x }) then untaps = untaps + 1; x:untap() end
      end }
    g:trigger{ event = "untap", controller = bob, condition = function(ev) return ev.card == x end,
      effect = function() x:tap() end }
    x:tap()
    g:settle()
    assert.is_nil(g:result())
    assert.are.equal(3, untaps)              -- Ann untapped it as often as she chose, then stopped
    assert.is_true(x.tapped)
    assert.are.equal(0, #g.stack)
  end)

  it("421.4: a mandatory chain whose state never repeats reaches the settle-rounds limit: a draw", function()
    local g, ann, bob = H.game()
    g:set_limits{ settle_rounds = 50 }
    g:trigger{ event = "life", controller = ann, condition = function(ev) return ev.amount > 0 end,
      effect = function() ann.life = ann.life + 1 end }
    ann.life = 21
    assert.is_false(g:settle())              -- no error: the game is over
    local r = g:result()
    assert.is_true(r.draw)
    assert.is_nil(r.winner)
    assert.are.same({}, r.losers)
    assert.is_false(ann.lost)
    assert.is_false(bob.lost)
  end)

  it("421.4: a trigger that makes a token whose entering triggers it again is a draw", function()
    local g, ann = H.game()
    g:set_limits{ settle_rounds = 200 }
    local token = arbiter.card{ name = "Saproling", types = { "Creature" }, power = 1, toughness = 1 }
    g:trigger{ event = "create", controller = ann,
      condition = function(ev) return ev.card.name == "Saproling" end,
      effect = function(_, g2) g2:create(token, { owner = ann, zone = "battlefield" }) end }
    g:create(token, { owner = ann, zone = "battlefield" })
    g:settle()
    assert.is_true(g:result().draw)
    assert.are.same({}, g:result().losers)
    assert.is_true(#g.battlefield > 100)     -- the state grew all along: no repeat to find
  end)

  it("421.5: the same chain with a player's choice in it keeps the error, and is rolled back", function()
    local g, ann = H.game()
    g:set_limits{ settle_rounds = 50 }
    g:set_agent(ann, { may = function() return true end })
    g:trigger{ event = "life", controller = ann, condition = function(ev) return ev.amount > 0 end,
      effect = function(_, g2)
        if arbiter.ask_may(g2, ann, "gain", {}) then ann.life = ann.life + 1 end
      end }
    ann.life = 21
    local before = g:state_hash(true)
    local ok, err = pcall(g.settle, g)
    assert.is_false(ok)
    assert.is_truthy(tostring(err):find("cascade limit", 1, true))
    assert.is_truthy(tostring(err):find("421.5", 1, true))
    assert.are.equal(21, ann.life)
    assert.are.equal(before, g:state_hash(true))
    assert.is_nil(g:result())
  end)

  it("421.4: state-based actions that never end (a creature that can't leave) are a draw", function()
    local g, ann = H.game()
    g:set_limits{ settle_rounds = 20 }
    local c = g:create(arbiter.card{ name = "Husk", types = { "Creature" }, power = 0, toughness = 0 },
      { owner = ann, zone = "battlefield" })
    g:add_replacement{ event = "zone_change", applies = function(ev) return ev.card == c end,
      replace = function() end }
    g:check_state()
    assert.is_true(g:result().draw)
    assert.are.equal("battlefield", c.zone)
  end)

  describe("observers", function()
    it("g:on is called right after each event of its type, without settle; g:off stops it", function()
      local g, ann = H.game()
      local deck = H.deck(g, ann, 3)
      local seen = {}
      local h = g:on("draw", function(ev, g2)
        assert.are.equal(g, g2)
        seen[#seen + 1] = { ev.card, ev.card.zone }
      end)
      g:draw(ann, 2)
      assert.are.same({ { deck[1], "hand" }, { deck[2], "hand" } }, seen)
      g:off(h)
      g:draw(ann)
      assert.are.equal(2, #seen)
    end)

    it("observes only its own event type", function()
      local g, ann = H.game()
      local n = 0
      g:on("life", function(ev) n = n + 1 end)
      H.deck(g, ann, 1)
      g:draw(ann)
      assert.are.equal(0, n)
      ann.life = 5
      assert.are.equal(1, n)
    end)
  end)
end)

describe("g:on with a source (issue 26 item 8; 418: it ends as its source leaves)", function()
  it("ends when its source leaves the battlefield; bad options name 'on'", function()
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1 }
    local ann = g.players[1]
    local bear = g:create(arbiter.card{ name = "Bear", types = { "Creature" }, power = 2, toughness = 2 },
      { owner = ann, zone = "battlefield" })
    local n, m = 0, 0
    g:on("life", function() n = n + 1 end, { source = bear })
    g:on("life", function() m = m + 1 end)
    g:gain_life(ann, 1)
    g:destroy(bear)
    g:gain_life(ann, 1)
    assert.same({ 1, 2 }, { n, m })
    assert.error_matches(function() g:on("life", print, { sauce = bear }) end, "'on'")
    assert.error_matches(function() g:on("life", print, { source = 3 }) end, "'on'")
  end)
end)

describe("a trigger on one step's events: g:trigger{event = \"step\", step = name} (410, 003 Step by Step)", function()
  it("410: triggers at that step only; its condition is asked at that step only, as it was for every step", function()
    local g, ann, bob = H.game()
    H.deck(g, ann, 5); H.deck(g, bob, 5)
    local src = g:create(arbiter.card{ name = "Tablet", types = { "Artifact" } }, { owner = ann, zone = "battlefield" })
    local asked, fired, old_asked, old_fired = {}, 0, {}, 0
    g:trigger{ event = "step", step = "upkeep", controller = ann, source = src,
      condition = function(ev, game, s) asked[#asked + 1] = ev.step; return game:is_active(s.controller) end,
      effect = function() fired = fired + 1 end }
    g:trigger{ event = "step", controller = ann, source = src,     -- the same, written as before
      condition = function(ev, game, s)
        old_asked[#old_asked + 1] = ev.step
        return ev.step == "upkeep" and game:is_active(s.controller)
      end,
      effect = function() old_fired = old_fired + 1 end }
    g:play_turn(); g:play_turn(); g:play_turn()
    assert.are.same({ "upkeep", "upkeep", "upkeep" }, asked)   -- three turns, one upkeep each
    assert.is_true(#old_asked > 3 * 5, #old_asked)                -- every step of each turn
    assert.are.same({ 2, 2 }, { fired, old_fired })              -- Ann's two upkeeps, not Bob's
  end)

  it("no condition: every event of that step triggers it (\"at the beginning of each end step\")", function()
    local g, ann = H.game()
    H.deck(g, ann, 5)
    local steps = {}
    g:trigger{ event = "step", step = "end", controller = ann,
      effect = function(ev) steps[#steps + 1] = ev.step end }
    g:play_turn()
    assert.are.same({ "end" }, steps)
  end)

  it("bad step: an error naming trigger and step; nothing registered", function()
    local g, ann = H.game()
    refused(g, {
      { event = "step", step = "upkeeps", controller = ann, effect = function() end },
      { event = "step", step = 3, controller = ann, effect = function() end },
      { event = "draw", step = "upkeep", controller = ann, effect = function() end },
    }, "step")
  end)
end)

describe("a trigger on zone changes from or to a zone: g:trigger{event = \"zone_change\", from =, to =} (410)", function()
  local _, set_game = dofile("bench/game_decks.lua")(arbiter, "")

  it("its condition is asked for those zone changes only: the ones a condition reading ev.from and ev.to takes", function()
    local cases = { { from = "battlefield", to = "graveyard" }, { to = "battlefield" }, { from = "battlefield" },
      { from = "hand", to = "stack" }, { from = "stack" }, { to = "graveyard" } }
    local asked = 0
    for seed = 1, 3 do
      local g = set_game("alpha", seed)
      local declared, read = {}, {}
      for i, c in ipairs(cases) do
        declared[i], read[i] = {}, {}
        g:trigger{ event = "zone_change", controller = g.players[1], from = c.from, to = c.to, effect = function() end,
          condition = function(ev) local d = declared[i]; d[#d + 1] = ev.card; return false end }
        g:trigger{ event = "zone_change", controller = g.players[1], effect = function() end,
          condition = function(ev)
            local r = read[i]
            if (c.from == nil or ev.from == c.from) and (c.to == nil or ev.to == c.to) then r[#r + 1] = ev.card end
            return false
          end }
      end
      g:play{ max_turns = 30 }
      for i = 1, #cases do
        assert.are.same(read[i], declared[i])
        asked = asked + #declared[i]
      end
      for i = 1, #cases do assert.is_true(#declared[i] > 0, i) end
    end
    assert.is_true(asked > 100, asked)
  end)

  it("bad from or to: an error naming trigger and the field; nothing registered", function()
    local g, ann = H.game()
    refused(g, {
      { event = "zone_change", from = "battlefields", controller = ann, effect = function() end },
      { event = "zone_change", to = 3, controller = ann, effect = function() end },
      { event = "draw", to = "hand", controller = ann, effect = function() end },
    }, function(spec) return spec.from and "from" or "to" end)
  end)
end)

describe("a trigger on events of cards of a word's color or land type: g:trigger{card = {is_word = key}} (410)", function()
  local _, set_game = dofile("bench/game_decks.lua")(arbiter, "")

  it("its condition is asked for those cards only, as its source's text reads now (418.5a)", function()
    local cases = { { "cast", "color", "white" }, { "cast", "color", "blue" }, { "cast", "color", "black" },
      { "cast", "color", "red" }, { "cast", "color", "green" }, { "tap", "type", "Forest" }, { "tap", "type", "Island" },
      { "tap", "type", "Mountain" }, { "cast", "color", "blue", "green" }, { "tap", "type", "Swamp", "Plains" } }
    local asked, per = 0, {}
    for seed = 1, 3 do
      local g = set_game("alpha", seed)
      local ann = g.players[1]
      local declared, read = {}, {}
      for i, c in ipairs(cases) do
        local event, key, word, now = c[1], c[2], c[3], c[4]
        local src = g:create(arbiter.card{ name = "Watcher " .. i, types = { "Enchantment" }, words = { [key] = word } },
          { owner = ann, zone = "battlefield" })
        if now then g:add_static{ affects = src, words = { [word] = now } } end   -- its text changed
        declared[i], read[i] = {}, {}
        g:trigger{ event = event, controller = ann, source = src, card = { is_word = key }, effect = function() end,
          condition = function(ev) local d = declared[i]; d[#d + 1] = ev.card; return false end }
        g:trigger{ event = event, controller = ann, source = src, effect = function() end,
          condition = function(ev, _, s)
            local r = read[i]
            if ev.card:is(s.words[key]) then r[#r + 1] = ev.card end
            return false
          end }
      end
      g:play{ max_turns = 30 }
      for i = 1, #cases do
        assert.are.same(read[i], declared[i])
        asked = asked + #declared[i]
        per[i] = (per[i] or 0) + #declared[i]
      end
    end
    assert.is_true(asked > 100, asked)
    for i = 1, #cases do assert.is_true(per[i] > 0, i) end   -- each case met, the changed texts' too
  end)

  it("bad card: an error naming trigger and card; nothing registered", function()
    local g, ann = H.game()
    local src = g:create(arbiter.card{ name = "Rod", types = { "Artifact" }, words = { color = "blue" } },
      { owner = ann, zone = "battlefield" })
    refused(g, {
      { event = "cast", card = { is_word = "type" }, controller = ann, source = src, effect = function() end },
      { event = "cast", card = { is_word = "color" }, controller = ann, effect = function() end },
      { event = "cast", card = "blue", controller = ann, source = src, effect = function() end },
    }, "card")
  end)
end)

describe("a trigger or replacement on its source's own events or its enchanted permanent's: card = {self | attached = true} (410, 614)", function()
  local _, set_game = dofile("bench/game_decks.lua")(arbiter, "")

  it("asked for its source's events only: the ones a script reading ev.card == source takes", function()
    local asked = 0
    for seed = 1, 3 do
      local g = set_game("alpha", seed)
      g:play{ max_turns = 6 }
      local declared, read, n = {}, {}, 0
      local function note(t, k, ev) t[k] = t[k] or {}; local l = t[k]; l[#l + 1] = ev.type .. " " .. tostring(ev.card) end
      for _, p in ipairs(g.players) do
        for _, c in ipairs(g:permanents(p)) do
          n = n + 1
          local k = n
          for _, kind in ipairs({ "tap", "untap", "zone_change" }) do
            g:trigger{ event = kind, controller = p, source = c, card = { self = true }, effect = function() end,
              condition = function(ev) note(declared, k, ev); return false end }
            g:trigger{ event = kind, controller = p, source = c, effect = function() end,
              condition = function(ev, _, s) if ev.card == s then note(read, k, ev) end; return false end }
          end
          g:add_replacement{ event = "untap", source = c, card = { self = true }, replace = function() end,
            applies = function(ev) note(declared, -k, ev); return false end }
          g:add_replacement{ event = "untap", source = c, replace = function() end,
            applies = function(ev, _, s) if ev.card == s then note(read, -k, ev) end; return false end }
        end
      end
      g:play{ max_turns = 30 }
      assert.is_true(n > 4, n)
      for k = -n, n do
        assert.are.same(read[k] or {}, declared[k] or {})
        asked = asked + #(declared[k] or {})
      end
    end
    assert.is_true(asked > 100, asked)
  end)

  it("attached = true: the events of the permanent its source is attached to, as ev.card == source.attached_to", function()
    local watcher = arbiter.card{ name = "Watcher", types = { "Enchantment" }, subtypes = { "Aura" }, enchant = "land" }
    local asked = 0
    for seed = 1, 3 do
      local g = set_game("alpha", seed)
      g:play{ max_turns = 6 }
      local declared, read, n = {}, {}, 0
      local function note(t, k, ev) t[k] = t[k] or {}; local l = t[k]; l[#l + 1] = ev.type .. " " .. tostring(ev.card) end
      for _, p in ipairs(g.players) do
        for _, land in ipairs(g:permanents(p, "Land")) do
          n = n + 1
          local k = n
          local w = g:create(watcher, { owner = p, zone = "battlefield" })
          g:attach(w, land)
          for _, kind in ipairs({ "tap", "untap" }) do
            g:trigger{ event = kind, controller = p, source = w, card = { attached = true }, effect = function() end,
              condition = function(ev) note(declared, k, ev); return false end }
            g:trigger{ event = kind, controller = p, source = w, effect = function() end,
              condition = function(ev, _, s) if ev.card == s.attached_to then note(read, k, ev) end; return false end }
          end
          g:add_replacement{ event = "untap", source = w, card = { attached = true }, replace = function() end,
            applies = function(ev) note(declared, -k, ev); return false end }
          g:add_replacement{ event = "untap", source = w, replace = function() end,
            applies = function(ev, _, s) if ev.card == s.attached_to then note(read, -k, ev) end; return false end }
        end
      end
      g:play{ max_turns = 30 }
      assert.is_true(n > 4, n)
      for k = -n, n do
        assert.are.same(read[k] or {}, declared[k] or {})
        asked = asked + #(declared[k] or {})
      end
    end
    assert.is_true(asked > 100, asked)
  end)

  it("attached = true: a permanent that left and came back is a new object (217.1c): not the one enchanted", function()
    local g, ann = H.game()
    local forest = arbiter.card{ name = "Forest", types = { "Land" }, subtypes = { "Forest" } }
    local watcher = arbiter.card{ name = "Watcher", types = { "Enchantment" }, subtypes = { "Aura" }, enchant = "land" }
    local land = g:create(forest, { owner = ann, zone = "battlefield" })
    local w = g:create(watcher, { owner = ann, zone = "battlefield" })
    g:attach(w, land)
    local declared, read = 0, 0
    g:trigger{ event = "tap", controller = ann, source = w, card = { attached = true }, effect = function() end,
      condition = function() declared = declared + 1; return false end }
    g:trigger{ event = "tap", controller = ann, source = w, effect = function() end,
      condition = function(ev, _, s) if ev.card == s.attached_to then read = read + 1 end; return false end }
    land:tap(); land:untap()
    assert.are.same({ 1, 1 }, { read, declared })
    g:move(land, "hand")
    g:move(land, "battlefield")
    if w.zone == "battlefield" then land:tap() end   -- the Aura still there: its land a new object
    assert.are.same({ 1, 1 }, { read, declared })
  end)

  it("bad card: an error naming the method and card; nothing registered", function()
    local g, ann = H.game()
    local src = g:create(arbiter.card{ name = "Rod", types = { "Artifact" } }, { owner = ann, zone = "battlefield" })
    refused(g, {
      { "trigger", { event = "tap", card = { self = true }, controller = ann, effect = function() end } },
      { "trigger", { event = "tap", card = { self = 1 }, controller = ann, source = src, effect = function() end } },
      { "trigger", { event = "tap", card = {}, controller = ann, source = src, effect = function() end } },
      { "add_replacement", { event = "untap", card = { self = false }, source = src, replace = function() end } },
      { "add_replacement", { event = "untap", card = { self = true }, replace = function() end } },
      { "trigger", { event = "tap", card = { self = true, attached = true }, controller = ann, source = src,
        effect = function() end } },
    }, "card")
  end)
end)

describe("a trigger or replacement on events of cards of a card type: card = {is = type} (410, 614)", function()
  local _, set_game = dofile("bench/game_decks.lua")(arbiter, "")

  it("asked for cards of that type now only: the ones a script reading ev.card ~= nil and ev.card:is(type) takes",
    function()
    local types = { "Creature", "Land", "Artifact", "Enchantment", "Instant", "Sorcery" }
    local asked, per = 0, {}
    for seed = 1, 3 do
      local g = set_game("alpha", seed)
      local ann = g.players[1]
      local declared, read, n = {}, {}, 0
      local function note(t, k, ev) t[k] = t[k] or {}; local l = t[k]; l[#l + 1] = ev.type .. " " .. tostring(ev.card) end
      for _, ty in ipairs(types) do
        for _, kind in ipairs({ "zone_change", "tap", "untap", "cast", "damage" }) do
          n = n + 1
          local k = n
          g:trigger{ event = kind, controller = ann, card = { is = ty }, effect = function() end,
            condition = function(ev) note(declared, k, ev); return false end }
          g:trigger{ event = kind, controller = ann, effect = function() end,
            condition = function(ev) if ev.card ~= nil and ev.card:is(ty) then note(read, k, ev) end; return false end }
        end
        n = n + 1
        local k = n
        g:add_replacement{ event = "untap", card = { is = ty }, replace = function() end,
          applies = function(ev) note(declared, k, ev); return false end }
        g:add_replacement{ event = "untap", replace = function() end,
          applies = function(ev) if ev.card ~= nil and ev.card:is(ty) then note(read, k, ev) end; return false end }
      end
      g:play{ max_turns = 30 }
      for i = 1, n do
        assert.are.same(read[i] or {}, declared[i] or {})
        asked = asked + #(declared[i] or {})
        per[i] = (per[i] or 0) + #(declared[i] or {})
      end
    end
    assert.is_true(asked > 500, asked)
    for _, i in ipairs({ 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 16, 18, 19, 22, 25, 28, 31 }) do   -- each type met
      assert.is_true(per[i] > 0, i)
    end
  end)

  it("with is_word: both hold (a blue creature spell)", function()
    local asked = 0
    for seed = 1, 3 do
      local g = set_game("alpha", seed)
      local ann = g.players[1]
      local src = g:create(arbiter.card{ name = "Watcher", types = { "Enchantment" }, words = { color = "green" } },
        { owner = ann, zone = "battlefield" })
      local declared, read = {}, {}
      g:trigger{ event = "cast", controller = ann, source = src, card = { is = "Creature", is_word = "color" },
        effect = function() end, condition = function(ev) declared[#declared + 1] = ev.card; return false end }
      g:trigger{ event = "cast", controller = ann, source = src, effect = function() end,
        condition = function(ev, _, s)
          if ev.card:is("Creature") and ev.card:is(s.words.color) then read[#read + 1] = ev.card end
          return false
        end }
      g:play{ max_turns = 30 }
      assert.are.same(read, declared)
      asked = asked + #declared
    end
    assert.is_true(asked > 0, asked)
  end)

  it("bad is: an error naming the method and card; nothing registered", function()
    local g, ann = H.game()
    refused(g, {
      { "trigger", { event = "tap", card = { is = "Forest" }, controller = ann, effect = function() end } },
      { "trigger", { event = "tap", card = { is = 2 }, controller = ann, effect = function() end } },
      { "trigger", { event = "tap", card = { is = "land" }, controller = ann, effect = function() end } },
      { "add_replacement", { event = "untap", card = { is = { "Creature" } }, replace = function() end } },
      { "trigger", { event = "tap", card = { is = "Land", self = true }, controller = ann, effect = function() end } },
    }, "card")
  end)
end)

describe("c.blocking: a blocker of this combat still in it (309; Righteousness's target)", function()
  local _, set_game = dofile("bench/game_decks.lua")(arbiter, "")

  it("is true exactly for g:blocks()'s blockers, at every event of 3 Alpha games", function()
    local checked, yes = 0, 0
    for seed = 1, 3 do
      local g = set_game("alpha", seed)
      local function check()
        local listed = {}
        for _, b in ipairs(g:blocks()) do listed[b[1]] = true end
        for _, p in ipairs(g.players) do
          for _, c in ipairs(g:permanents(p)) do
            assert.are.equal(listed[c] == true, c.blocking, tostring(c))
            checked = checked + 1
            if c.blocking then yes = yes + 1 end
          end
        end
      end
      for _, kind in ipairs({ "step", "damage", "zone_change", "tap", "untap", "cast" }) do g:on(kind, check) end
      g:play{ max_turns = 30 }
    end
    assert.is_true(checked > 1000 and yes > 3, checked .. " " .. yes)
  end)
end)

describe("a trigger of one player's turns: turn = \"controller\" | \"attached\" | player (your upkeep; 410)", function()
  local _, set_game = dofile("bench/game_decks.lua")(arbiter, "")

  it("asked in the turns a script reading game:is_active(source.controller) / (source.attached_to.controller) / "
    .. "(player) takes, at every step of 3 Alpha games, each permanent a source", function()
    local asked, yes = 0, { controller = 0, attached = 0, player = 0 }
    for seed = 1, 3 do
      local g = set_game("alpha", seed)
      local ann = g.players[1]
      local declared = { controller = {}, attached = {}, player = {} }
      local read = { controller = {}, attached = {}, player = {} }
      local function note(t, ev, src) t[#t + 1] = ev.step .. " " .. ev.turn .. " " .. tostring(src) end
      -- (turn = player: each source's player by its id, either one; a clone's players are its own)
      local function named(game, src) return game.players[src.id % 2 + 1] end
      local function whose(how, src, game)
        if how == "controller" then return src.controller end
        if how == "player" then return named(game, src) end
        return src.attached_to and src.attached_to.controller
      end
      g:on("zone_change", function(ev, game)
        if ev.to ~= "battlefield" then return end
        for how in pairs(declared) do
          local turn = how == "player" and named(game, ev.card) or how
          game:trigger{ event = "step", controller = ann, source = ev.card, turn = turn, effect = function() end,
            condition = function(e, _, src) note(declared[how], e, src); return false end }
          game:trigger{ event = "step", controller = ann, source = ev.card, effect = function() end,
            condition = function(e, gg, src)
              local p = whose(how, src, gg)
              if p ~= nil and gg:is_active(p) then note(read[how], e, src) end
              return false
            end }
        end
      end)
      g:play{ max_turns = 30 }
      for how in pairs(declared) do
        assert.are.same(read[how], declared[how])
        asked = asked + #declared[how]
        yes[how] = yes[how] + #declared[how]
      end
    end
    assert.is_true(asked > 1000 and yes.attached > 10 and yes.player > 500, asked .. " " .. yes.attached .. " " .. yes.player)
  end)

  it("a trigger with no condition (triggering unasked: event.c notify) triggers as one whose condition "
    .. "returns true, at the same events; one whose condition returns false never: 3 Alpha games", function()
    local n = 0
    for seed = 1, 3 do
      local g = set_game("alpha", seed)
      local ann = g.players[1]
      local got = { none = {}, yes = {}, no = {} }
      local function note(how)
        return function(ev, _, src) local t = got[how]; t[#t + 1] = ev.type .. " " .. ev.turn .. " " .. tostring(src) end
      end
      local conds = { yes = function() return true end, no = function() return false end }
      g:on("zone_change", function(ev, game)
        if ev.to ~= "battlefield" or ev.card.id % 3 ~= 0 then return end
        for _, event in ipairs({ "step", "tap", "zone_change" }) do
          for _, how in ipairs({ "none", "yes", "no" }) do
            game:trigger{ event = event, controller = ann, source = ev.card, effect = note(how), condition = conds[how] }
          end
        end
      end)
      g:play{ max_turns = 16 }
      table.sort(got.none)
      table.sort(got.yes)
      assert.are.same(got.yes, got.none)
      assert.are.same({}, got.no)
      n = n + #got.none
    end
    assert.is_true(n > 300, n)
  end)

  it("turn = a player without a source (Cyclopean Tomb's upkeeps): that player's team's turns, as "
    .. "game:is_active(player) reads them; in Two-Headed Giant its teammate's too (606.4b)", function()
    local g = arbiter.new_game{ teams = { { "A1", "A2" }, { "B1", "B2" } }, seed = 3 }
    local p = g.players
    local got = {}
    for i = 1, 4 do
      g:trigger{ event = "step", step = "upkeep", controller = p[1], turn = p[i], effect = function() end,
        condition = function(_, game) got[#got + 1] = i; assert.is_true(game:is_active(p[i])); return false end }
    end
    local function upkeep_of(q) got = {}; g:begin_turn(q); g:upkeep_step(); table.sort(got); return got end
    assert.are.same({ 1, 2 }, upkeep_of(p[1]))
    assert.are.same({ 3, 4 }, upkeep_of(p[4]))
    local other = H.game()
    assert.has_error(function()
      g:trigger{ event = "step", controller = p[1], turn = other.players[1], effect = function() end }
    end)
  end)

  it("a stolen source or enchanted permanent: its controller's turns; one that changed zones: nobody's", function()
    local g, ann, bob = H.game()
    local bear = arbiter.card{ name = "Bear", types = { "Creature" }, power = 2, toughness = 2 }
    local aura_def = arbiter.card{ name = "Curse", types = { "Enchantment" }, subtypes = { "Aura" }, enchant = "creature" }
    local x = g:create(bear, { owner = ann, zone = "battlefield" })
    local aura = g:create(aura_def, { owner = ann, zone = "battlefield" })
    assert.is_true(g:attach(aura, x))
    local got = {}
    for _, how in ipairs({ "controller", "attached" }) do
      for _, src in ipairs({ x, aura }) do
        g:trigger{ event = "step", controller = ann, source = src, turn = how, effect = function() end,
          condition = function(ev, game) got[#got + 1] = how .. " " .. src.name .. " " .. ev.step; return false end }
      end
    end
    local function upkeep_of(p) got = {}; g:begin_turn(p); g:upkeep_step(); return got end
    assert.are.same({ "controller Bear upkeep", "controller Curse upkeep", "attached Curse upkeep" }, upkeep_of(ann))
    assert.are.same({}, upkeep_of(bob))
    g:gain_control(x, bob)                              -- Bob's Bear, Ann's Curse on it
    assert.are.same({ "controller Curse upkeep" }, upkeep_of(ann))
    assert.are.same({ "controller Bear upkeep", "attached Curse upkeep" }, upkeep_of(bob))
    g:move(x, "hand"); g:move(x, "battlefield")         -- a new object (217.1c): the Curse enchants nothing
    assert.are.same({ "controller Curse upkeep" }, upkeep_of(ann))
  end)

  it("bad turn: an error naming the method and turn; nothing registered", function()
    local g, ann = H.game()
    local src = g:create(arbiter.card{ name = "Watcher", types = { "Enchantment" } }, { owner = ann, zone = "battlefield" })
    refused(g, {
      { "trigger", { event = "step", turn = "controller", controller = ann, effect = function() end } },
      { "trigger", { event = "step", turn = "yours", controller = ann, source = src, effect = function() end } },
      { "trigger", { event = "step", turn = true, controller = ann, source = src, effect = function() end } },
    }, "turn")
  end)
end)
