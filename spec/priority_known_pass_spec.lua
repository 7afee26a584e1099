-- spec/priority_known_pass_spec.lua — a priority pass known without asking the agent (issue 28;
-- agents.lua's internal._priority_passes, stack.lua's priority): the simple agent's
-- simple_priority passes without reading its hand when no opponent is in the game, or with an
-- empty stack, its opponent above 3 life, in a step other than declare attackers, declare
-- blockers and end; then the core's priority question asks nothing of it. These specs check
-- every pass made so against the agent's own answer, and play the same games both ways (an
-- agent whose priority function wraps simple_priority is asked every time).
local arbiter = require("arbiter")
local internal = require("arbiter.internal")

local new_game = dofile("bench/game_decks.lua")(arbiter, "")
local simple = arbiter.agents.simple_priority
local passes_of = internal._priority_passes

-- general: each player's agent a copy whose priority calls simple_priority (never known to pass)
local function play(seed, general)
  local g = new_game(seed, true)
  if general then
    for _, p in ipairs(g.players) do
      local copy = {}
      for k, v in pairs(internal._agent_of(g, p)) do copy[k] = v end
      copy.priority = function(...) return simple(...) end
      g:set_agent(p, copy)
    end
  end
  g:play{ max_turns = 400 }
  return g:state_hash() .. ":" .. #g:history() .. ":" .. tostring(g.turn)
end

describe("a priority pass known without asking the simple agent (116)", function()
  it("is simple_priority's own answer at every pass made so", function()
    local pass = passes_of[simple]
    local known = 0
    passes_of[simple] = function(p, g, step)
      local yes = pass(p, g, step)
      if yes then
        known = known + 1
        assert.is_nil(simple(p, g, { player = p, step = step }))
      end
      return yes
    end
    local ok, err = pcall(function()
      for seed = 1, 30 do new_game(seed, true):play{ max_turns = 400 } end
    end)
    passes_of[simple] = pass
    assert(ok, err)
    assert.is_true(known > 100)          -- the fast path is taken
  end)

  -- at every step of 4 games (an observer), each player, each step name and four life totals of
  -- its opponent; a Lightning Bolt in a hand and a Prodigal Sorcerer (a pinger) on each side
  it("is never known where the agent would act (life totals and steps swept)", function()
    local pass = passes_of[simple]
    local STEPS = { "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers",
      "declare_blockers", "combat_damage", "end_of_combat", "main2", "end" }
    local acts, known = {}, 0
    local bolt = dofile("examples/cards/lightning_bolt.lua").def
    local sorcerer = dofile("examples/cards/prodigal_sorcerer.lua").def
    local function sweep(g)
      for _, p in ipairs(g.players) do
        local foe = p == g.players[1] and g.players[2] or g.players[1]
        local life = foe.life
        for _, l in ipairs({ 1, 3, 4, 20 }) do
          foe.life = l
          for _, step in ipairs(STEPS) do
            local answer = simple(p, g, { player = p, step = step })
            if answer ~= nil then acts[step] = true end
            if pass(p, g, step) then
              known = known + 1
              assert.is_nil(answer, step)
            end
          end
        end
        foe.life = life
      end
    end
    for seed = 1, 4 do
      local g = new_game(seed, true)
      g:create(bolt, { owner = g.players[2], zone = "hand" })
      for _, p in ipairs(g.players) do g:create(sorcerer, { owner = p, zone = "battlefield", sick = false }) end
      g:on("step", function(_, game) sweep(game) end)
      g:play{ max_turns = 12 }
    end
    assert.is_true(known > 0)
    -- boards where the agent acts were swept: burn at a low opponent, at an attacker, a pinger
    assert.is_true(acts.main1 and acts.declare_attackers and acts["end"])
  end)

  it("plays the same games as asking the agent every time", function()
    for seed = 1, 8 do
      assert.are.equal(play(seed, true), play(seed, false))
    end
  end)

  it("asks a wrapped or replaced agent as ever", function()
    local calls = 0
    local g = new_game(2, true)
    for _, p in ipairs(g.players) do
      local copy = {}
      for k, v in pairs(internal._agent_of(g, p)) do copy[k] = v end
      copy.priority = function(...) calls = calls + 1; return simple(...) end
      g:set_agent(p, copy)
    end
    g:play{ max_turns = 6 }
    assert.is_true(calls > 0)
  end)
end)
