-- Replay and determinism (docs/API.md, "Actions as a whole, copies, determinism"): a game made with
-- record = true records every top-level call and every answer its agents gave;
-- arbiter.replay re-runs the recording, checking the state hash after each step, and names the
-- first step that diverges. The same seed and calls give the same game in another process.
local LUA = require("arbiter.compat").interpreter   -- the Lua running the specs
local H = require("helpers")
local arbiter = H.arbiter

local scenario = dofile("spec/replay_scenario.lua")
local bear = H.bear

describe("replay", function()
  it("a recording game records each top-level call, its agents' answers and the hash after it", function()
    local g = scenario{ record = true }
    local rec = g:recording()
    assert.are.equal(1, rec.version)
    assert.are.equal(77, rec.options.seed)
    local calls, choices = {}, 0
    for _, s in ipairs(rec.steps) do
      calls[s.call] = (calls[s.call] or 0) + 1
      choices = choices + #s.choices
      assert.is_truthy(s.hash:match("^%x+$"))
    end
    assert.are.equal(22, calls.create)
    assert.are.equal(4, calls.draw)
    assert.are.same({ 1, 1, 1, 1 }, { calls.tap, calls.set, calls.loop, calls.attempt })
    assert.is_true(choices >= 4)                   -- replacement order, discards, loop numbers
    assert.are.equal(g:state_hash(), rec.steps[#rec.steps].hash)
    local failed = {}
    for k, s in ipairs(rec.steps) do if not s.ok then failed[#failed + 1] = s.call end end
    assert.are.same({ "draw" }, failed)              -- the bad draw raised (attempt returned false)
    assert.is_nil(scenario{}:recording())            -- only when asked for
  end)

  it("replays bit for bit: every step's hash matches, answers come from the recording", function()
    local g = scenario{ record = true }
    local g2, err = arbiter.replay(g:recording())
    assert.is_nil(err)
    assert.are.equal(g:state_hash(), g2:state_hash())
    assert.are.equal(g:history_length(), g2:history_length())
    local a2 = g2:agent(g2.players[1])               -- the replay's agent has the same shape,
    assert.is_function(a2.attack)                    -- but may/choose come from the recording
    assert.is_nil(a2.may)
    assert.are.same(H.names(g.players[2].graveyard:cards()), H.names(g2.players[2].graveyard:cards()))
  end)

  it("a recording of the same calls with other answers differs, and replays to its own game", function()
    local g = scenario{ record = true }
    local other = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 77, record = true }
    for _ = 1, 3 do other:create(bear, { owner = other.players[1] }) end
    other:discard(other.players[1], 1)              -- no agent: the first card
    local o2 = assert(arbiter.replay(other:recording()))
    assert.are.equal(other:state_hash(), o2:state_hash())
    assert.are_not.equal(g:state_hash(), o2:state_hash())
  end)

  it("reports the first step that diverges (a script that depends on outside state)", function()
    local calls = 0
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 3, record = true }
    local ann = g.players[1]
    H.deck(g, ann, 5)
    g:add_replacement{ event = "draw", replace = function()
      calls = calls + 1
      if calls == 2 or calls == 6 then ann.life = ann.life - 1 end    -- "random" from outside the game
    end }
    g:draw(ann)                                  -- step 7
    g:draw(ann)                                  -- step 8: calls = 2, life 19
    g:draw(ann)
    local g2, err, step = arbiter.replay(g:recording())
    assert.is_nil(g2)
    assert.are.equal(8, step)
    assert.is_truthy(err:find("replay diverges at step 8 (draw): state hash", 1, true), err)
  end)

  it("reports a question the recording didn't ask", function()
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 3, record = true }
    local ann = g.players[1]
    H.deck(g, ann, 3)
    local asked = false
    g:add_replacement{ event = "draw", replace = function(ev, game)
      if asked then arbiter.ask_may(game, game.players[1], "surprise") end   -- the game's own Ann
      asked = true
    end }
    g:draw(ann)
    local g2, err, step = arbiter.replay(g:recording())
    assert.is_nil(g2)
    assert.are.equal(5, step)
    assert.is_truthy(err:find('was asked "surprise" but the recording has no more answers', 1, true), err)
  end)

  it("a clone doesn't record; calls inside a recorded call are part of it", function()
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 3, record = true }
    H.deck(g, g.players[1], 4)
    local c = g:clone()
    c:draw(c.players[1])
    assert.are.equal(4, #g:recording().steps)
    assert.is_nil(c:recording())
    g:attempt(function(game) game:draw(game.players[1], 2); game:shuffle(game.players[1].library) end)
    assert.are.equal(5, #g:recording().steps)
  end)

  it("whole turns played by agents (attack, block, main phase decisions) replay bit for bit", function()
    for _, kind in ipairs({ "random", "simple" }) do
      local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 11, record = true }
      local forest = arbiter.card{ name = "Forest", types = { "Land" }, subtypes = { "Forest" }, supertypes = { "Basic" } }
      for _, p in ipairs(g.players) do
        for i = 1, 30 do g:create(i % 2 == 0 and bear or forest, { owner = p }) end
        g:set_agent(p, kind == "random" and arbiter.agents.random(p.index * 7) or arbiter.agents.simple())
      end
      g:start()
      g:play{ max_turns = 12 }
      local decisions = 0
      for _, s in ipairs(g:recording().steps) do
        for _, c in ipairs(s.choices) do if c.agent then decisions = decisions + 1 end end
      end
      assert.is_true(decisions >= 12, kind)             -- attack/block/main decisions were recorded
      local g2, err = arbiter.replay(g:recording())
      assert.is_nil(err)
      assert.are.equal(g:state_hash(), g2:state_hash())
      assert.are.equal(g:history_length(), g2:history_length())
    end
  end)

  it("an agent decision the replay doesn't meet is reported", function()
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 2, record = true }
    local calls = 0
    g:set_agent(g.players[1], { attack = function() calls = calls + 1; return {} end })
    g:attempt(function(game) game:agent(game.players[1]).attack(game.players[1], game, {}) end)
    local rec = g:recording()
    assert.are.equal(1, calls)
    assert.are.same({ "set_agent", "attack" }, { rec.steps[1].call, rec.steps[2].choices[1].what })
    rec.steps[2].choices[1].what = "block"
    local g2, err, step = arbiter.replay(rec)
    assert.is_nil(g2)
    assert.are.equal(2, step)
    assert.is_truthy(err:find('asked "attack", but the recording has player 1 asked "block"', 1, true), err)
  end)

  describe("saved recordings", function()
    local function data_game()
      local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 21, record = true,
        house_rules = { arbiter.house.land_mulligan } }
      local forest = arbiter.card{ name = "Forest", types = { "Land" }, subtypes = { "Forest" }, supertypes = { "Basic" } }
      local trampler = arbiter.card{ name = "Trampler", types = { "Creature" }, power = 3, toughness = 2,
        abilities = { "trample" } }
      for _, p in ipairs(g.players) do
        for i = 1, 24 do g:create(i % 2 == 0 and trampler or forest, { owner = p }) end
        g:set_agent(p, arbiter.agents.random(p.index * 3))
      end
      g:start()
      g:play{ max_turns = 6 }
      return g
    end

    it("save_recording / load_recording round-trip a recording of data, which replays", function()
      local g = data_game()
      local src = (assert(arbiter.save_recording(g:recording())))
      local g2, err = arbiter.replay(arbiter.load_recording(src))
      assert.is_nil(err)
      assert.are.equal(g:state_hash(), g2:state_hash())
      assert.are.equal(src, arbiter.save_recording(arbiter.load_recording(src)))   -- stable text
    end)

    it("a recording holding a function can't be saved: the message names the step and the value", function()
      local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1, record = true }
      g:create(bear, { owner = g.players[1] })
      g:add_replacement{ event = "draw", replace = function() end }
      local src, err = arbiter.save_recording(g:recording())
      assert.is_nil(src)
      assert.are.equal("save_recording: step 2 (add_replacement).args.1.replace is a function (only data can be saved)", err)
    end)

    it("another process replays a saved recording to the same state, bit for bit", function()
      local g = data_game()
      local file = os.tmpname()
      local f = assert(io.open(file, "w"))
      local saved, why = arbiter.save_recording(g:recording())
      f:write((assert(saved, why)))
      f:close()
      local script = os.tmpname()
      f = assert(io.open(script, "w"))
      f:write(string.format([[
        package.path = %q
        package.cpath = %q
        local arbiter = require("arbiter")
        local fh = assert(io.open(%q))
        local g, err = arbiter.replay(arbiter.load_recording(fh:read("*a")))
        fh:close()
        io.write(g and g:state_hash() or ("diverged: " .. err))
      ]], package.path, package.cpath, file))
      f:close()
      local p = assert(io.popen(LUA .. " " .. script .. " 2>&1"))
      local out = p:read("*a")
      p:close()
      os.remove(file); os.remove(script)
      assert.are.equal(g:state_hash(), out)
    end)
  end)

  it("rejects what isn't a recording", function()
    assert.has_error(function() arbiter.replay(42) end,
      "bad argument #1 to 'replay' (a recording from g:recording() expected)")
  end)

  it("the same seed and calls give the same hashes, step by step, in two other processes", function()
    local script = string.format([[
      package.path = %q
      package.cpath = %q
      local scenario = dofile(%q)
      local g = scenario{ record = true }
      local out = {}
      for _, s in ipairs(g:recording().steps) do out[#out + 1] = s.hash end
      io.write(table.concat(out, ","))
    ]], package.path, package.cpath, "spec/replay_scenario.lua")
    local a, b, name = H.run_twice(script)
    os.remove(name)
    local here = {}
    for _, s in ipairs(dofile("spec/replay_scenario.lua"){ record = true }:recording().steps) do
      here[#here + 1] = s.hash
    end
    assert.is_truthy(a:match("^%x+,"), a)
    assert.are.equal(a, b)
    assert.are.equal(a, table.concat(here, ","))
  end)
end)

