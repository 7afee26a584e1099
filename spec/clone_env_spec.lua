-- spec/clone_env_spec.lua — g:clone() shares some env tables instead of copying them (issue 28
-- item 4; csrc/lgame.c's env_shared): agents and declared events until either game writes
-- them (GI._env_own copies first: g:set_agent, g:declare_event, their 422 undo), the players'
-- Lua fields, the game's fields, the house rules (replaced, never changed in place) and the
-- seat caches (draw.lua). A clone stays independent of its original: a change to either never
-- shows in the other, and a playout from a clone is the playout from a fresh copy of the state.
local arbiter = require("arbiter")
local internal = require("arbiter.internal")

local new_game = dofile("bench/game_decks.lua")(arbiter, "")
local env = internal._env

local function turn6(seed)
  local g = new_game(seed)
  g:play{ max_turns = 6 }
  return g
end

-- a copy of every env table's entries (one level: what a clone used to copy)
local function snapshot(g)
  local s = {}
  for k, v in pairs(env[g]) do
    if type(v) == "table" and k ~= "objs" then
      local t = {}
      for k2, v2 in pairs(v) do t[k2] = v2 end
      s[k] = t
    end
  end
  return s
end

local function fails(g, fn)
  local ok, err = g:attempt(function(game) fn(game); error("undo it") end)
  assert.is_false(ok)
  assert.is_truthy(tostring(err):find("undo it", 1, true))
end

local function hashes_to_end(g)
  local list = {}
  for t = g.turn + 1, 400 do
    g:play{ max_turns = t }
    list[#list + 1] = g:state_hash()
    if g.turn < t then break end       -- over before the turn it was allowed
  end
  return list
end

describe("g:clone() shares env tables, and stays independent", function()
  it("shares the tables it lists, copies the others", function()
    local g = turn6(1)
    local c = g:clone()
    for _, k in ipairs{ "agents", "event_names", "players_ext", "fields", "house_rules", "byteam" } do
      assert.are.equal(env[g][k], env[c][k], k)
    end
    assert.are_not.equal(env[g].refs, env[c].refs)
  end)

  it("an agent set on the clone is not the original's, nor the other way", function()
    local g = turn6(1)
    local bob = g.players[2]
    local a0, b0 = env[g].agents[1], env[g].agents[2]
    local c = g:clone()
    local mine = { may = function() return true end }
    c:set_agent(c.players[1], mine)
    assert.are.equal(a0, env[g].agents[1])
    assert.are.equal(mine, env[c].agents[1])
    assert.are.equal(b0, env[c].agents[2])            -- the copy kept the other entries
    local theirs = { may = function() return false end }
    g:set_agent(bob, theirs)
    assert.are.equal(b0, env[c].agents[2])
    assert.are.equal(theirs, env[g].agents[2])
    -- the original writes first, then a second clone of it
    local g2 = turn6(2)
    local c2 = g2:clone()
    g2:set_agent(g2.players[1], mine)
    assert.are.equal(a0 ~= nil, env[c2].agents[1] ~= nil)
    assert.are_not.equal(mine, env[c2].agents[1])
    local c3 = c2:clone()
    c3:set_agent(c3.players[2], theirs)
    assert.are_not.equal(theirs, env[c2].agents[2])
    assert.are.equal(theirs, env[c3].agents[2])
  end)

  it("a 422 undo of set_agent on a clone restores the clone's, never the original's", function()
    local g = turn6(1)
    local a0 = env[g].agents[1]
    local c = g:clone()
    local c2 = g:clone()
    fails(c, function(game) game:set_agent(game.players[1], { may = function() return false end }) end)
    assert.are.equal(a0, env[c].agents[1])
    assert.are.equal(a0, env[g].agents[1])
    assert.are.equal(a0, env[c2].agents[1])
    local mine = { may = function() return true end }
    g:set_agent(g.players[1], mine)
    fails(c2, function(game) game:set_agent(game.players[1], nil) end)
    assert.are.equal(mine, env[g].agents[1])
    assert.are.equal(a0, env[c2].agents[1])
  end)

  it("an event declared in the clone is not declared in the original, nor the other way", function()
    local g = turn6(1)
    local c = g:clone()
    c:declare_event("cycle")
    c:on("cycle", function() end)
    assert.is_nil(env[g].event_names.cycle)
    assert.has_error(function() g:on("cycle", function() end) end)
    g:declare_event("scry")
    assert.is_nil(env[c].event_names.scry)
    assert.has_error(function() c:on("scry", function() end) end)
    -- declared and undone (422) in a clone: the original's shared table untouched
    local c2 = g:clone()
    fails(c2, function(game) game:declare_event("flip") end)
    assert.is_nil(env[c2].event_names.flip)
    assert.is_nil(env[g].event_names.flip)
    local c3 = g:clone()
    g:declare_event("flop")
    fails(c3, function(game) game:declare_event("flop") end)
    assert.is_true(env[g].event_names.flop)
    assert.is_nil(env[c3].event_names.flop)
  end)

  it("a house rule added to either is not the other's", function()
    local g = turn6(1)
    local c = g:clone()
    c:add_house_rule{ name = "one" }
    assert.are.equal(0, #env[g].house_rules)
    assert.are.equal(1, #env[c].house_rules)
    g:add_house_rule{ name = "two" }
    assert.are.equal("one", env[c].house_rules[1].name)
    assert.are.equal(1, #env[c].house_rules)
  end)

  it("a playout from a clone leaves the original's env as it was, and the other way", function()
    local g = turn6(1)
    local before = snapshot(g)
    local c = g:clone()
    local cbefore = snapshot(c)
    c:play{ max_turns = 400 }
    assert.are.same(before, snapshot(g))
    local c2 = g:clone()
    g:play{ max_turns = 400 }
    assert.are.same(cbefore, snapshot(c2))
  end)

  it("a playout from a clone is the playout from a fresh copy of the state (a hash every turn)", function()
    for seed = 1, 4 do
      local g = turn6(seed)
      local c = g:clone()
      local other = g:clone()                -- the original's other clones don't change it
      other:set_agent(other.players[1], nil)
      other:declare_event("x")
      local from_clone = hashes_to_end(c)
      local fresh = hashes_to_end(turn6(seed))
      assert.are.same(fresh, from_clone)
      assert.is_true(#fresh > 2)
    end
  end)

  it("the seat caches read the same in a clone, its original and a fresh game", function()
    local g = turn6(3)
    local c = g:clone()
    c:play{ max_turns = 9 }
    local f = turn6(3)
    f:play{ max_turns = 9 }
    local function idx(list) local r = {} for i, p in ipairs(list) do r[i] = p.index end return r end
    assert.are.same(idx(f:apnap()), idx(c:apnap()))
    g:play{ max_turns = 7 }
    local f2 = turn6(3)
    f2:play{ max_turns = 7 }
    assert.are.same(idx(f2:apnap()), idx(g:apnap()))
  end)
  -- settings.lua's "field" records (an installer's memory, env.installed: 422) hold the table
  -- they undo into; a clone copies env.installed (not in env_shared) and its log's records are
  -- all at or below its serial (a clone opens no action of its original's), so neither game's
  -- undo writes into the other's table, a clone made inside an open action included
  it("an install remembered inside an open action: a clone's failed action and the original's undo stay apart", function()
    local n = 0
    local def = arbiter.card{ name = "Mine", types = { "Artifact" },
      install = arbiter.installer(function(g, card)
        n = n + 1
        return g:trigger{ event = "step", controller = card.controller, source = card, effect = function() end }
      end) }
    local g = turn6(2)
    local ann = g.players[1]
    local id, clone, kept
    fails(g, function(game)
      local mine = game:create(def, { owner = ann, zone = "battlefield" })
      id = mine.id
      kept = env[game].installed[id]
      clone = game:clone()
      assert.are_not.equal(env[game].installed, env[clone].installed)
      fails(clone, function(cg)
        cg:create(def, { owner = cg.players[1], zone = "battlefield" })
        internal._forget_install(cg, cg:card(id))
      end)
      assert.are.equal(kept, env[game].installed[id])     -- the original's, untouched
      assert.are.equal(kept, env[clone].installed[id])    -- the clone's own, restored
    end)
    assert.is_nil(env[g].installed and env[g].installed[id])   -- the original's undo
    assert.are.equal(kept, env[clone].installed[id])          -- not the clone's
    assert.are.equal(2, n)
  end)
end)
