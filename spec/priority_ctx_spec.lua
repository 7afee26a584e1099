-- What an agent's priority sees (116; issue 28): its ctx is what p may see (ask.lua's hiding).
-- The first ask of a priority moment is {player, step} (no card in it: given as it is, without
-- the hiding walk, stack.lua _ask_priority); a retry after an illegal answer (422.2) carries
-- that answer and its error, and a card of it p can't see is hidden ({hidden = true, id}).
local H = require("helpers")
local arbiter = H.arbiter

local bears = arbiter.card{ name = "Bears", types = { "Creature" }, cost = "{1}{G}", power = 2, toughness = 2 }

local function keys(t)
  local out = {}
  for k in pairs(t) do out[#out + 1] = tostring(k) end
  table.sort(out)
  return out
end

describe("priority's ctx (116, 422.2)", function()
  it("the first ask: {player, step}; a retry: the illegal answer, a card p can't see hidden", function()
    local g, ann, bob = H.game()
    local mine = g:create(bears, { owner = ann, zone = "hand" })
    local theirs = g:create(bears, { owner = bob, zone = "hand" })   -- in Bob's hand: Ann can't see it
    local seen = {}
    g:set_agent(bob, { main = function() end })
    g:set_agent(ann, { main = function() end, priority = function(p, _, ctx)
      seen[#seen + 1] = ctx
      assert.equal(ann, p)
      if #seen == 1 then return { cast = theirs } end   -- illegal (405.1: not her card): asked again
      return nil
    end })
    g:begin_turn(ann)
    g:main_phase()
    g:settle()
    assert.is_true(#seen >= 2)
    assert.same({ "player", "step" }, keys(seen[1]))
    assert.equal(ann, seen[1].player)
    assert.equal("main1", seen[1].step)
    local retry = seen[2].retry
    assert.is_table(retry)
    assert.is_string(retry.error)
    assert.same({ hidden = true, id = theirs.id }, retry.answer.cast)   -- what Ann may see of it
    assert.equal("hand", mine.zone)
  end)

  -- the step comes with the core's question (lstack.c h_priority): the name g:_step_name reads,
  -- in every step priority is given in (simple_priority reads ctx.step rather than asking)
  it("ctx.step is the step's name as the game reads it, in every step", function()
    local new_game = dofile("bench/game_decks.lua")(arbiter, "./")
    local g = new_game(1, true)
    local GI = require("arbiter.internal")._game
    local steps, wrong = {}, {}
    for _, p in ipairs(g.players) do
      local a = g:agent(p)
      local inner = a.priority
      a.priority = function(q, game, ctx)
        local name = GI._step_name(game)
        steps[name] = true
        if ctx.step ~= name then wrong[#wrong + 1] = tostring(ctx.step) .. " ~= " .. tostring(name) end
        return inner(q, game, ctx)
      end
    end
    g:play{ max_turns = 40 }
    assert.same({}, wrong)
    for _, s in ipairs({ "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers",
      "end_of_combat", "main2", "end" }) do
      assert.is_true(steps[s], s)
    end
  end)
end)
