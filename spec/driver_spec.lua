-- The host driver (docs/API.md, "Hosts with a UI loop"; lua/arbiter/driver.lua): a host-agent
-- player's questions go to the host between its calls; same seed and answers => the same game
-- as the same answers given by an agent; bad input leaves the game as it was.
local arbiter = require("arbiter")
local H = require("helpers")
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions

local forest = arbiter.card{ name = "Forest", types = { "Land" }, subtypes = { "Forest" }, supertypes = { "Basic" } }
local bears = arbiter.card{ name = "Grizzly Bears", types = { "Creature" }, power = 2, toughness = 2, cost = 2 }
local giant = arbiter.card{ name = "Hill Giant", types = { "Creature" }, power = 3, toughness = 3, cost = 3 }
local wall = arbiter.card{ name = "Wall of Wood", types = { "Creature" }, power = 0, toughness = 3, cost = 1,
  abilities = { "defender" } }

local function deck()
  local d = {}
  for _ = 1, 24 do d[#d + 1] = forest end
  for _ = 1, 14 do d[#d + 1] = bears end
  for _ = 1, 14 do d[#d + 1] = giant end
  for _ = 1, 8 do d[#d + 1] = wall end
  return d
end

-- Ann is the host's player (or plays `agent` directly), Bob plays agents.simple.
local function duel(seed, agent)
  local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = seed }
  for _, p in ipairs(g.players) do g:create_deck(p, deck()) end
  g:set_agent(g.players[1], agent or arbiter.agents.host())
  g:set_agent(g.players[2], arbiter.agents.simple())
  g:start()
  return g, g.players[1], g.players[2]
end

-- A host that answers each question as `policy` would (asked on the game as it stands at
-- the question: the driver leaves it there while the question is pending).
local function answer_as(policy, q)
  if q.kind == "may" then return policy.may(q.player, q.what, q.ctx) and true or false end
  if q.kind == "choose" then return policy.choose(q.player, q.what, q.options, q.ctx) end
  if q.kind == "attack" then return policy.attack(q.player, q.game, q.ctx) end
  if q.kind == "block" then return policy.block(q.player, q.game, q.ctx) end
  if q.kind == "priority" then return policy.priority and policy.priority(q.player, q.game, q.ctx) or nil end
  error("unexpected question " .. q.kind)
end

local function drive(d, policy, seen)
  local n = 0
  while true do
    local q = d:resume()
    if not q then return n end
    n = n + 1
    if seen then seen[#seen + 1] = q end
    d:answer(answer_as(policy, q))
  end
end

describe("host driver", function()
  it("gives the same game as the same answers given by an agent (whole game and per turn)", function()
    for _, seed in ipairs({ 3, 11 }) do
      local ref = duel(seed, arbiter.agents.simple())
      ref:play{ max_turns = 60 }
      local policy = arbiter.agents.simple()

      local g = duel(seed)
      local seen = {}
      local d = g:driver(function(game) return game:play{ max_turns = 60 } end)
      local n = drive(d, policy, seen)
      assert.is_true(n > 10)
      assert.are.equal(ref:state_hash(), g:state_hash())
      assert.are.equal(ref:history_length(), g:history_length())
      assert.are.same(ref:result() and ref:result().winner.name, g:result() and g:result().winner.name)
      local kinds = {}
      for _, q in ipairs(seen) do kinds[q.kind .. ":" .. q.what] = true end
      assert.is_true(kinds["choose:land"] and kinds["attack:attack"] and kinds["block:block"] and true)

      local g2 = duel(seed)                 -- one driver per turn: the same game again
      while not g2:result() and g2.turn < 60 do drive(g2:driver(g2.play_turn), policy) end
      assert.are.equal(ref:state_hash(), g2:state_hash())
    end
  end)

  it("g:driver(g.play, opts) restarts at the current turn: the same game, each question asked once", function()
    for _, seed in ipairs({ 3, 11 }) do
      local ref = duel(seed, arbiter.agents.simple())
      ref:play{ max_turns = 40 }
      local policy = arbiter.agents.simple()
      local ran = 0        -- Bob's attacks decided by the driver's runs, the re-runs included
      local bob = arbiter.agents.simple()
      local attack = bob.attack
      bob.attack = function(...) ran = ran + 1; return attack(...) end
      local g = duel(seed)
      g:set_agent(g.players[2], bob)
      local d = g:driver(g.play, { max_turns = 40 })
      local first = g:history_length()
      local seen, delivered = {}, 0
      d:on("draw", function() delivered = delivered + 1 end)
      local n = drive(d, policy, seen)
      assert.is_true(n > 10)
      assert.are.equal(ref:state_hash(), g:state_hash())
      assert.are.equal(ref:result().winner.name, d:results().winner.name)
      local draws = 0
      for _, ev in ipairs(g:history(first + 1)) do if ev.type == "draw" then draws = draws + 1 end end
      assert.are.equal(draws, delivered)
      -- the turns before a question's turn are not played again: a turn of Bob's is re-run by
      -- the questions in it only (re-runs from the game's start: 461 attacks for 53 questions)
      assert.is_true(ran <= n + g.turn, string.format("%d attacks for %d questions, %d turns", ran, n, g.turn))
      local asked = {}
      for _, q in ipairs(seen) do
        assert.is_nil(asked[q], "a question asked twice")
        asked[q] = true
      end
    end
  end)

  it("g:driver(g.play): cancel and a failure undo every turn; bad options are play's error", function()
    local g = duel(3)
    local before = g:state_hash()
    local d = g:driver(g.play, { max_turns = 30 })
    local policy = arbiter.agents.simple()
    for _ = 1, 12 do d:answer(answer_as(policy, d:resume())) end   -- past a few checkpoints
    assert.is_true(g.turn > 2)
    d:cancel()
    assert.are.equal(before, g:state_hash())
    assert.are.equal(0, GI._marks_open(g))
    local bad = g:driver(g.play, { max_turns = -1 })
    assert.has_error(function() bad:resume() end, "driver: the driver function failed: bad argument #1 to 'play'"
      .. " (max_turns must be a non-negative integer, got -1)")
    assert.are.equal(before, g:state_hash())
    local calls = 0
    local failing = g:driver(g.play, { max_turns = 30 })
    g:on("draw", function() calls = calls + 1; if calls == 9 then error("observer fails") end end)
    assert.has_error(function() drive(failing, policy) end)
    assert.are.equal(before, g:state_hash())
    assert.are.equal(0, GI._marks_open(g))
  end)

  it("g:driver(fn, ...) passes the extra arguments to fn", function()
    local g, ann = duel(4)
    local d = g:driver(function(game, p, n) game:draw(p, n); return #p.hand end, ann, 2)
    assert.are.same({ true }, { d:resume() == nil })
    assert.are.equal(9, d:results())
    assert.are.equal(9, #ann.hand)
  end)

  it("leaves the game in the question's state while the question is pending", function()
    local g, ann = duel(2)
    local before = g:history_length()
    local d = g:driver(g.play_turn)
    local q = d:resume()
    assert.are.equal(ann, q.player)
    assert.are.equal("choose", q.kind)
    assert.are.equal("land", q.what)
    assert.are.equal("main1", g.step)               -- the turn is under way at the question
    assert.is_true(g:history_length() > before)
    assert.are.equal(1, g.turn)
    assert.are.equal("Forest", q.names[1])
    assert.are.equal("pass", q.names[#q.names])
    assert.truthy(q.rule:find("land"))
    assert.are.equal(q, d:resume())                 -- unanswered: the same question, no re-run
    local hand = #ann.hand
    d:cancel()                                      -- cancelled: as when the driver started
    assert.are.equal(before, g:history_length())
    assert.is_nil(g.step)
    assert.is_true(d:finished())
    d = g:driver(g.play_turn)
    q = d:resume()
    assert.are.equal("land", q.what)
    d:answer(q.options[1])
    assert.is_nil(d:resume())                       -- the re-run played the land, the turn ended
    assert.are.equal(hand - 1, #ann.hand)
    assert.are.equal(1, #g:permanents(ann, "Land"))
    assert.are.equal(1, g.turn)
  end)

  it("suspends inside the engine's C frames: a trigger's question in settle", function()
    local g, ann, bob = H.game()
    H.deck(g, ann, 5); H.deck(g, bob, 5)
    g:set_agent(ann, arbiter.agents.host())
    g:trigger{ event = "draw", controller = ann, condition = function(ev) return ev.player == bob end,
      effect = function(_, game)
        if arbiter.ask_may(game, ann, "drain", {}) then bob.life = bob.life - 3 end
      end }
    local d = g:driver(function(game) game:draw(bob); game:settle(); return bob.life end)
    local q = d:resume()
    assert.are.equal("may", q.kind)
    assert.are.equal("drain", q.what)
    assert.are.equal(1, #bob.hand)                  -- the draw happened; the trigger is resolving
    assert.are.equal(20, bob.life)
    d:answer(true)
    local none, life = d:resume()
    assert.is_nil(none)
    assert.are.equal(17, life)
    assert.are.equal(17, bob.life)
    assert.are.equal(1, #bob.hand)                  -- drawn once, not once per run
    assert.is_true(d:finished())
    assert.are.equal(17, d:results())
  end)

  it("delivers each event once to d:on and to g:on observers, across the re-runs", function()
    local g, ann = duel(9)
    local via_driver, via_game = 0, 0
    g:on("draw", function() via_game = via_game + 1 end)
    local d = g:driver(function(game) return game:play{ max_turns = 12 } end)
    d:on("draw", function(ev) assert.are.equal("draw", ev.type); via_driver = via_driver + 1 end)
    local first = g:history_length()
    local questions = drive(d, arbiter.agents.simple())
    local draws = 0
    for _, ev in ipairs(g:history(first + 1)) do if ev.type == "draw" then draws = draws + 1 end end
    assert.is_true(draws > 5 and questions > 5)   -- draws before later questions were re-run
    assert.are.equal(draws, via_driver)
    assert.are.equal(draws, via_game)
    assert.are.equal(ann, g.players[1])
  end)

  it("an observer that changes the game runs on every run: the same game as with an agent", function()
    local function play(agent)
      local g = duel(11, agent)
      local calls, lookups = 0, 0
      g:on("draw", function(ev, game)
        calls = calls + 1
        if ev.player.index == 2 then game:gain_life(ev.player, 1) end   -- part of the game
        g:on("life", function() lookups = lookups + 1 end)             -- an observer of its own
      end)
      return g, function() return calls, lookups end
    end
    local a = play(arbiter.agents.simple())
    a:play{ max_turns = 10 }
    local b, count = play()
    local d = b:driver(function(game) return game:play{ max_turns = 10 } end)
    assert.is_true(drive(d, arbiter.agents.simple()) > 3)
    assert.are.equal(a:state_hash(), b:state_hash())
    local calls = count()
    local draws = 0
    for _, ev in ipairs(b:history()) do if ev.type == "draw" then draws = draws + 1 end end
    assert.is_true(calls > draws)          -- registering an observer is a change: it ran again
  end)

  it("an observer that changes nothing, nested in one that does, is called once per event", function()
    local g, ann = duel(12)
    local draws_seen, lives_seen = 0, 0
    g:on("life", function() lives_seen = lives_seen + 1 end)
    g:on("draw", function(ev, game)
      draws_seen = draws_seen + 1
      if ev.player == ann then game:gain_life(ann, 1) end   -- a "life" event inside it
    end)
    local first = g:history_length()
    local d = g:driver(function(game) return game:play{ max_turns = 10 } end)
    assert.is_true(drive(d, arbiter.agents.simple()) > 3)
    local draws, lives = 0, 0
    for _, ev in ipairs(g:history(first + 1)) do
      if ev.type == "draw" then draws = draws + 1 elseif ev.type == "life" then lives = lives + 1 end
    end
    assert.is_true(lives > 3)
    assert.are.equal(lives, lives_seen)    -- the life observer changed nothing: once each
    assert.is_true(draws_seen > draws)     -- the draw observer gains life: it ran on the re-runs
  end)

  it("d:on after a question inside an action that then failed: the events at reused positions come", function()
    local g, ann, bob = H.game()
    H.deck(g, ann, 5); H.deck(g, bob, 5)
    g:set_agent(ann, arbiter.agents.host())
    local seen = {}
    local d = g:driver(function(game)
      game:attempt(function(x)
        x:draw(ann)
        if arbiter.ask_may(x, ann, "fail", {}) then error("undone") end
      end)
      game:draw(bob)
    end)
    d:on("draw", function(ev) seen[#seen + 1] = ev.player.name end)
    assert.are.equal("fail", d:resume().what)
    assert.are.same({ "Ann" }, seen)              -- delivered at the question
    d:answer(true)
    assert.is_nil(d:resume())
    assert.are.same({ "Ann", "Bob" }, seen)       -- Ann's draw was undone; Bob's took its place
    assert.are.equal(1, #d:events())
    assert.are.equal(0, #ann.hand)
    assert.are.equal(1, #bob.hand)
  end)

  it("checks answers: none pending, not an option (by content), may, attack legality", function()
    local g, ann, bob = H.game()
    H.deck(g, ann, 5); H.deck(g, bob, 5)
    g:set_agent(ann, arbiter.agents.host())
    local a1 = g:create(bears, { owner = ann, zone = "battlefield" })
    local a2 = g:create(wall, { owner = ann, zone = "battlefield" })
    local d = g:driver(function(game)
      local c = arbiter.ask_choose(game, ann, "pick", { { n = 1 }, { n = 2 } }, {})
      local yes = arbiter.ask_may(game, ann, "ok", {})
      game:begin_turn(ann); game:beginning_of_combat()
      game:attack_step()
      return c.n, yes
    end)
    assert.has_error(function() d:answer(true) end,
      "bad argument #1 to 'answer' (no question is pending (call d:resume() first))")
    assert.are.equal("pick", d:resume().what)
    local hash = g:state_hash()
    assert.has_error(function() d:answer({ n = 3 }) end)
    local ok, err = pcall(d.answer, d, { n = 3 })
    assert.is_false(ok)
    assert.truthy(err:find("answer", 1, true) and err:find("not one of the 2 options", 1, true))
    assert.are.equal(hash, g:state_hash())
    d:answer({ n = 2 })                             -- a copy of the option: equal by content
    local q = d:resume()
    assert.are.equal("may", q.kind)
    ok, err = pcall(d.answer, d, "yes")
    assert.truthy(not ok and err:find("true or false expected", 1, true))
    d:answer(true)
    q = d:resume()
    assert.are.equal("attack", q.kind)
    assert.is_true(#q.legal >= 2)
    local legal, msg, near = q.check({ [a2] = bob })
    assert.is_false(legal)
    assert.truthy(msg:find("500.2: Wall of Wood#%d+ can't attack Bob"))
    assert.are.same({}, near)
    hash = g:state_hash()
    ok, err = pcall(d.answer, d, { [a2] = bob })
    assert.truthy(not ok and err:find("illegal attack declaration", 1, true) and err:find("nearest legal", 1, true))
    ok, err = pcall(d.answer, d, { [5] = bob })
    assert.truthy(not ok and err:find("malformed attack declaration", 1, true))
    assert.are.equal(hash, g:state_hash())
    local copy = g:clone()                          -- a declaration of a clone's cards: by content
    d:answer({ [copy:card(a1.id)] = copy.players[2] })
    local none, n, yes = d:resume()
    assert.is_nil(none)
    assert.are.equal(2, n)
    assert.is_true(yes)
    assert.is_true(a1.tapped)
    assert.has_error(function() d:resume() end, "bad self to 'resume' (the driver has finished: make a new one)")
    ok, err = pcall(d.answer, d, true)
    assert.truthy(not ok and err:find("the driver has finished", 1, true))
  end)

  it("a driver function that raises: a clear error and the game as before", function()
    local g, ann, bob = H.game()
    H.deck(g, ann, 5); H.deck(g, bob, 5)
    g:set_agent(ann, arbiter.agents.host())
    local hash, len = g:state_hash(), g:history_length()
    local d = g:driver(function(game)
      game:draw(ann)
      if arbiter.ask_may(game, ann, "go on", {}) then error("boom") end
    end)
    assert.are.equal("may", d:resume().kind)
    assert.are.equal(1, #ann.hand)
    d:answer(true)
    local ok, err = pcall(d.resume, d)
    assert.is_false(ok)
    assert.truthy(err:find("driver function failed", 1, true) and err:find("boom", 1, true))
    assert.are.equal(hash, g:state_hash())
    assert.are.equal(len, g:history_length())
    assert.are.equal(0, #ann.hand)
    assert.has_error(function() g.driver(g, 5) end)
    assert.has_error(function() d.resume({}) end)
  end)

  it("a host agent asked outside a driver, g:attempt around a question, nesting", function()
    local g, ann, bob = H.game()
    H.deck(g, ann, 5); H.deck(g, bob, 5)
    g:set_agent(ann, arbiter.agents.host())
    assert.has_error(function() g:draw(ann, 1, { optional = true }) end)
    assert.are.equal(0, #ann.hand)
    local d = g:driver(function(game)
      local ok, n = game:attempt(function(x) return #x:draw(ann, 1, { optional = true }) end)
      return ok, n
    end)
    local q = d:resume()
    assert.are.equal("draw", q.what)                -- attempt let the question through
    d:answer(true)
    local _, ok, n = d:resume()
    assert.is_true(ok)
    assert.are.equal(1, n)
    assert.are.equal(1, #ann.hand)
    -- a driver inside a game call is refused
    local inner = g:driver(function() end)
    local ok2, err2 = g:attempt(function() inner:resume() end)
    assert.is_false(ok2)
    assert.truthy(err2:find("top level", 1, true))
  end)

  it("a re-run that asks another question (a stateful agent) is an error, the game undone", function()
    local g, ann, bob = H.game()
    H.deck(g, ann, 5); H.deck(g, bob, 5)
    g:set_agent(ann, arbiter.agents.host())
    local calls = 0
    g:set_agent(bob, { may = function() calls = calls + 1; return calls == 1 end })
    local len = g:history_length()
    local d = g:driver(function(game)
      if arbiter.ask_may(game, bob, "x", {}) then arbiter.ask_may(game, ann, "a", {})
      else arbiter.ask_choose(game, ann, "b", { 1, 2 }, {}) end
      arbiter.ask_may(game, ann, "c", {})
    end)
    assert.are.equal("a", d:resume().what)
    d:answer(true)
    local ok, err = pcall(d.resume, d)
    assert.is_false(ok)
    assert.truthy(err:find("diverged", 1, true))
    assert.are.equal(len, g:history_length())
  end)

  it("priority (116): the host's actions with their legal targets; nil passes; answers checked", function()
    local g, ann, bob = H.game()
    H.deck(g, ann, 5); H.deck(g, bob, 5)
    g:set_agent(ann, arbiter.agents.host())
    local shock = arbiter.card{ name = "Shock", types = { "Instant" }, cost = "{R}", targets = { "creature or player" },
      resolve = function(obj, game, src) if obj.targets[1] then game:damage(src, obj.targets[1], 2) end end }
    local mountain = arbiter.card{ name = "Mountain", types = { "Land" }, subtypes = { "Mountain" }, supertypes = { "Basic" } }
    local s1 = g:create(shock, { owner = ann, zone = "hand" })
    local s2 = g:create(shock, { owner = ann, zone = "hand" })
    local m = g:create(mountain, { owner = ann, zone = "battlefield" })
    local bear = g:create(bears, { owner = bob, zone = "battlefield" })
    local function run(game) game:begin_turn(bob); game:upkeep_step(); return bob.life, bear.zone end

    local d = g:driver(run)
    local q = d:resume()
    assert.are.equal("priority", q.kind)
    assert.are.equal(ann, q.player)
    assert.are.equal("upkeep", g.step)
    assert.are.same({ "cast Shock", "cast Shock" }, q.names)
    if q.options[1].cast ~= s1 then s1, s2 = s2, s1 end   -- (the hand's order)
    assert.are.equal(s1, q.options[1].cast)
    local legal = q.targets[1][1]                 -- players in turn order, then permanents
    assert.are.same({ ann, bob, bear }, { legal[1], legal[2], legal[3] })
    assert.truthy(q.rule:find("116", 1, true))
    local hash = g:state_hash()
    local ok, err = pcall(d.answer, d, { cast = m })
    assert.truthy(not ok and err:find("bad argument #1 to 'answer' (priority: not one of the 2 actions", 1, true))
    ok, err = pcall(d.answer, d, { cast = s1, targets = { m } })
    assert.truthy(not ok and err:find("target 1 of cast Shock is not legal (413)", 1, true))
    assert.are.equal(hash, g:state_hash())
    d:answer({ cast = s1, targets = { bob } })
    local none, life = d:resume()                 -- Shock resolved; the Mountain is tapped: no more questions
    assert.is_nil(none)
    assert.are.equal(18, life)
    assert.is_true(m.tapped)
    assert.are.equal("graveyard", s1.zone)
    assert.are.equal("hand", s2.zone)

    -- the same with the target left out: the engine asks choose "target"; nil passes
    local g2, ann2, bob2 = H.game()
    H.deck(g2, ann2, 5); H.deck(g2, bob2, 5)
    g2:set_agent(ann2, arbiter.agents.host())
    local t1 = g2:create(shock, { owner = ann2, zone = "hand" })
    g2:create(mountain, { owner = ann2, zone = "battlefield" })
    local c2 = g2:create(bears, { owner = bob2, zone = "battlefield" })
    d = g2:driver(function(game) game:begin_turn(bob2); game:upkeep_step(); game:draw_step(); return c2.zone end)
    assert.are.equal("priority", d:resume().kind)
    d:answer({ cast = t1 })
    q = d:resume()
    assert.are.equal("choose", q.kind)
    assert.are.equal("target", q.what)
    assert.are.equal(t1, q.ctx.source)             -- asked while Shock is being cast (413)
    assert.are.same({ "Ann", "Bob", "Grizzly Bears" }, q.names)
    d:answer(c2)
    local _, zone = d:resume()
    assert.are.equal("graveyard", zone)
    assert.are.equal(20, bob2.life)

    local g3, ann3, bob3 = H.game()
    H.deck(g3, ann3, 5); H.deck(g3, bob3, 5)
    g3:set_agent(ann3, arbiter.agents.host())
    local t3 = g3:create(shock, { owner = ann3, zone = "hand" })
    g3:create(mountain, { owner = ann3, zone = "battlefield" })
    d = g3:driver(function(game) game:begin_turn(bob3); game:upkeep_step(); return t3.zone end)
    assert.are.equal("priority", d:resume().kind)
    d:answer(nil)                                 -- pass
    local _, where = d:resume()
    assert.are.equal("hand", where)
  end)

  it("priority (116): a host is offered an ability its player has (g:add_ability) and one from its graveyard (406)", function()
    local g, ann, bob = H.game()
    H.deck(g, ann, 5); H.deck(g, bob, 5)
    g:set_agent(ann, arbiter.agents.host())
    local ashes = g:create(arbiter.card{ name = "Ashes", types = { "Creature" }, power = 1, toughness = 1,
      activated = { { cost = "{0}", zone = "graveyard",
        effect = function(_, game, card) game:move(card, "hand") end } } }, { owner = ann, zone = "graveyard" })
    local h = g:add_ability{ controller = ann, cost = "{0}", effect = function(obj, game) game:gain_life(obj.controller, 1) end }
    local d = g:driver(function(game) game:begin_turn(bob); game:upkeep_step(); return ann.life, ashes.zone end)
    local q = d:resume()
    assert.are.equal("priority", q.kind)
    assert.are.same({ "activate Ashes (1)", "activate " .. tostring(h) }, q.names)
    d:answer({ activate = h })
    assert.are.equal("priority", d:resume().kind)   -- again, her ability on the stack
    d:answer({ activate = ashes, ability = 1 })
    while true do
      q = d:resume()
      if q == nil or q.kind ~= "priority" then break end
      d:answer(nil)
    end
    local life, zone = d:results()
    assert.are.same({ 21, "hand" }, { life, zone })
  end)
end)
