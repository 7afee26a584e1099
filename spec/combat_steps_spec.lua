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

describe("ev.turn: every event carries the turn it happened in", function()
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
