-- A cast's and an activation's timing (116) in one call: stack.lua's timing() asks
-- internal._game._timely(g, p, sorcery) (lcast_plain.c) first, and reads the step, the priority
-- holder, the active player and the stack itself only when it answers false (to decide with teams,
-- or to explain). Its true must be exactly the Lua test's pass: outside a turn, or p holds
-- priority (or nobody does) and, at sorcery speed, a main phase of p's turn with an empty stack.
-- Compared here in whole games (Alpha decks and the example decks with instants) at every zone
-- change and step, for each player at both speeds.
local H = require("spec.helpers")
local arbiter = H.arbiter
local I = require("arbiter.internal")
local GI = I._game

-- the Lua test, as timing() made it before the one call (a two-player game: one player a team)
local MAIN = { main1 = true, main2 = true }
local function lua_timely(g, p, sorcery)
  local step = g.step
  if step == nil then return true end
  local holder = g.priority
  if holder ~= nil and holder ~= p then return false end
  if not sorcery then return true end
  return MAIN[step] == true and g.active_player == p and #g.stack == 0
end

describe("a spell's or ability's timing in one call (116)", function()
  local _, set_game = dofile("bench/game_decks.lua")(arbiter, "")

  local function watch(g, seen, instants)
    local function check()
      for _, p in ipairs(g.players) do
        for _, sorcery in ipairs({ false, true }) do
          local want = lua_timely(g, p, sorcery)
          assert.equal(want, GI._timely(g, p, sorcery),
            string.format("%s, sorcery %s, step %s, stack %d", tostring(p), tostring(sorcery), tostring(g.step), #g.stack))
          local k = (sorcery and "sorcery " or "instant ") .. tostring(want) .. (#g.stack > 0 and " stack" or "")
          seen[k] = (seen[k] or 0) + 1
        end
      end
      return false
    end
    for _, ev in ipairs({ "zone_change", "step", "cast" }) do
      g:trigger{ event = ev, controller = g.players[1], effect = function() end, condition = check }
    end
    if not instants then return end
    for i, p in ipairs(g.players) do   -- asked at each priority too (a player holds it then)
      local a = arbiter.agents.random(100 + i)
      a.priority = function(q, game, ctx) check(); return arbiter.agents.simple_priority(q, game, ctx) end
      g:set_agent(p, a)
    end
  end

  it("answers true exactly when the step, priority, active player and stack say so, in whole games", function()
    local seen = {}
    for seed = 1, 4 do
      local g = set_game("alpha", seed)
      watch(g, seen)
      g:play{ max_turns = 40 }
    end
    local new_game = dofile("bench/game_decks.lua")(arbiter, "")
    for seed = 1, 3 do
      local g = new_game(seed, true)
      watch(g, seen, true)
      g:play{ max_turns = 40 }
    end
    -- each answer at each speed, and a sorcery refused for a spell on the stack
    for _, k in ipairs({ "instant true", "instant false", "sorcery true", "sorcery false", "sorcery false stack",
      "instant true stack" }) do
      assert.is_true((seen[k] or 0) > 0, k)
    end
  end)

  it("outside a turn: true; a player of another game or no player: false (the Lua test decides)", function()
    local g, ann = H.game()
    assert.is_true(GI._timely(g, ann, true))
    local other = H.game()
    assert.is_false(GI._timely(g, other.players[1], false))
    assert.is_false(GI._timely(g, nil, false))
  end)
end)
