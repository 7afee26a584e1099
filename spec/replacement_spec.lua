-- Replacement effects: 423.6 (draw replacements), 614.5 (a replacement applies at most once
-- to an event and to whatever replaces it), ordering by the affected player, prevention.
local H = require("helpers")

describe("replacement effects", function()
  describe("614.5: at most once per event", function()
    it("'draw two instead' doesn't apply to its own draws", function()
      local g, ann = H.game()
      local deck = H.deck(g, ann, 5)
      local calls = 0
      g:add_replacement{ event = "draw", replace = function(ev, g2) calls = calls + 1; g2:draw(ev.player, 2) end }
      g:draw(ann)
      assert.are.equal(1, calls)
      assert.are.equal(2, #ann.hand)
      assert.are.equal("hand", deck[1].zone)
      assert.are.equal("hand", deck[2].zone)
      assert.are.equal(2, #H.events(g, "draw"))
    end)

    it("it applies again to a later, separate event", function()
      local g, ann = H.game()
      H.deck(g, ann, 8)
      local calls = 0
      g:add_replacement{ event = "draw", replace = function(ev, g2) calls = calls + 1; g2:draw(ev.player, 2) end }
      g:draw(ann, 2)
      assert.are.equal(2, calls)
      assert.are.equal(4, #ann.hand)
    end)

    it("a changed event doesn't meet the same replacement again", function()
      local g, ann, bob = H.game()
      H.deck(g, ann, 2); H.deck(g, bob, 2)
      local calls = 0
      -- "if a player would draw, the next player in turn order draws instead": always applies
      g:add_replacement{ event = "draw", replace = function(ev)
        calls = calls + 1
        ev.player = (ev.player == ann) and bob or ann
        return ev
      end }
      g:draw(ann)
      assert.are.equal(1, calls)
      assert.are.equal(1, #bob.hand)
      assert.are.equal(0, #ann.hand)
    end)

    it("a zone change replaced by a move doesn't meet the same replacement (no recursion)", function()
      local g, ann = H.game()
      local bear = g:create(H.bear, { owner = ann, zone = "battlefield" })
      local calls = 0
      g:add_replacement{ event = "zone_change", applies = function(ev) return ev.card == bear end,
        replace = function(ev, g2) calls = calls + 1; g2:move(ev.card, "exile") end }
      g:move(bear, "graveyard")
      assert.are.equal(1, calls)
      assert.are.equal("exile", bear.zone)
      local zc = H.events(g, "zone_change")
      assert.are.equal(1, #zc)
      assert.are.equal("exile", zc[1].to)
    end)
  end)

  describe("several replacements (419: the affected player orders them; 616.1 today)", function()
    local function three(g, ann)
      local log = {}
      local plus1 = g:add_replacement{ event = "life", name = "+1",
        applies = function(ev) return ev.player == ann and ev.amount > 0 end,
        replace = function(ev) ev.amount = ev.amount + 1; return ev end }
      local double = g:add_replacement{ event = "life", name = "x2",
        applies = function(ev) return ev.player == ann and ev.amount > 0 end,
        replace = function(ev) ev.amount = ev.amount * 2; return ev end }
      local plus10 = g:add_replacement{ event = "life", name = "+10",
        applies = function(ev) return ev.player == ann and ev.amount > 0 end,
        replace = function(ev) ev.amount = ev.amount + 10; return ev end }
      return plus1, double, plus10, log
    end

    it("the affected player's agent chooses the order among the handles add_replacement returned", function()
      local g, ann, bob = H.game()
      local plus1, double, plus10 = three(g, ann)
      local asked = {}
      local order = { double, plus1, plus10 }
      g:set_agent(ann, { choose = function(p, what, options, ev)
        asked[#asked + 1] = { p = p, what = what, options = options, ev = ev }
        for _, o in ipairs(order) do if H.contains(options, o) then return o end end
      end })
      g:set_agent(bob, { choose = function() error("bob is not the affected player") end })
      ann.life = ann.life + 1                   -- gain 1: x2 -> 2, +1 -> 3, +10 -> 13
      assert.are.equal(33, ann.life)
      assert.are.equal(2, #asked)               -- the last one left needs no question
      assert.are.equal(ann, asked[1].p)
      assert.are.equal("replacement", asked[1].what)
      assert.are.equal(3, #asked[1].options)
      assert.is_true(H.contains(asked[1].options, plus1) and H.contains(asked[1].options, double)
        and H.contains(asked[1].options, plus10))
      assert.are.equal("life", asked[1].ev.type)
      assert.are.equal(2, #asked[2].options)
      assert.is_false(H.contains(asked[2].options, double))
    end)

    it("616.1 (today): the affected player chooses, not the active one (damage to Bob's creature)", function()
      local g, ann, bob = H.game()
      local bear = g:create(H.bear, { owner = bob, zone = "battlefield" })
      local halve = g:add_replacement{ event = "damage", name = "halve",
        replace = function(ev) ev.amount = math.floor(ev.amount / 2); return ev end }
      local minus1 = g:add_replacement{ event = "damage", name = "-1",
        replace = function(ev) ev.amount = ev.amount - 1; return ev end }
      local asked = {}
      g:set_agent(ann, { choose = function() error("Ann is active but not affected") end })
      g:set_agent(bob, { choose = function(p, what, options)
        asked[#asked + 1] = what
        return H.contains(options, minus1) and minus1 or options[1]
      end })
      g:damage(nil, bear, 4)                    -- Bob orders: -1 -> 3, halve -> 1
      assert.are.same({ "replacement" }, asked)
      assert.are.equal(1, bear.damage)
      assert.is_truthy(halve)
    end)

    it("a different order gives a different result", function()
      local g, ann = H.game()
      local plus1, double, plus10 = three(g, ann)
      local order = { plus10, double, plus1 }
      g:set_agent(ann, { choose = function(p, what, options)
        for _, o in ipairs(order) do if H.contains(options, o) then return o end end
      end })
      ann.life = ann.life + 1                   -- +10 -> 11, x2 -> 22, +1 -> 23
      assert.are.equal(43, ann.life)
    end)

    it("a replacement that replaces the event entirely leaves nothing for the others", function()
      local g, ann = H.game()
      H.deck(g, ann, 3)
      local gained, other = 0, 0
      local instead = g:add_replacement{ event = "draw", replace = function() gained = gained + 1 end }
      g:add_replacement{ event = "draw", replace = function(ev) other = other + 1; return ev end }
      g:set_agent(ann, { choose = function(p, what, options) return instead end })
      g:draw(ann)
      assert.are.equal(1, gained)
      assert.are.equal(0, other)
      assert.are.equal(0, #ann.hand)
    end)

    it("remove_replacement stops it applying", function()
      local g, ann = H.game()
      H.deck(g, ann, 3)
      local n = 0
      local r = g:add_replacement{ event = "draw", replace = function() n = n + 1 end }
      g:draw(ann)
      g:remove_replacement(r)
      g:draw(ann)
      assert.are.equal(1, n)
      assert.are.equal(1, #ann.hand)
    end)
  end)

  describe("event kinds (419: replacement and prevention effects)", function()
    it("zone_change: 'exile it instead' changes ev.to, also for a creature dying to lethal damage", function()
      local g, ann = H.game()
      local bear = g:create(H.bear, { owner = ann, zone = "battlefield" })
      local bear2 = g:create(H.bear, { owner = ann, zone = "battlefield" })
      g:add_replacement{ event = "zone_change",
        applies = function(ev) return ev.to == "graveyard" and ev.from == "battlefield" end,
        replace = function(ev) ev.to = "exile"; return ev end }
      g:move(bear, "graveyard")
      assert.are.equal("exile", bear.zone)
      g:damage(nil, bear2, 2)
      g:check_state()
      assert.are.equal("exile", bear2.zone)
      assert.are.equal(0, #ann.graveyard)
      assert.are.equal(2, #g.exile)
    end)

    it("zone_change: two replacements chain on the changed event", function()
      local g, ann = H.game()
      local bear = g:create(H.bear, { owner = ann, zone = "battlefield" })
      g:add_replacement{ event = "zone_change", applies = function(ev) return ev.to == "graveyard" end,
        replace = function(ev) ev.to = "exile"; return ev end }
      g:add_replacement{ event = "zone_change", applies = function(ev) return ev.to == "exile" end,
        replace = function(ev) ev.to = "hand"; return ev end }
      g:move(bear, "graveyard")
      assert.are.equal("hand", bear.zone)
    end)

    it("life: a replaced life change changes the amount; a replaced-entirely one changes nothing", function()
      local g, ann, bob = H.game()
      local r = g:add_replacement{ event = "life", applies = function(ev) return ev.player == ann and ev.amount < 0 end,
        replace = function() end }                 -- "you can't lose life"
      ann.life = 10
      assert.are.equal(20, ann.life)
      ann.life = 25
      assert.are.equal(25, ann.life)
      bob.life = 10
      assert.are.equal(10, bob.life)
      g:remove_replacement(r)
      ann.life = 10
      assert.are.equal(10, ann.life)
    end)

    it("damage: prevention (replaced entirely) — no damage, no life loss, no damage event", function()
      local g, ann, bob = H.game()
      local src = g:create(H.bear, { owner = bob, zone = "battlefield" })
      local bear = g:create(H.bear, { owner = ann, zone = "battlefield" })
      g:add_replacement{ event = "damage", applies = function(ev) return ev.target == ann or ev.target == bear end,
        replace = function() end }
      g:damage(src, ann, 5)
      g:damage(src, bear, 5)
      assert.are.equal(20, ann.life)
      assert.are.equal(0, bear.damage)
      assert.are.equal(0, #H.events(g, "damage"))
      assert.are.equal(0, #H.events(g, "life"))
      g:check_state()
      assert.are.equal("battlefield", bear.zone)
    end)

    it("damage: 'prevent 2 of that damage' returns the event with a smaller amount", function()
      local g, ann, bob = H.game()
      local src = g:create(H.bear, { owner = bob, zone = "battlefield" })
      local bear = g:create(H.bear, { owner = ann, zone = "battlefield" })
      g:add_replacement{ event = "damage",
        replace = function(ev) ev.amount = math.max(0, ev.amount - 2); return ev end }
      g:damage(src, ann, 5)
      g:damage(src, bear, 1)
      assert.are.equal(17, ann.life)
      assert.are.equal(0, bear.damage)
      local d = H.events(g, "damage")
      assert.are.equal(1, #d)
      assert.are.equal(3, d[1].amount)
      assert.are.equal(src, d[1].source)
      assert.are.equal(ann, d[1].target)
    end)

    it("damage: a redirection changes ev.target", function()
      local g, ann, bob = H.game()
      local src = g:create(H.bear, { owner = bob, zone = "battlefield" })
      g:add_replacement{ event = "damage", applies = function(ev) return ev.target == ann end,
        replace = function(ev) ev.target = bob; return ev end }
      g:damage(src, ann, 4)
      assert.are.equal(20, ann.life)
      assert.are.equal(16, bob.life)
    end)
  end)

  describe("the replacement-depth limit (421: a loop of replacements that never ends)", function()
    it("raises a clear error and rolls the whole call back", function()
      local g, ann = H.game()
      H.deck(g, ann, 10)
      local old = g:set_limits{ replacement_depth = 2 }
      assert.are.equal("number", type(old.replacement_depth))
      for i = 1, 3 do                        -- three different "draw one more instead" effects nest
        g:add_replacement{ event = "draw", name = "R" .. i,
          replace = function(ev, g2) ann.life = ann.life - 1; g2:draw(ev.player) end }
      end
      local before = g:state_hash()
      local hist = g:history_length()
      local ok, err = pcall(g.draw, g, ann)
      assert.is_false(ok)
      assert.is_truthy(tostring(err):find("limit"))
      assert.is_truthy(tostring(err):find("set_limits", 1, true))
      assert.are.equal(before, g:state_hash())
      assert.are.equal(20, ann.life)
      assert.are.equal(0, #ann.hand)
      assert.are.equal(hist, g:history_length())
      -- with a higher limit the same draw works
      g:set_limits{ replacement_depth = 8 }
      g:draw(ann)
      assert.are.equal(1, #ann.hand)
      assert.are.equal(17, ann.life)
    end)

    it("set_limits rejects nonsense values", function()
      local g = H.game()
      assert.has_error(function() g:set_limits{ replacement_depth = 0 } end)
      assert.has_error(function() g:set_limits{ replacement_depth = "x" } end)
    end)
  end)
end)

describe("hook arguments: (ev, game, source) (Platinum Angel's 103.2 'can't lose', in the game it runs in)", function()
  it("a hook gets the game it runs in and its source card there, so a clone runs it on itself", function()
    local g, ann, bob = H.game()
    local angel = dofile("examples/cards/platinum_angel.lua")
    local a = g:create(angel.def, { owner = ann, zone = "battlefield" })
    angel.install(g, a)
    local seen = {}
    g:add_replacement{ event = "life", source = a,
      applies = function(_, game, source) seen[#seen + 1] = { game, source }; return false end,
      replace = function() end }
    local c = g:clone()
    local ca
    for _, x in ipairs(c.battlefield:cards()) do if x.id == a.id then ca = x end end
    c.players[1].life = 5
    assert.equal(c, seen[1][1])
    assert.equal(ca, seen[1][2])
    c:move(ca, "graveyard")               -- the clone's angel leaves: the clone's Ann can lose
    c:lose(c.players[1])
    assert.equal(c.players[2], c:result().winner)
    g:lose(ann)                           -- the original's angel is still there
    assert.is_nil(g:result())
    assert.is_false(bob.lost)
  end)

  -- lhooks.c finds the game a hook runs in where the call that ran it has it (a method's body:
  -- its first argument), else through the registry (the core's own protected call, a hook's
  -- call of another game's method): every way gives the game the hook runs in
  it("whichever call ran the hook, its game argument is the game it runs in", function()
    local g, ann = H.game()
    H.deck(g, ann, 6)
    local seen = {}
    local function watch(_, game) seen[#seen + 1] = game; return false end
    g:add_replacement{ event = "draw", applies = watch, replace = function() end }
    g:add_replacement{ event = "zone_change", applies = watch, replace = function() end }
    g:draw(ann, 2)                                   -- g:draw's guarded body
    g:move(ann.library:cards()[1], "graveyard")      -- the core's own protected call
    local c = g:clone()
    c:draw(c.players[1])                             -- a clone's draw: the clone
    local other, oann = H.game()
    H.deck(other, oann, 2)
    other:add_replacement{ event = "draw", applies = function()
      g:draw(ann)                                    -- another game's hook draws in g
      return false
    end, replace = function() end }
    other:draw(oann)
    assert.equal(5, #seen)
    for i, want in ipairs({ g, g, g, c, g }) do assert.equal(want, seen[i], "hook call " .. i) end
  end)
end)
