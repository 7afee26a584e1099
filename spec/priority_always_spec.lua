-- agent.priority_always (contract "Banding, turns, players, information"; 116): a player who
-- could only pass is not asked for priority (csrc/stack.c, arb_could_act) unless its agent sets
-- priority_always = true; then it is asked at every priority, as a UI showing the stack wants.
local H = require("helpers")
local arbiter = H.arbiter

local bears = arbiter.card{ name = "Bears", types = { "Creature" }, power = 2, toughness = 2, cost = "{1}{G}" }

local function game(always)
  local g, ann, bob = H.game()
  local asked = {}
  g:create(bears, { owner = bob, zone = "battlefield" })      -- nothing Bob could cast or activate
  g:set_agent(bob, { priority_always = always, priority = function(p, _, ctx)
    asked[#asked + 1] = { p, ctx.step }
  end })
  g:begin_turn(ann)
  return g, ann, bob, asked
end

describe("agent.priority_always (116)", function()
  it("without it, a player who could only pass is not asked", function()
    local g, _, _, asked = game(nil)
    g:upkeep_step(); g:draw_step()
    assert.are.equal(0, #asked)
  end)

  it("with it, the player is asked at every priority (each step's, each object's)", function()
    local g, ann, bob, asked = game(true)
    g:upkeep_step()
    assert.are.same({ { bob, "upkeep" } }, asked)
    g:trigger{ event = "step", controller = ann, condition = function(ev) return ev.step == "draw" end,
      effect = function() end }
    H.deck(g, ann, 2)
    g:draw_step()
    -- the trigger on the stack: Bob asked before it resolves, and again with the stack empty
    assert.are.equal(3, #asked)
    assert.are.same({ "draw", "draw" }, { asked[2][2], asked[3][2] })
  end)

  it("set_agent refuses a priority_always that is not a boolean, and keeps the agent it had", function()
    local g, _, bob = game(nil)
    local before = g:agent(bob)
    assert.error_matches(function() g:set_agent(bob, { priority = function() end, priority_always = "yes" }) end,
      "set_agent.*priority_always must be a boolean")
    assert.are.equal(before.priority, g:agent(bob).priority)
  end)
end)
