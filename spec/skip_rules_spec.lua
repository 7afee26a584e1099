-- Skipping (300.8) by a continuous effect (rules.skip: Stasis) and the replaceable "begin turn"
-- event (Time Vault's "If you would begin your turn ... you may skip that turn instead").
local H = require("helpers")

local function game()
  local g, ann, bob = H.game()
  H.deck(g, ann, 10); H.deck(g, bob, 10)
  for _, p in ipairs(g.players) do g:set_agent(p, { main = function() end }) end
  return g, ann, bob
end

local function steps(g, p, name)
  local n = 0
  for _, e in ipairs(g:history()) do if e.type == "step" and e.step == name and e.player == p then n = n + 1 end end
  return n
end

describe("skipping steps and turns (300.8)", function()
  it("rules.skip: the affected player skips its steps of that name while it lasts, using no counted skip", function()
    local g, ann, bob = game()
    local e = g:add_static{ affects = bob, rules = { skip = "draw" } }
    g:skip(bob, "draw")                         -- a counted skip, kept for later
    g:play_turn(ann); g:play_turn(bob)
    assert.same({ 1, 0 }, { steps(g, ann, "draw"), steps(g, bob, "draw") })
    g:remove_static(e)
    g:play_turn(ann); g:play_turn(bob)          -- the counted skip is used now
    assert.equal(0, steps(g, bob, "draw"))
    g:play_turn(ann); g:play_turn(bob)
    assert.equal(1, steps(g, bob, "draw"))
  end)

  it("rules.skip must name a step", function()
    local g = game()
    assert.has_error(function() g:add_static{ rules = { skip = "turn" } } end)
    assert.has_error(function() g:add_static{ rules = { skip = "untap", land_plays = 2 } } end)
  end)

  it("'begin turn': replaced away, the turn is skipped and the next player found; undeclared, nothing is emitted", function()
    local g, ann, bob = game()
    g:begin_turn(ann)
    g:begin_turn()
    assert.equal(0, #H.events(g, "begin turn"))   -- (an undeclared name: H.events finds none)
    g:declare_event("begin turn")
    local h = g:add_replacement{ event = "begin turn", applies = function(ev) return ev.player == ann end,
      replace = function() return nil end }
    g:begin_turn()                               -- Ann's turn would begin: skipped, Bob's again
    assert.equal(bob, g.active_player)
    g:remove_replacement(h)
    g:begin_turn()
    assert.equal(ann, g.active_player)
    assert.equal(ann, H.events(g, "begin turn")[2].player)
  end)
end)

-- 300.8: a skipped step doesn't happen; the step methods a script calls one by one skip it as a
-- whole turn does (docs/API.md, g:skip and the step methods)
describe("the step methods called one by one skip a skipped step (300.8)", function()
  it("a counted skip: g:draw_step() draws nothing, makes no step, uses the skip; the next one draws", function()
    local g, ann = game()
    g:begin_turn(ann); g:begin_turn(g.players[2]); g:begin_turn(ann)   -- turn 3: the draw step draws
    g:skip(ann, "draw")
    g:untap_step(); g:upkeep_step()
    local hand = #ann.hand
    assert.is_true(g:draw_step())
    assert.same({ hand, 0, "upkeep" }, { #ann.hand, steps(g, ann, "draw"), g.step })
    g:draw_step()                                -- the skip is used up
    assert.same({ hand + 1, 1 }, { #ann.hand, steps(g, ann, "draw") })
  end)

  it("rules.skip (Stasis's untap): g:untap_step() untaps nothing; main 1 skipped, g:main_phase() asks nothing", function()
    local g, ann = game()
    local bear = g:create(H.bear, { owner = ann, zone = "battlefield", sick = false })
    bear:tap()
    g:add_static{ affects = ann, rules = { skip = "untap" } }
    g:skip(ann, "main1")
    local asked = 0
    g:set_agent(ann, { main = function() asked = asked + 1 end })
    g:begin_turn(ann)
    g:untap_step()
    assert.same({ 0, true }, { steps(g, ann, "untap"), bear.tapped })
    g:upkeep_step(); g:draw_step()
    g:main_phase()
    assert.same({ 0, 0, "draw" }, { asked, steps(g, ann, "main1"), g.step })
  end)

  it("a skipped declare attackers step declares none, even given a declaration; the method says nobody attacked", function()
    local g, ann = game()
    local bear = g:create(H.bear, { owner = ann, zone = "battlefield", sick = false })
    g:begin_turn(ann); g:untap_step(); g:upkeep_step(); g:draw_step(); g:main_phase()
    g:skip(ann, "declare_attackers")
    g:beginning_of_combat()
    assert.is_false(g:attack_step({ bear }))
    assert.same({ 0, false, 0 }, { #g:attackers(), bear.tapped, steps(g, ann, "declare_attackers") })
  end)
  it("no creature attacked: g:block_step() and g:damage_step() don't enter their steps (306.1, 308.4), as in g:play_turn", function()
    local g, ann, bob = game()
    local bear = g:create(H.bear, { owner = ann, zone = "battlefield", sick = false })
    local wall = g:create(H.bear, { owner = bob, zone = "battlefield", sick = false })
    g:begin_turn(ann); g:untap_step(); g:upkeep_step(); g:draw_step(); g:main_phase()
    g:beginning_of_combat()
    assert.is_false(g:attack_step({}))
    assert.is_true(g:block_step({ [wall] = bear }))
    assert.is_true(g:damage_step())
    assert.same({ 0, 0, "declare_attackers", 20 },
      { steps(g, ann, "declare_blockers"), steps(g, ann, "combat_damage"), g.step, bob.life })
    assert.is_true(g:end_of_combat_step())
    assert.equal("end_of_combat", g.step)
    -- the attack step skipped (300.8): nobody attacked either
    g:end_turn()
    g:begin_turn(ann); g:untap_step(); g:upkeep_step(); g:draw_step(); g:main_phase()
    g:skip(ann, "declare_attackers")
    g:beginning_of_combat()
    assert.is_false(g:attack_step({ bear }))
    assert.is_true(g:block_step()); assert.is_true(g:damage_step())
    assert.same({ 0, 0, "beginning_of_combat" },
      { steps(g, ann, "declare_blockers"), steps(g, ann, "combat_damage"), g.step })
  end)

  it("a creature attacked: the steps happen (a counted skip of declare blockers used there)", function()
    local g, ann, bob = game()
    local bear = g:create(H.bear, { owner = ann, zone = "battlefield", sick = false })
    g:begin_turn(ann); g:untap_step(); g:upkeep_step(); g:draw_step(); g:main_phase()
    g:beginning_of_combat()
    assert.is_true(g:attack_step({ bear }))
    g:skip(ann, "declare_blockers")
    assert.is_true(g:block_step())
    assert.is_true(g:damage_step())
    assert.same({ 0, 1, 18 }, { steps(g, ann, "declare_blockers"), steps(g, ann, "combat_damage"), bob.life })
  end)
end)
