-- Combat run by its own calls (g:declare_attackers ... g:end_combat) records its steps as the
-- turn's step functions do (seed 003 "Step by Step": beginning of combat, declare attackers,
-- declare blockers, combat damage, end of combat), so "at end of combat" triggers fire there;
-- and every event carries the turn it happened in (ev.turn).
local H = require("helpers")
local arbiter = H.arbiter

local function creature(g, p, name, pw, t)
  return g:create(arbiter.card{ name = name, types = { "Creature" }, power = pw, toughness = t },
    { owner = p, zone = "battlefield", sick = false })
end

local function steps(g)
  local out = {}
  for _, ev in ipairs(H.events(g, "step")) do out[#out + 1] = ev.step end
  return out
end

local COMBAT = { "beginning_of_combat", "declare_attackers", "declare_blockers", "combat_damage",
  "end_of_combat" }

describe("combat steps recorded by the combat calls (003 'Step by Step')", function()
  it("outside a turn: each step is recorded once, in order; the game stays outside any step", function()
    local g, ann, bob = H.game()
    local a, b = creature(g, ann, "Attacker", 3, 3), creature(g, bob, "Blocker", 1, 1)
    g:declare_attackers({ a })
    g:declare_blockers({ [b] = a })
    g:combat_damage()
    g:end_combat()
    assert.are.same(COMBAT, steps(g))
    assert.is_nil(g.step)
  end)

  it("'at end of combat' triggers fire and resolve in g:end_combat", function()
    local g, ann, bob = H.game()
    local a = creature(g, ann, "Attacker", 2, 2)
    local fired = 0
    g:trigger{ event = "step", controller = ann, condition = function(ev) return ev.step == "end_of_combat" end,
      effect = function() fired = fired + 1 end }
    g:declare_attackers({ a })
    g:combat_damage()
    assert.are.equal(0, fired)
    g:end_combat()
    assert.are.equal(1, fired)
    assert.are.equal(18, bob.life)
  end)

  it("'at the beginning of combat' resolves before attackers are declared; the declaration is checked after", function()
    local g, ann = H.game()
    local a = creature(g, ann, "Attacker", 2, 2)
    g:trigger{ event = "step", controller = ann,
      condition = function(ev) return ev.step == "beginning_of_combat" end,
      effect = function() a:tap() end }        -- it can't attack any more
    local before = g:state_hash()
    local ok, err = pcall(g.declare_attackers, g, { a })
    assert.is_false(ok)
    assert.is_truthy(tostring(err):find("illegal attack", 1, true), err)
    assert.are.equal(before, g:state_hash())   -- the steps were undone with the declaration
    assert.are.same({}, steps(g))
  end)

  it("inside a turn: the calls enter the steps (g.step) and the turn's own steps aren't doubled", function()
    local g, ann, bob = H.game()
    local a = creature(g, ann, "Attacker", 2, 2)
    creature(g, bob, "Blocker", 1, 1)
    g:begin_turn(ann)
    g:upkeep_step()
    g:declare_attackers({ a })
    assert.are.equal("declare_attackers", g.step)
    g:declare_blockers({})
    g:combat_damage()
    g:end_combat()
    assert.are.equal("end_of_combat", g.step)
    assert.are.same({ "upkeep", "beginning_of_combat", "declare_attackers", "declare_blockers", "combat_damage",
      "end_of_combat" }, steps(g))
    -- the turn's combat phase: each step once
    local g2, ann2 = H.game()
    local a2 = creature(g2, ann2, "Attacker", 2, 2)
    g2:begin_turn(ann2)
    g2:set_agent(ann2, { attack = function() return { a2 } end })
    g2:combat_phase()
    assert.are.same(COMBAT, steps(g2))
  end)
end)

describe("ev.turn: every event carries the turn it happened in (003 'Step by Step': the turn)", function()
  it("history events, observers and a replacement's event in flight", function()
    local g, ann, bob = H.game()
    H.deck(g, ann, 5); H.deck(g, bob, 5)
    g:draw(ann)                               -- before any turn: turn 0
    local seen, asked = {}, {}
    g:on("draw", function(ev) seen[#seen + 1] = ev.turn end)
    g:add_replacement{ event = "life", applies = function(ev) asked[#asked + 1] = ev.turn; return false end,
      replace = function() end }
    g:begin_turn(ann)
    g:draw(ann)
    ann.life = 19
    g:begin_turn(bob)
    g:draw(bob)
    local turns = {}
    for _, ev in ipairs(H.events(g, "draw")) do turns[#turns + 1] = ev.turn end
    assert.are.same({ 0, 1, 2 }, turns)
    assert.are.same({ 1, 2 }, seen)
    assert.are.same({ 1 }, asked)
    -- "this turn" needs no history scan beyond the events' own field
    local this_turn = 0
    for _, ev in ipairs(H.events(g, "draw")) do if ev.turn == g.turn then this_turn = this_turn + 1 end end
    assert.are.equal(1, this_turn)
  end)
end)

describe("effects on combat (csrc/combat_effects.c)", function()
  local ninja_def = arbiter.card{ name = "Ninja", types = { "Creature" }, power = 2, toughness = 1 }

  it("put onto the battlefield attacking: attacking, deals damage, but never 'attacked' (glossary; 308.1)", function()
    local g, ann, bob = H.game()
    local a = creature(g, ann, "Attacker", 1, 1)
    local ninja = g:create(ninja_def, { owner = ann, zone = "hand" })
    local attacks = 0
    g:trigger{ event = "attack", controller = ann, effect = function() attacks = attacks + 1 end }
    g:declare_attackers({ a })
    assert.are.equal(1, attacks)
    g:declare_blockers({})
    g:move(a, "hand")                                  -- ninjutsu: return an unblocked attacker
    assert.are.equal(ninja, g:put_attacking(ninja, bob, { tapped = true }))
    assert.is_true(ninja.attacking ~= nil and ninja.attacking ~= false)
    assert.is_true(ninja.tapped)
    assert.are.equal(1, attacks)                       -- no "attack" event for the ninja
    assert.are.equal(1, #H.events(g, "attack"))
    g:combat_damage()
    assert.are.equal(18, bob.life)
    g:end_combat()
    assert.is_falsy(ninja.attacking)
  end)

  it("become blocked with no blockers: no damage to the player; a trampler's goes through (502.9c)", function()
    local g, ann, bob = H.game()
    local a = creature(g, ann, "Attacker", 3, 3)
    local t = g:create(arbiter.card{ name = "Trampler", types = { "Creature" }, power = 4, toughness = 4,
      abilities = { "trample" } }, { owner = ann, zone = "battlefield", sick = false })
    g:declare_attackers({ a, t })
    g:declare_blockers({})
    g:become_blocked(a)
    g:become_blocked(t)
    assert.is_true(a.blocked)
    g:combat_damage()
    assert.are.equal(16, bob.life)
  end)

  it("become blocked records a block event with no blocker: 'whenever ~ becomes blocked' fires (502.9c)", function()
    local g, ann, bob = H.game()
    local a = creature(g, ann, "Attacker", 3, 3)
    local fired = {}
    g:trigger{ event = "block", controller = ann, source = a,
      condition = function(ev, _, src) return ev.target == src end,
      effect = function(ev) fired[#fired + 1] = ev end }
    g:declare_attackers({ a })
    g:declare_blockers({})
    g:become_blocked(a)
    g:settle()
    assert.are.equal(1, #fired)
    assert.is_nil(fired[1].card)                 -- no creature blocks it
    assert.are.equal(a, fired[1].target)
    assert.are.equal(bob, fired[1].player)       -- the defending player
    local blocks = H.events(g, "block")
    assert.are.equal(1, #blocks)
    g:become_blocked(a)                          -- already blocked: nothing more is recorded
    assert.are.equal(1, #H.events(g, "block"))
    g:combat_damage()
    assert.are.equal(20, bob.life)
  end)

  it("g:draw_game(): the game is a draw, nobody lost, later actions do nothing (003: a draw game)", function()
    local g, ann, bob = H.game()
    H.deck(g, ann, 2)
    g:draw_game()
    local r = g:result()
    assert.is_true(r.draw)
    assert.is_nil(r.winner)
    assert.are.same({}, r.losers)
    g:win(bob)
    assert.is_nil(g:result().winner)
    assert.are.equal(0, #g:draw(ann))
  end)

  it("g:draw_game() in a failed action is undone (422)", function()
    local g = H.game()
    assert.is_false((g:attempt(function(game) game:draw_game(); error("no") end)))
    assert.is_nil(g:result())
  end)

  it("bad input names the argument and changes nothing (422)", function()
    local g, ann, bob = H.game()
    local a = creature(g, ann, "Attacker", 1, 1)
    local b = creature(g, bob, "Blocker", 1, 1)
    local land = g:create(arbiter.card{ name = "Forest", types = { "Land" } }, { owner = ann, zone = "hand" })
    local h = g:state_hash(true)
    local cases = {
      { function() g:put_attacking("Ninja", bob) end, "#1", "'put_attacking'", '"Ninja"' },
      { function() g:put_attacking(land, bob) end, "#1", "'put_attacking'", "not a creature" },
      { function() g:put_attacking(b, ann) end, "#1", "'put_attacking'", "not by the attacking player" },
      { function() g:put_attacking(a, ann) end, "#2", "'put_attacking'", "not a defending player" },
      { function() g:put_attacking(a, "Bob") end, "#2", "'put_attacking'", '"Bob"' },
      { function() g:put_attacking(a, bob, { tapped = "yes" }) end, "#3", "'put_attacking'", "tapped" },
      { function() g:put_attacking(a, bob, 5) end, "#3", "'put_attacking'", "5" },
      { function() g:become_blocked(a) end, "#1", "'become_blocked'", "not an attacking creature" },
      { function() g:become_blocked(nil) end, "#1", "'become_blocked'", "nil" },
      { function() g.draw_game(5) end, "'draw_game'", "5" },
    }
    for i, c in ipairs(cases) do
      local ok, err = pcall(c[1])
      assert.is_false(ok, "case " .. i)
      for k = 2, #c do assert.is_truthy(tostring(err):find(c[k], 1, true), "case " .. i .. ": " .. tostring(err)) end
      assert.are.equal(h, g:state_hash(true), "case " .. i)
    end
    assert.is_nil(g:result())
  end)
end)
