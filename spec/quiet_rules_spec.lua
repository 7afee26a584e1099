-- Rule effects (rules.lua) that bear neither on a turn's steps nor on what casting costs leave
-- the turn quiet (the core's one-call steps, csrc/turn.c) and the main phase's scan in the core
-- (csrc/lmain_scan.c): only skips (300.8), untap limits (502.2 of the era: Winter Orb) and
-- "until your next turn" effects change a turn's steps, only spell costs (409.1f) and mana
-- spent as another color change what a spell costs to cast. With any other rule effect in
-- force (land plays 212.6c, attack restrictions 500.1) the game is the one the step-by-step
-- Lua path plays.
local arbiter = require("arbiter")

local forest = arbiter.card{ name = "Forest", types = { "Land" }, subtypes = { "Forest" }, supertypes = { "Basic" } }
local bear = arbiter.card{ name = "Bear", types = { "Creature" }, power = 2, toughness = 2, cost = "{G}" }
local growth = arbiter.card{ name = "Growth", types = { "Instant" }, cost = "{1}{G}" }

local function nobody() return false end

-- a game of random agents with a land-play and an attack-restriction effect in force; slow: the
-- same with a house rule that hooks nothing and a spell cost that affects nothing, which send
-- every turn and every main-phase round to the Lua layer
local function new_game(seed, slow)
  local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = seed,
    house_rules = slow and { { name = "nothing" } } or nil }
  for i, p in ipairs(g.players) do
    local deck = {}
    for k = 1, 40 do deck[k] = k % 3 == 0 and bear or k % 7 == 0 and growth or forest end
    g:create_deck(p, deck)
    g:set_agent(p, arbiter.agents.random(20 + i + seed))
  end
  g:add_static{ affects = g.players[1], rules = { land_plays = 1 } }
  g:add_static{ affects = g.players[2], can_attack = function() return true end }
  if slow then g:add_static{ spell_cost = "{1}", affects = nobody } end
  g:start()
  return g
end

local function events(g)
  local out = {}
  for _, ev in ipairs(g:history()) do
    out[#out + 1] = table.concat({ ev.type, tostring(ev.step or ""), tostring(ev.card and ev.card.id or ""),
      tostring(ev.player and ev.player.index or ""), tostring(ev.amount or "") }, " ")
  end
  return out
end

describe("rule effects that change neither steps nor costs keep the quiet paths (300.8, 409.1f)", function()
  it("land-play and attack-restriction effects in force (212.6c, 500.1): the same games as the Lua paths", function()
    local turns = 0
    for seed = 1, 12 do
      local fast, slow = new_game(seed, false), new_game(seed, true)
      fast:play{ max_turns = 60 }; slow:play{ max_turns = 60 }
      assert.same(events(slow), events(fast))
      turns = turns + fast.turn
    end
    assert.is_true(turns > 12 * 8)
  end)

  it("a skip effect in force still skips its step in such a game (300.8)", function()
    local g = new_game(3, false)
    local bob = g.players[2]
    g:add_static{ affects = bob, rules = { skip = "draw" } }
    g:play{ max_turns = 6 }
    for _, ev in ipairs(g:history()) do
      assert.is_false(ev.type == "step" and ev.step == "draw" and ev.player == bob)
    end
  end)

  it("a skip effect made during a quiet turn's upkeep skips that turn's draw step (300.8)", function()
    local g = new_game(4, false)
    local ann, bob = g.players[1], g.players[2]
    g:trigger{ event = "step", controller = ann, condition = function(ev) return ev.step == "upkeep" and ev.player == bob end,
      effect = function(_, game) game:add_static{ affects = bob, rules = { skip = "draw" } } end }
    local from = #g:history()
    g:play{ max_turns = 4 }
    local draws = 0
    for _, ev in ipairs(g:history(from + 1)) do
      if ev.type == "step" and ev.step == "draw" then
        assert.equal(ann, ev.player)
        draws = draws + 1
      end
    end
    assert.is_true(draws >= 1)
  end)
end)
