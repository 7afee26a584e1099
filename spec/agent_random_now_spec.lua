-- spec/agent_random_now_spec.lua — the built-in random agent's declarations in one core call
-- (issue 28 item 4; csrc/lagent_random.c, agents.lua's internal._random_now, turn.lua's
-- decide_attack and one_defender_blocks): in its declare step, its wish is declared at once
-- when the nearest legal declaration is the wish itself, proved without the solver (no
-- requirement or whole-game limit, no combat costs, no granted restriction, every pair allowed
-- by the core, no definition's function to ask: 500.2-500.4). The general path draws the same
-- wish, asks g:nearest_legal_attack / _block for it and declares what they prove. These specs
-- play the same games both ways (agents whose attack and block wrap the random agent's take the general
-- path) and require the same games, declaration after declaration, on the example decks and
-- random Alpha decks (walls, banding, Lure, requirements), and that the fast path is taken.
local arbiter = require("arbiter")
local internal = require("arbiter.internal")
local H = require("helpers")

local new_game, set_game = dofile("bench/game_decks.lua")(arbiter, "")

-- fast: each player's agent as it is, its declarations made at once counted (through
-- internal._random_now, the turn's path for its attack and block functions); general: a copy whose
-- attack and block call the agent's (other functions: the turn asks them as any agent's)
local now_of = require("arbiter.internal")._random_now
local function instrument(g, general, seen)
  for _, p in ipairs(g.players) do
    local a = internal._agent_of(g, p)
    if general then
      local copy = {}
      for k, v in pairs(a) do copy[k] = v end
      local attack, block = a.attack, a.block
      copy.attack = function(...) return attack(...) end
      copy.block = function(...) return block(...) end
      g:set_agent(p, copy)
    else
      for _, k in ipairs({ "attack", "block" }) do
        local fn = a[k]
        local now = now_of[fn]
        now_of[fn] = function(...)
          local r, opts = now(...)       -- (an attack's options: its band)
          seen[k] = seen[k] + (r == true and 1 or 0)
          seen.asked = seen.asked + 1
          return r, opts
        end
      end
    end
  end
end

-- the game's state after each combat's declarations (the steps after declare attackers and
-- declare blockers), as a list of hashes: the same games declaration after declaration
-- (observe false: no observer, the final state only: an observer is host code, which some of
-- the core's own fast paths wait for)
local function play(g, general, seen, observe)
  instrument(g, general, seen)
  local hashes = {}
  local function note(game)
    local s = game.step
    if s == "declare_blockers" or s == "combat_damage" or s == "end_of_combat" then
      hashes[#hashes + 1] = s .. ":" .. game:state_hash()
    end
  end
  if observe then g:on("step", function(_, game) note(game) end) end
  g:play{ max_turns = 400 }
  hashes[#hashes + 1] = g:state_hash() .. ":" .. g:history_length()
  return hashes
end

local function same_games(make, seeds, seen)
  for _, seed in ipairs(seeds) do
    for _, observe in ipairs({ true, false }) do
      local fast = play(make(seed), false, seen, observe)
      local general = play(make(seed), true, seen, observe)
      assert.same(general, fast)
    end
  end
end

describe("the random agent's declarations made at once (500.2-500.4)", function()
  it("plays the example games as the general path does, declaration after declaration", function()
    local seen = { attack = 0, block = 0, asked = 0 }
    same_games(new_game, { 1, 2, 3, 4, 5, 6, 7, 8 }, seen)
    assert.is_true(seen.attack > 50 and seen.block > 30)
  end)

  it("plays random Alpha games as the general path does (restrictions, requirements, bands)", function()
    local seen = { attack = 0, block = 0, asked = 0 }
    same_games(function(seed) return set_game("alpha", seed) end, { 1, 2, 3, 4, 5, 6 }, seen)
    assert.is_true(seen.attack > 20 and seen.block > 10)
    assert.is_true(seen.asked > seen.attack + seen.block)   -- (some left to the solver)
  end)

  -- turn.lua calls them without core._guard: that hands back any function that isn't
  -- card-script code as it is, and no script can reach internal._random_now to put one there
  it("calls its declarations unguarded: engine functions, out of a card script's reach", function()
    local guard = require("arbiter.core")._guard
    local a = arbiter.agents.random(7)
    for _, k in ipairs({ "attack", "block" }) do
      local now = now_of[a[k]]
      assert.is_function(now)
      assert.equal(now, guard(now))
    end
    local ok, err = pcall(arbiter.load_script, 'local i = require("arbiter.internal") return { i = i }')
    assert.is_false(ok and type(err) == "table" and err.i ~= nil)
  end)

  it("leaves a wish to the solver when a creature must attack: it attacks", function()
    for seed = 1, 8 do
      local g, ann = H.game{ seed = 3 }
      local must = g:create(arbiter.card{ name = "Berserker", types = { "Creature" }, power = 2, toughness = 2,
        abilities = { "attacks each combat if able" } }, { owner = ann, zone = "battlefield", sick = false })
      for i = 1, 3 do
        g:create(arbiter.card{ name = "Bear" .. i, types = { "Creature" }, power = 2, toughness = 2 },
          { owner = ann, zone = "battlefield", sick = false })
      end
      g:set_agent(ann, arbiter.agents.random(seed))
      g:begin_turn(ann)
      g:beginning_of_combat()
      g:attack_step()
      assert.truthy(must.attacking)
    end
  end)

  it("leaves a wish to the solver when a definition restricts a creature: it stays home", function()
    local blocked = 0
    for seed = 1, 8 do
      local g, ann, bob = H.game{ seed = 3 }
      local shy = g:create(arbiter.card{ name = "Shy", types = { "Creature" }, power = 1, toughness = 1,
        can_attack = function() return false end, can_block = function() return false end },
        { owner = ann, zone = "battlefield", sick = false })
      local bear = g:create(arbiter.card{ name = "Bear", types = { "Creature" }, power = 2, toughness = 2 },
        { owner = ann, zone = "battlefield", sick = false })
      g:create(arbiter.card{ name = "Timid", types = { "Creature" }, power = 1, toughness = 1,
        can_block = function() return false end }, { owner = bob, zone = "battlefield", sick = false })
      g:set_agent(ann, arbiter.agents.random(seed))
      g:set_agent(bob, arbiter.agents.random(seed))
      g:begin_turn(ann)
      g:beginning_of_combat()
      g:attack_step()
      assert.falsy(shy.attacking)
      if bear.attacking then
        g:block_step()
        assert.same({}, g:blocks())          -- (Timid can't block)
        blocked = blocked + 1
      end
    end
    assert.is_true(blocked > 0)
  end)
end)
