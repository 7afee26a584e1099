-- The turn (older guide 003 "Step by Step"; CompRules turn structure), summoning sickness
-- (502.5), cleanup and durations, conceding and life (003 "This Is Your Life").
local arbiter = require("arbiter")
local H = require("helpers")
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions

local forest = arbiter.card{name = "Forest", types = {"Land"}, subtypes = {"Forest"}, supertypes = {"Basic"}}
local bears = arbiter.card{name = "Grizzly Bears", types = {"Creature"}, power = 2, toughness = 2, cost = 2}

local function steps_of(g, from)
  local out = {}
  for _, ev in ipairs(g:history(from)) do
    if ev.type == "step" then out[#out + 1] = ev.step end
  end
  return out
end

local function creature(g, p, abilities, pw, t, opts)
  opts = opts or {}
  opts.owner, opts.zone = p, opts.zone or "battlefield"
  return g:create(arbiter.card{name = "C", types = {"Creature"}, power = pw or 2, toughness = t or 2,
    abilities = abilities or {}}, opts)
end

describe("turn structure (003 'Step by Step')", function()
  it("play_turn runs the steps in order, each recorded as a step event", function()
    local g, ann, bob = H.game()
    H.deck(g, ann, 10); H.deck(g, bob, 10)
    creature(g, ann)
    g:set_agent(ann, {attack = function() return {} end})
    g:play_turn()
    assert.same({"untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers",
      "end_of_combat", "main2", "end", "cleanup"}, steps_of(g))   -- no attackers: no blockers or damage steps
    assert.equal(1, g.turn)
    assert.equal(ann, g.active_player)
    local from = g:history_length() + 1
    g:set_agent(bob, {attack = function(p, game) return game:permanents(p, "Creature", "r") end})
    creature(g, bob, {}, 1, 1)
    g:play_turn()
    assert.equal(2, g.turn)
    assert.equal(bob, g.active_player)
    assert.same({"untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers",
      "declare_blockers", "combat_damage", "end_of_combat", "main2", "end", "cleanup"}, steps_of(g, from))
  end)

  it("the player who plays first skips the draw of the game's first turn; later draw steps draw", function()
    local g, ann, bob = H.game()
    H.deck(g, ann, 10); H.deck(g, bob, 10)
    g:play_turn()
    assert.equal(0, #ann.hand:cards())
    g:play_turn()
    assert.equal(1, #bob.hand:cards())
  end)

  it("the draw step's draw is a real draw: replaceable (423) and house hook draw_step sets n", function()
    local g, ann, bob = H.game{house_rules = {{draw_step = function(_, n) return n + 1 end}}}
    H.deck(g, ann, 10); H.deck(g, bob, 10)
    g:begin_turn(ann)
    g:begin_turn(bob)                     -- turn 2: no first-turn skip
    g:untap_step(); g:upkeep_step()
    local seen = 0
    g:add_replacement{event = "draw", applies = function(ev) return ev.player == bob end,
      replace = function(ev, game) seen = seen + 1; game:gain_life(bob, 1) end}
    g:draw_step()
    assert.equal(2, seen)                 -- two draws (1 + the house rule's 1), both replaced
    assert.equal(22, bob.life)
    assert.equal(0, #bob.hand:cards())
  end)

  it("the step methods act for the active player whatever they are given (they take no arguments)", function()
    local g, ann, bob = H.game()
    H.deck(g, ann, 10); H.deck(g, bob, 10)
    local a, b = creature(g, ann), creature(g, bob)
    a:tap(); b:tap()
    g:begin_turn(ann); g:begin_turn(bob)         -- Bob's turn, the game's second: Bob draws
    g:untap_step(ann)                            -- (turn.lua's play_turn hands the bodies its player)
    assert.same({ true, false }, { a.tapped, b.tapped })
    g:upkeep_step(ann); g:draw_step(ann)
    assert.same({ 0, 1 }, { #ann.hand:cards(), #bob.hand:cards() })
    for _ = 1, 8 do g:draw(bob) end
    g:cleanup_step(ann)                          -- Bob discards to seven, not Ann
    assert.same({ 0, 7 }, { #ann.hand:cards(), #bob.hand:cards() })
  end)

  it("the untap step untaps the active player's permanents only; an untap is replaceable", function()
    local g, ann, bob = H.game()
    local a1, a2, b1 = creature(g, ann), creature(g, ann), creature(g, bob)
    a1:tap(); a2:tap(); b1:tap()
    g:add_replacement{event = "untap", applies = function(ev) return ev.card == a2 end,
      replace = function() end}    -- "doesn't untap during its controller's untap step"
    g:begin_turn(ann)
    g:untap_step()
    assert.is_false(a1.tapped)
    assert.is_true(a2.tapped)
    assert.is_true(b1.tapped)
  end)

  it("'at the beginning of your upkeep' is a trigger on the step event", function()
    local g, ann, bob = H.game()
    local fired = {}
    g:trigger{event = "step", controller = ann,
      condition = function(ev) return ev.step == "upkeep" and ev.player == ann end,
      effect = function(_, game) fired[#fired + 1] = game.turn; game:lose_life(bob, 1) end}
    H.deck(g, ann, 5); H.deck(g, bob, 5)
    g:play_turn(); g:play_turn(); g:play_turn()
    assert.same({1, 3}, fired)
    assert.equal(18, bob.life)
  end)

  it("summoning sickness: a creature can attack once its controller has controlled it since the turn began (502.5)", function()
    local g, ann, bob = H.game()
    H.deck(g, ann, 5); H.deck(g, bob, 5)
    g:begin_turn(ann)
    local c = creature(g, ann, {}, 2, 2, {sick = true})
    local hasty = creature(g, ann, {"haste"}, 1, 1, {sick = true})
    assert.is_true(c.sick)
    assert.is_false(g:check_attack({c}))
    assert.is_true(g:check_attack({hasty}))
    g:begin_turn(bob)
    assert.is_true(c.sick)                -- still: Ann's turn hasn't begun again
    g:begin_turn(ann)
    assert.is_false(c.sick)
    assert.is_true(g:check_attack({c}))
  end)

  it("gaining control makes a creature sick until its new controller's turn begins (502.5)", function()
    local g, ann, bob = H.game()
    local c = creature(g, bob)
    g:begin_turn(bob)
    assert.is_false(c.sick)
    g:begin_turn(ann)
    g:gain_control(c, ann)
    assert.equal(ann, c.controller)
    assert.is_true(c.sick)
    assert.is_false(g:check_attack({c}))
    g:begin_turn(bob); g:begin_turn(ann)
    assert.is_false(c.sick)
    assert.error_matches(function() g:gain_control(creature(g, bob, {}, 1, 1, {zone = "hand"}), ann) end,
      "#1 to 'gain_control'.*permanent")
  end)

  it("a creature put onto the battlefield is summoning sick", function()
    local g, ann = H.game()
    local c = creature(g, ann, {}, 2, 2, {zone = "hand"})
    g:begin_turn(ann)
    g:move(c, "battlefield")
    assert.is_true(c.sick)
  end)

  it("a new turn ends a combat left open: no attackers or blocks carry over", function()
    local g, ann, bob = H.game()
    local a, b = creature(g, ann), creature(g, bob)
    g:begin_turn(ann)
    g:declare_attackers({a})
    g:declare_blockers({[b] = a})
    g:begin_turn(bob)
    assert.same({}, g:attackers())
    assert.same({}, g:blocks())
    assert.is_false(a.attacking)
    assert.is_false(a.blocked)
  end)

  it("g.step names the current step", function()
    local g, ann = H.game()
    assert.is_nil(g.step)
    g:begin_turn(ann)
    g:untap_step()
    assert.equal("untap", g.step)
    g:upkeep_step()
    assert.equal("upkeep", g.step)
  end)

  it("begin_turn rejects a player who has left the game", function()
    local g, _, bob = H.game{players = {"Ann", "Bob", "Cy"}}
    g:concede(bob)
    assert.error_matches(function() g:begin_turn(bob) end, "begin_turn.*left the game")
  end)
end)

describe("cleanup step (003 cleanup: hand size, damage wears off, 'until end of turn' ends)", function()
  it("the active player discards down to the maximum hand size, choosing (agent)", function()
    local g, ann = H.game()
    local cards = H.deck(g, ann, 10)
    for _, c in ipairs(cards) do g:move(c, "hand") end
    local asked = 0
    g:set_agent(ann, {choose = function(_, what, options)
      if what == "discard" then asked = asked + 1 end
      return options[#options]
    end})
    g:begin_turn(ann)
    g:cleanup_step()
    assert.equal(7, #ann.hand:cards())
    assert.equal(3, asked)
    assert.equal(3, #ann.graveyard:cards())
  end)

  it("house hook max_hand_size changes the maximum", function()
    local g, ann = H.game{house_rules = {{max_hand_size = function() return 2 end}}}
    for _, c in ipairs(H.deck(g, ann, 4)) do g:move(c, "hand") end
    g:begin_turn(ann)
    g:cleanup_step()
    assert.equal(2, #ann.hand:cards())
  end)

  it("damage wears off and 'until end of turn' changes end", function()
    local g, ann, bob = H.game()
    local c = creature(g, ann, {}, 2, 4)
    g:damage(c, c, 2)
    g:modify(c, 3, 3)
    g:grant(c, "flying")
    c:grant("trample")                          -- a permanent grant stays
    local h = g:add_replacement{event = "life", duration = "end_of_turn",
      replace = function(ev) ev.amount = ev.amount * 2; return ev end}
    g:begin_turn(ann)
    g:cleanup_step()
    assert.equal(0, c.damage)
    assert.equal(2, c.power)
    assert.equal(4, c.toughness)
    assert.is_false(c:has("flying"))
    assert.is_true(c:has("trample"))
    g:gain_life(bob, 1)
    assert.equal(21, bob.life)                   -- the doubling ended
    assert.is_table(h)
  end)

  it("a replacement with a duration is registered whole or not at all (allocation failures)", function()
    local core = require("arbiter.core")
    local failed = 0
    for k = 1, 12 do
      local g, _, bob = H.game()
      core._fail_alloc(k)
      local ok = pcall(g.add_replacement, g, {event = "life", duration = "end_of_turn",
        replace = function(ev) ev.amount = ev.amount * 2; return ev end})
      core._fail_alloc()
      g:gain_life(bob, 1)
      if ok then assert.equal(22, bob.life) else failed = failed + 1; assert.equal(21, bob.life) end
    end
    assert.is_true(failed > 0)
  end)

  it("'until end of combat' effects end at end of combat, not before", function()
    local g, ann, bob = H.game()
    local a = creature(g, ann, {}, 2, 2)
    g:grant(a, "first strike", {["until"] = "end_of_combat"})
    g:add_replacement{event = "damage", duration = "end_of_combat",
      applies = function(ev) return ev.target == bob end, replace = function() end}
    g:declare_attackers({a})
    g:combat_damage()
    assert.equal(20, bob.life)                  -- prevented during combat
    assert.is_true(a:has("first strike"))
    g:end_combat()
    assert.is_false(a:has("first strike"))
    g:damage(a, bob, 2)
    assert.equal(18, bob.life)
  end)

  it("a rolled-back action undoes a duration it set up", function()
    local g, ann = H.game()
    local c = creature(g, ann)
    local before = g:state_hash()
    local ok = g:attempt(function() g:grant(c, "flying"); error("no") end)
    assert.is_false(ok)
    assert.is_false(c:has("flying"))
    assert.equal(before, g:state_hash())
  end)

  it("flanking's -1/-1 lasts until end of turn (502.3)", function()
    local g, ann, bob = H.game()
    local knight = creature(g, ann, {"flanking"}, 2, 2)
    local b = creature(g, bob, {}, 2, 3)
    g:begin_turn(ann)
    g:declare_attackers({knight})
    g:declare_blockers({[b] = knight})
    assert.equal(1, b.power)
    g:end_combat()
    assert.equal(1, b.power)
    g:cleanup_step()
    assert.equal(2, b.power)
  end)

  it("bad durations name the argument", function()
    local g, ann = H.game()
    local c = creature(g, ann)
    assert.error_matches(function() g:grant(c, "flying", {["until"] = "forever"}) end, "grant.*until")
    assert.error_matches(function() g:add_replacement{event = "life", duration = "forever", replace = function() end} end,
      "add_replacement.*duration")
    assert.error_matches(function() g:grant(c, "wings") end, "unknown ability 'wings'")
  end)
end)

describe("main phase: lands and spells (003; 405.1 casting, 116 timing)", function()
  it("one land per turn (house hook lands_per_turn); a spell's cost taps lands", function()
    local g, ann = H.game()
    local l1 = g:create(forest, {owner = ann, zone = "hand"})
    local l2 = g:create(forest, {owner = ann, zone = "hand"})
    local b = g:create(bears, {owner = ann, zone = "hand"})
    g:create(forest, {owner = ann, zone = "battlefield"})
    g:begin_turn(ann)
    g:play_land(ann, l1)
    assert.equal("battlefield", l1.zone)
    assert.error_matches(function() g:play_land(ann, l2) end, "already played 1 land")
    assert.equal("hand", l2.zone)
    g:cast(ann, b)
    assert.equal("stack", b.zone)       -- cast: on the stack until players pass (405, 116)
    g:settle()
    assert.equal("battlefield", b.zone)
    assert.equal(2, #g.battlefield:cards() - #g:permanents(ann, "Land", "u") - 1)  -- 2 lands tapped
    g:begin_turn(ann)
    g:play_land(ann, l2)
    assert.equal("battlefield", l2.zone)
  end)

  it("refuses a spell it can't pay for, unchanged", function()
    local g, ann, bob = H.game()
    local b = g:create(bears, {owner = ann, zone = "hand"})
    g:begin_turn(ann)
    local before = g:state_hash()
    assert.error_matches(function() g:cast(ann, b) end, "Ann can't pay {2} .*407")
    assert.equal(before, g:state_hash())
    assert.error_matches(function() g:cast(bob, b) end, "not in Bob's hand")
  end)

  it("a sorcery's resolve runs and the card goes to the graveyard", function()
    local g, ann, bob = H.game()
    local bolt = g:create(arbiter.card{name = "Bolt", types = {"Sorcery"}, cost = 0,
      resolve = function(_, game) game:damage(nil, bob, 3) end}, {owner = ann, zone = "hand"})
    g:begin_turn(ann)
    g:cast(ann, bolt)
    assert.equal(20, bob.life)          -- on the stack: it resolves when all players pass
    g:settle()
    assert.equal(17, bob.life)
    assert.equal("graveyard", bolt.zone)
  end)

  it("the default main phase offers only the candidates still in hand: a spell that moved one away", function()
    -- its candidates' zones are read again only once the history grew (a fast path): here
    -- the first spell's resolution moves another candidate to the graveyard
    local g, ann = H.game()
    local other = g:create(arbiter.card{name = "Other", types = {"Sorcery"}, cost = 0, resolve = function() end},
      {owner = ann, zone = "hand"})
    local first = g:create(arbiter.card{name = "First", types = {"Sorcery"}, cost = 0,
      resolve = function(_, game) game:move(other, "graveyard") end}, {owner = ann, zone = "hand"})
    local offered = {}
    g:set_agent(ann, { choose = function(_, what, options)
      if what ~= "cast" then return options[#options] end
      offered[#offered + 1] = #options - 1            -- the spells offered ("pass" is last)
      for _, o in ipairs(options) do if o == first then return o end end
      return "pass"
    end })
    g:begin_turn(ann)
    g:main_phase()
    assert.are.same({ 2 }, offered)  -- asked once: Other left the hand, nothing else to offer
    assert.equal("graveyard", first.zone)
    assert.equal("graveyard", other.zone)
  end)
end)

describe("whole games (003 'Step by Step'; 422: an agent's illegal action is refused)", function()
  local function game(seed, agent)
    local g = arbiter.new_game{players = {"Ann", "Bob"}, seed = seed}
    for _, p in ipairs(g.players) do
      for _ = 1, 16 do g:create(forest, {owner = p}) end
      for _ = 1, 24 do g:create(bears, {owner = p}) end
      g:set_agent(p, agent(p))
    end
    g:start()
    return g
  end

  it("random agents play to a result; the same seed gives the same game", function()
    local g1 = game(5, function(p) return arbiter.agents.random(p.index) end)
    local r1 = g1:play{max_turns = 300}
    assert.is_table(r1)
    local g2 = game(5, function(p) return arbiter.agents.random(p.index) end)
    g2:play{max_turns = 300}
    assert.equal(g1:state_hash(), g2:state_hash())
    assert.equal(g1:history_length(), g2:history_length())
    assert.equal(g1.turn, g2.turn)
  end)

  it("simple agents play a sensible game to a result", function()
    local g = game(9, function() return arbiter.agents.simple() end)
    local r = g:play{max_turns = 300}
    assert.is_table(r)
    assert.is_true(r.draw or r.winner ~= nil)
    assert.is_true(#H.events(g, "attack") > 0)
    assert.is_true(#H.events(g, "block") > 0)
  end)

  it("a failing agent rolls the whole turn back", function()
    local g = game(3, function() return arbiter.agents.simple() end)
    g:play{max_turns = 4}
    local before, turn = g:state_hash(), g.turn
    g:set_agent(g.players[1], {attack = function() error("boom") end})
    local ok, err = pcall(g.play_turn, g)
    assert.is_false(ok)
    assert.matches("boom", err)
    assert.equal(before, g:state_hash())
    assert.equal(turn, g.turn)
  end)

  it("an illegal declaration from an agent is refused with its explanation", function()
    local g, ann, bob = H.game()
    local lure = creature(g, ann, {"lure"}, 1, 1)
    local blocker = creature(g, bob, {}, 1, 1)
    g:begin_turn(ann)
    g:attack_step({lure})
    local before = g:state_hash()
    assert.error_matches(function() g:block_step({}) end, "500.4")
    assert.equal(before, g:state_hash())
    g:block_step({[blocker] = lure})
    assert.is_true(lure.blocked)
  end)
end)

describe("conceding (003)", function()
  it("ends the player's game at once; 'can't lose' doesn't stop it and nothing triggers", function()
    local g, ann, bob = H.game()
    g:add_replacement{event = "lose", replace = function() end}   -- Platinum Angel-like
    local fired = 0
    g:trigger{event = "lose", controller = ann, effect = function() fired = fired + 1 end}
    g:lose(bob)
    assert.is_nil(g:result())                   -- the angel holds
    g:concede(bob)
    g:settle()
    assert.equal(ann, g:result().winner)
    assert.equal(0, fired)
    local last = g:history()[g:history_length()]
    assert.equal("lose", last.type)
    assert.is_true(last.conceded)
  end)

  it("in a three-player game the others play on", function()
    local g, ann, bob, cy = H.game{players = {"Ann", "Bob", "Cy"}}
    g:concede(bob)
    assert.is_nil(g:result())
    assert.is_true(bob.lost)
    g:begin_turn()                              -- Ann's turn (turn 0 -> the active player)
    g:begin_turn()
    assert.equal(cy, g.active_player)          -- Bob is skipped
    assert.is_false(ann.lost)
  end)
end)

describe("life (003 'This Is Your Life')", function()
  it("damage to a player is life loss through the damage event, so it can be prevented", function()
    local g, _, bob = H.game()
    g:add_replacement{event = "damage", applies = function(ev) return ev.target == bob end,
      replace = function() end}
    g:damage(nil, bob, 3)
    assert.equal(20, bob.life)
  end)

  it("losing life is not damage: damage prevention doesn't stop it", function()
    local g, _, bob = H.game()
    g:add_replacement{event = "damage", replace = function() end}
    g:lose_life(bob, 3)
    assert.equal(17, bob.life)
    assert.equal(0, #H.events(g, "damage"))
  end)

  it("a life payment can't exceed the current total", function()
    local g, ann = H.game()
    ann.life = 5
    assert.is_false(g:pay_life(ann, 6))
    assert.equal(5, ann.life)
    assert.is_true(g:pay_life(ann, 5))
    assert.equal(0, ann.life)
    assert.is_true(g:pay_life(ann, 0))
    assert.is_false(g:pay_life(ann, 1))
  end)

  it("'lose half your life' does nothing at 0 or less; rounds up by default", function()
    local g, ann, bob = H.game()
    ann.life = 7
    assert.equal(4, g:lose_half_life(ann))
    assert.equal(3, ann.life)
    assert.equal(1, g:lose_half_life(ann, {round = "down"}))
    bob.life = -5
    assert.equal(0, g:lose_half_life(bob))
    assert.equal(-5, bob.life)
    bob.life = 0
    g:lose_half_life(bob)
    assert.equal(0, bob.life)
  end)

  it("a player at 0 or less life loses at the next state-based check, not at once", function()
    local g, ann, bob = H.game()
    g:lose_life(bob, 25)
    assert.is_nil(g:result())
    g:gain_life(bob, 6)                          -- back to 1 before the check
    g:check_state()
    assert.is_nil(g:result())
    g:lose_life(bob, 1)
    g:check_state()
    assert.equal(ann, g:result().winner)
  end)

  it("bad amounts name the argument", function()
    local g, ann = H.game()
    assert.error_matches(function() g:lose_life(ann, -1) end, "#2 to 'lose_life'.*non%-negative integer")
    assert.error_matches(function() g:pay_life(ann, 1.5) end, "#2 to 'pay_life'")
    assert.error_matches(function() g:gain_life("Ann", 1) end, "#1 to 'gain_life'")
  end)
end)

describe("abilities of permanents: def.install (410.10: a 'comes into play' ability sees its own entering)", function()
  it("runs when the card is created on the battlefield and whenever it enters later", function()
    local g, ann = H.game()
    local entered = 0
    local def = arbiter.card{name = "Totem", types = {"Artifact"}, cost = 0,
      install = function(_, card) entered = entered + 1; assert.equal("battlefield", card.zone) end}
    g:create(def, {owner = ann, zone = "battlefield"})
    assert.equal(1, entered)
    local c = g:create(def, {owner = ann, zone = "hand"})
    assert.equal(1, entered)
    g:begin_turn(ann)
    g:cast(ann, c)
    assert.equal(1, entered)            -- on the stack: not on the battlefield yet
    g:settle()
    assert.equal(2, entered)
    g:move(c, "graveyard"); g:move(c, "battlefield")
    assert.equal(3, entered)
  end)

  it("an error in install undoes the whole call", function()
    local g, ann = H.game()
    local def = arbiter.card{name = "Bad", types = {"Artifact"}, install = function() error("broken script") end}
    local before = g:state_hash()
    assert.error_matches(function() g:create(def, {owner = ann, zone = "battlefield"}) end, "broken script")
    assert.equal(before, g:state_hash())
    assert.equal(0, #g.battlefield:cards())
  end)
end)

describe("502.3 flanking trigger's controller", function()
  it("is the flanking creature's controller (APNAP: the active player's triggers resolve last)", function()
    local g, ann, bob = H.game()
    local knight = creature(g, bob, {"flanking"}, 2, 2)
    local blocker = creature(g, ann, {}, 2, 2)
    g:begin_turn(bob)
    g:declare_attackers({knight})
    -- Ann's own block trigger goes on the stack after Bob's (APNAP) and resolves first: it
    -- sees the flanking ability waiting below it, controlled by Bob.
    local seen = {}
    g:trigger{event = "block", controller = ann, effect = function(_, game)
      for _, c in ipairs(game.stack:cards()) do seen[#seen + 1] = c.controller end
    end}
    g:declare_blockers({[blocker] = knight})
    assert.equal(1, blocker.power)
    assert.same({bob}, seen)
  end)
end)

describe("the older guide's combat steps (003, Step by Step)", function()
  it("a creature with power 0 or less may attack; a Wall (defender) may not", function()
    local g, ann = H.game()
    local zero = creature(g, ann, {}, 0, 3)
    local wall = creature(g, ann, {"defender"}, 0, 5)
    assert.is_true(g:check_attack({zero}))
    local ok, why = g:check_attack({wall})
    assert.is_false(ok)
    assert.matches("500.2", why)
  end)

  it("all damage of a step is dealt at once: two creatures can destroy each other", function()
    local g, ann, bob = H.game()
    local a = creature(g, ann, {}, 3, 3)
    local b = creature(g, bob, {}, 3, 3)
    g:begin_turn(ann)
    g:attack_step({a})
    g:block_step({[b] = a})
    g:damage_step()
    assert.equal("graveyard", a.zone)
    assert.equal("graveyard", b.zone)
  end)

  it("a null attack: declaring no attackers skips blocks and damage but the combat phase ends normally", function()
    local g, ann, bob = H.game()
    creature(g, ann)
    creature(g, bob)
    g:begin_turn(ann)
    local from = g:history_length() + 1
    g:set_agent(ann, {attack = function() return {} end})
    g:combat_phase()
    assert.same({"beginning_of_combat", "declare_attackers", "end_of_combat"}, steps_of(g, from))
    assert.equal(0, #H.events(g, "attack"))
  end)

  it("life is checked after combat damage: a player at 0 loses (state-based, 003 'This Is Your Life')", function()
    local g, ann, bob = H.game()
    bob.life = 2
    local a = creature(g, ann, {}, 2, 2)
    g:begin_turn(ann)
    g:attack_step({a})
    g:block_step({})
    g:damage_step()
    assert.equal(ann, g:result().winner)
  end)
end)

describe("502.3 flanking in a clone", function()
  it("triggers in a clone as in the original (the trigger is shared; its players aren't)", function()
    local g, ann, bob = H.game()
    local knight = creature(g, ann, {"flanking"}, 2, 2)
    local b = creature(g, bob, {}, 2, 3)
    g:begin_turn(ann)
    g:declare_attackers({knight})
    local c = g:clone()
    local cb, ck
    for _, x in ipairs(c.battlefield:cards()) do
      if x.id == b.id then cb = x elseif x.id == knight.id then ck = x end
    end
    c:declare_blockers({[cb] = ck})
    assert.equal(1, cb.power)
    assert.equal(2, b.power)                  -- the original is untouched
  end)
end)

describe("003 'Step by Step': the Lua layer's reads of the game's fields (GI._active, _step_name, _turn, _lost, _priority, _stack_size)", function()
  it("are g.active_player, g.step, g.turn, p.lost, g.priority and #g.stack at every step of whole games", function()
    local g = H.game{ seed = 7 }
    for i, p in ipairs(g.players) do g:set_agent(p, arbiter.agents.random(i)) end
    for _, p in ipairs(g.players) do
      for _ = 1, 20 do g:create(bears, {owner = p, zone = "library"}) end
    end
    assert.is_nil(GI._step_name(g))
    assert.equal(g.active_player, GI._active(g))
    local seen = 0
    g:on("step", function(ev)
      assert.equal(ev.step, GI._step_name(g))
      assert.equal(g.step, GI._step_name(g))
      assert.equal(ev.player, GI._active(g))
      assert.equal(g.active_player, GI._active(g))
      assert.equal(g.turn, GI._turn(g))
      for _, p in ipairs(g.players) do assert.equal(p.lost, GI._lost(g, p)) end
      assert.equal(g.priority, GI._priority(g))
      assert.equal(#g.stack, GI._stack_size(g))
      seen = seen + 1
    end)
    g:play{ max_turns = 6 }
    assert.is_true(seen >= 6 * 8)
    local ann = g.players[1]
    local bolt = g:create(arbiter.card{name = "Free Instant", types = {"Instant"}, resolve = function() end},
      {owner = ann, zone = "hand"})
    g:set_agent(ann, nil)
    g:set_active(ann)
    assert.equal(0, GI._stack_size(g))
    local n
    local ok, err = g:attempt(function()
      g:cast(ann, bolt)
      n = GI._stack_size(g)
      assert.equal(#g.stack, n)
      error("undo", 0)
    end)
    assert.is_false(ok)
    assert.equal("undo", err)
    assert.equal(1, n)
    g:concede(g.players[2])
    assert.is_true(GI._lost(g, g.players[2]))
    assert.is_false(GI._lost(g, g.players[1]))
  end)
end)

describe("003 'Step by Step': the default main phase's hand check (GI._zone_keep)", function()
  it("turns each card no longer in the zone into false and keeps the rest in place", function()
    local g, ann = H.game()
    local cs = {}
    for i = 1, 4 do cs[i] = g:create(bears, {owner = ann, zone = "hand"}) end
    local list = {cs[1], false, cs[2], cs[3], cs[4]}
    g:move(cs[2], "battlefield")
    g:move(cs[4], "graveyard")
    GI._zone_keep(ann.hand, list)
    assert.same({cs[1], false, false, cs[3], false}, list)
    g:move(cs[1], "library")
    g:move(cs[1], "hand")                     -- back in the hand: kept
    GI._zone_keep(ann.hand, list)
    assert.same({cs[1], false, false, cs[3], false}, list)
  end)
end)
