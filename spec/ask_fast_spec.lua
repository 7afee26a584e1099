-- ask_choose's common question (lua/arbiter/ask.lua, issue 28): when nothing records or replays
-- the game (env.watched unset) and p's agent answers by position, the answer is taken without
-- the general path's look-ups. It must give the same game as the general path: the same index,
-- the same draws and the same 421.5 choice notes (g:state_hash(true) mixes in the choice count),
-- and step aside when p is controlled by another player or the game records.
require("helpers")
local arbiter = require("arbiter")
local internal = require("arbiter.internal")
local new_game = dofile("bench/game_decks.lua")(arbiter, "")

describe("ask_choose's answer by position", function()
  it("plays the same games as the general path (state, choices, history)", function()
    for seed = 1, 6 do
      local fast, general = new_game(seed), new_game(seed)
      internal._env[general].watched = true     -- only a hint: the general path, nothing recorded
      for turn = 1, 200 do                        -- a turn at a time (play's max_turns: this call's)
        fast:play{ max_turns = 1 }
        general:play{ max_turns = 1 }
        assert.equal(general:state_hash(true), fast:state_hash(true), "seed " .. seed .. " turn " .. turn)
        assert.equal(#general:history(), #fast:history())
        if fast:result() then break end
      end
      assert.is_truthy(fast:result())
    end
  end)

  it("notes a choice among several options and none for one (421.5)", function()
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 3 }
    local ann = g.players[1]
    g:set_agent(ann, arbiter.agents.random(5))
    local before = g:state_hash(true)
    assert.equal("only", internal._ask_choose(g, ann, "cast", { "only" }, nil, true))
    assert.equal(before, g:state_hash(true))
    internal._ask_choose(g, ann, "cast", { "a", "b" }, nil, true)
    assert.are_not.equal(before, g:state_hash(true))
  end)

  it("asks the controlling player's agent (g:control_player)", function()
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 3 }
    local ann, bob = g.players[1], g.players[2]
    local asked = {}
    g:set_agent(ann, { choose = function(p, what, options) asked[#asked + 1] = { p, what }; return options[2] end })
    g:set_agent(bob, arbiter.agents.random(7))
    g:control_player(bob, ann)
    for _ = 1, 5 do
      assert.equal("b", internal._ask_choose(g, bob, "cast", { "a", "b", "c" }, nil, true))
    end
    assert.equal(5, #asked)
    assert.equal(bob, asked[1][1])
  end)

  it("leaves a recording game's answers to the general path (each one noted)", function()
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 3, record = true }
    local ann = g.players[1]
    g:set_agent(ann, arbiter.agents.random(7))
    local pick
    g:attempt(function(game)
      pick = internal._ask_choose(game, ann, "cast", { "a", "b", "c" }, nil, true)
    end)
    local steps = g:recording().steps
    local last = steps[#steps].choices
    assert.equal(1, #last)
    assert.equal("cast", last[1].what)
    assert.equal(pick, ({ "a", "b", "c" })[last[1].answer.index])
  end)

  -- the main phase's questions (turn.lua default_main) make their ctx only when an agent is asked
  it("gives an asked agent the main phase's ctx {phase = ...} for its land and cast questions", function()
    local g = new_game(4)
    local seen = {}
    for _, p in ipairs(g.players) do
      local random = internal._agent_of(g, p)
      g:set_agent(p, { choose = function(q, what, options, ctx)   -- (not by position: asked)
        if what == "land" or what == "cast" then seen[what .. " " .. tostring(ctx and ctx.phase)] = true end
        return random.choose(q, what, options, ctx)
      end })
    end
    g:play{ max_turns = 8 }
    assert.is_true(seen["land main1"] and seen["cast main1"] and seen["cast main2"])
    for k in pairs(seen) do assert.is_truthy(k:match(" main[12]$"), k) end
    assert.equal("a", internal._ask_choose(g, g.players[1], "cast", { "a" }, nil, "main1"))   -- one option
  end)
end)
