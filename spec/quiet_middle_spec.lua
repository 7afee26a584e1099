-- spec/quiet_middle_spec.lua — a turn's middle in fewer core calls (issue 28's speed; csrc/turn.c
-- arb_quiet_steps, lua/arbiter/turn.lua middle): the quiet turn's first call enters main phase 1
-- too (after the draw step), main phase 1's closing settle, the beginning of
-- combat step and the declare attackers step are one call while no skip can apply, and main
-- phase 2's closing settle is made by the call that takes the end and cleanup steps. Each goes
-- on only while the game does and no script changed a setting: a skip made during one of those
-- settles or steps (300.8) still skips the steps after it, as it did when each was its own call;
-- a loss there ends the game there (420.5a). 003 "Step by Step": the steps in order.
local H = dofile("spec/helpers.lua")

-- A two-player game in Ann's first turn's main phase 1 ... : agents that play their main phases
-- with `main` (nothing else), decks to draw from. The step events of the game so far.
local function new_game(main)
  local g, ann, bob = H.game()
  H.deck(g, ann, 10); H.deck(g, bob, 10)
  g:set_agent(ann, { main = main })
  g:set_agent(bob, {})
  return g, ann, bob
end

local function steps_of(g)
  local out = {}
  for _, ev in ipairs(g:history()) do
    if ev.type == "step" then out[#out + 1] = ev.step end
  end
  return out
end

local TURN = { "untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers", "end_of_combat",
  "main2", "end", "cleanup" }   -- a turn in which nobody attacks (no creature)

local function without(list, gone)
  local out = {}
  for _, s in ipairs(list) do if s ~= gone then out[#out + 1] = s end end
  return out
end

-- a trigger on Ann's life gain whose effect runs fx(g) and notes the step it resolved in
local function on_gain(g, ann, fx, seen)
  g:trigger{ event = "life", controller = ann, condition = function(ev) return ev.player == ann end,
    effect = function(_, game) seen[#seen + 1] = game.step; fx(game) end }
end

describe("a turn's middle steps (300.8 skips, 420.5a, 003 'Step by Step')", function()
  it("a turn nobody changes: every step in order, each once", function()
    local g = new_game(function() end)
    g:play_turn()
    assert.are.same(TURN, steps_of(g))
  end)

  it("300.8: a skip made as main phase 1 closes (a trigger resolving in its settle) skips declare attackers", function()
    local seen = {}
    local g, ann = new_game(function(p, game, ctx) if ctx.phase == "main1" then game:gain_life(p, 1) end end)
    on_gain(g, ann, function(game) game:skip(ann, "declare_attackers", 1) end, seen)
    g:play_turn()
    assert.are.same({ "main1" }, seen)                   -- resolved in main 1's closing settle
    assert.are.same(without(TURN, "declare_attackers"), steps_of(g))
  end)

  it("300.8: a skip made as a step begins skips the next: the draw step main 1, beginning of combat declare attackers", function()
    for _, case in ipairs({ { "draw", "main1" }, { "beginning_of_combat", "declare_attackers" } }) do
      local g, ann = new_game(function() end)
      g:trigger{ event = "step", step = case[1], controller = ann,
        effect = function(_, game) game:skip(ann, case[2], 1) end }
      g:play_turn()
      assert.are.same(without(TURN, case[2]), steps_of(g))
    end
  end)

  it("300.8: a skip made by main phase 1's own play skips the beginning of combat", function()
    local g = new_game(function(p, game, ctx)
      if ctx.phase == "main1" then game:skip(p, "beginning_of_combat", 1) end
    end)
    g:play_turn()
    assert.are.same(without(TURN, "beginning_of_combat"), steps_of(g))
  end)

  it("300.8: a skip made as main phase 2 closes skips the end step", function()
    local seen = {}
    local g, ann = new_game(function(p, game, ctx) if ctx.phase == "main2" then game:gain_life(p, 1) end end)
    on_gain(g, ann, function(game) game:skip(ann, "end", 1) end, seen)
    g:play_turn()
    assert.are.same({ "main2" }, seen)
    assert.are.same(without(TURN, "end"), steps_of(g))
  end)

  it("300.8: a skip made by main phase 2's own play skips the end step", function()
    local g = new_game(function(p, game, ctx) if ctx.phase == "main2" then game:skip(p, "end", 1) end end)
    g:play_turn()
    assert.are.same(without(TURN, "end"), steps_of(g))
  end)

  it("420.5a: Ann losing as main phase 1 or 2 closes ends the game there: no step follows", function()
    for _, phase in ipairs({ "main1", "main2" }) do
      local g, ann = new_game(function(p, game, ctx) if ctx.phase == phase then game:gain_life(p, 1) end end)
      on_gain(g, ann, function(game) game:lose_life(ann, 100) end, {})
      local r = g:play_turn()
      assert.are.equal("Bob", r.winner.name)
      local want = {}
      for _, s in ipairs(TURN) do
        want[#want + 1] = s
        if s == phase then break end
      end
      assert.are.same(want, steps_of(g))
    end
  end)

  it("the same turns as the steps called one by one (g:main_phase, g:combat_phase, ...)", function()
    local function main(p, game, ctx) if ctx.phase == "main1" then game:gain_life(p, 1) end end
    local a, ann = new_game(main)
    local b, ann_b = new_game(main)
    on_gain(a, ann, function(game) game:gain_life(ann, 2) end, {})
    on_gain(b, ann_b, function(game) game:gain_life(ann_b, 2) end, {})
    a:play_turn()
    b:begin_turn(); b:untap_step(); b:upkeep_step(); b:draw_step(); b:main_phase(); b:combat_phase()
    b:main_phase(); b:end_step(); b:cleanup_step()
    assert.are.same(steps_of(b), steps_of(a))
    assert.are.equal(b:state_hash(), a:state_hash())
  end)
end)
