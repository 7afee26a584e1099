-- spec/main_phase_players_spec.lua — who plays a main phase when play_turn runs it (issue 28's
-- speed: the turn's player is handed to the main phases and the declare attackers step instead of
-- read again, and the first member of the active team is asked about without asking whether the
-- game is over or that player has lost when the step's own settle has just said the game goes on
-- and only two players are in it), and the step names the core reads by length.
-- 420.5a: a player at 0 or less life loses at the next state-based check; 600.4 (the seeds'
-- multiplayer rules): in a game of more than two players the others play on.
local H = dofile("spec/helpers.lua")

-- a game whose players' agents note each main phase they are asked to play; at Ann's first
-- main phase a trigger makes her lose all her life (the trigger resolves in that step's
-- settle, before anyone plays the phase)
local function game_with(names)
  local g = H.game{ players = names }
  local asked = {}
  for _, p in ipairs(g.players) do
    H.deck(g, p, 10)
    g:set_agent(p, { main = function(q, _, ctx) asked[#asked + 1] = q.name .. " " .. ctx.phase end })
  end
  local ann = g.players[1]
  g:trigger{ event = "step", step = "main1", controller = ann,
    condition = function(ev, game) return game.turn == 1 and ev.player == ann end,
    effect = function(_, game) game:lose_life(ann, 100) end }
  return g, ann, asked
end

describe("a turn's main phases ask the active player's agent (420.5a, 600.4)", function()
  it("two players: Ann loses as her main phase begins, the game is over, nobody is asked", function()
    local g, ann, asked = game_with{ "Ann", "Bob" }
    local r = g:play_turn()
    assert.is_true(ann.lost)
    assert.are.equal("Bob", r.winner.name)
    assert.are.same({}, asked)
  end)

  it("three players: Ann loses as her main phase begins, is not asked; Bob and Cid play theirs", function()
    local g, ann, asked = game_with{ "Ann", "Bob", "Cid" }
    assert.is_nil(g:play_turn())
    assert.is_true(ann.lost)
    assert.are.same({}, asked)            -- neither of Ann's main phases: she has left the game
    g:play_turn(); g:play_turn()
    assert.are.same({ "Bob main1", "Bob main2", "Cid main1", "Cid main2" }, asked)
  end)

  it("a game nobody loses: each turn's player is asked, main1 then main2, turn after turn", function()
    local g, _, asked = game_with{ "Ann", "Bob" }
    g:set_agent(g.players[1], { main = function(q, _, ctx) asked[#asked + 1] = q.name .. " " .. ctx.phase end })
    g.players[1].life = 1000
    g:play_turn(); g:play_turn(); g:play_turn()
    assert.are.same({ "Ann main1", "Ann main2", "Bob main1", "Bob main2", "Ann main1", "Ann main2" }, asked)
  end)
end)

describe("step names (003 'Step by Step'; the core's arb_step_parse: by length, then the names that long)", function()
  local STEPS = { "untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers",
    "declare_blockers", "combat_damage", "end_of_combat", "main2", "end", "cleanup" }

  it("each of the twelve names is a step a trigger can name; the step event carries it", function()
    local g, ann = H.game()
    H.deck(g, ann, 10); H.deck(g, g.players[2], 10)
    local seen = {}
    for _, s in ipairs(STEPS) do
      g:trigger{ event = "step", step = s, controller = ann,
        effect = function(ev) seen[#seen + 1] = ev.step end }
    end
    g:set_agent(ann, { attack = function(p, game) return game:permanents(p, "Creature") end })
    g:create(H.bear, { owner = ann, zone = "battlefield" })
    g:play_turn(); g:play_turn()
    local first = {}
    for i = 1, 12 do first[i] = seen[i] end
    assert.are.same(STEPS, first)         -- each step's own trigger, in the turn's order
  end)

  it("a name that is no step's, of a step name's length or not, is refused", function()
    local g, ann = H.game()
    for _, s in ipairs({ "", "main", "mainx", "main3", "en", "endx", "draws", "cleanupp", "combat_damagf",
      "end_of_combaT", "untap ", ("x"):rep(40) }) do
      assert.error_matches(function()
        g:trigger{ event = "step", step = s, controller = ann, effect = function() end }
      end, "step: a step's name", nil, true)
    end
  end)
end)
