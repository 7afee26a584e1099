-- The quiet turn (issue 28): play_turn takes a turn's first steps (the turn begins, untap,
-- upkeep, the draw step entered) and its last (end, cleanup) in one core call each while nothing
-- the Lua layer decides by can change them (csrc/turn.c arb_quiet_begin / arb_quiet_end). The
-- same turn with a house rule that hooks nothing goes step by step through the Lua layer: both
-- must be the same game (older guide 003 "Step by Step"; 300.7 extra turns, 300.8 skipping).
local arbiter = require("arbiter")

local forest = arbiter.card{ name = "Forest", types = { "Land" }, subtypes = { "Forest" }, supertypes = { "Basic" } }
local bear = arbiter.card{ name = "Bear", types = { "Creature" }, power = 2, toughness = 2, cost = "{G}" }

-- A game as the bench plays it (random agents); slow: the step-by-step path (a house rule
-- with no hook: every hook passes its value on unchanged)
local function new_game(slow, seed)
  local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = seed or 1,
    house_rules = slow and { { name = "nothing" } } or nil }
  for i, p in ipairs(g.players) do
    local deck = {}
    for k = 1, 40 do deck[k] = k % 3 == 0 and bear or forest end
    g:create_deck(p, deck)
    g:set_agent(p, arbiter.agents.random(10 + i))
  end
  g:start()
  return g
end

local function steps_of(g, from)
  local out = {}
  for _, ev in ipairs(g:history(from)) do
    if ev.type == "step" then out[#out + 1] = ev.step end
  end
  return out
end

-- plays `turns` turns of both games after setup(g) and checks they stay the same game
local function same_games(setup, turns)
  local quick, slow = new_game(false), new_game(true)
  if setup then setup(quick); setup(slow) end
  for _ = 1, turns do
    local a, b = quick:play_turn(), slow:play_turn()
    assert.are.equal(b == nil, a == nil)
    assert.are.equal(slow:history_length(), quick:history_length())
    assert.are.equal(slow:state_hash(), quick:state_hash())
    if a then break end
  end
  return quick, slow
end

describe("the quiet turn (300.1, 003: a turn's steps in order; issue 28: the same game as step by step)", function()
  it("whole games: the same history and state after every turn", function()
    local g = same_games(nil, 40)
    assert.is_true(g.turn >= 10)
  end)

  it("003 Step by Step: every step of a turn recorded in order, the draw made", function()
    local g = new_game(false)
    g:play_turn(); g:play_turn()
    local from = g:history_length() + 1
    local bob = g.active_player == g.players[1] and g.players[2] or g.players[1]
    g:play_turn()
    local s = steps_of(g, from)
    assert.same({ "untap", "upkeep", "draw", "main1" }, { s[1], s[2], s[3], s[4] })
    assert.same({ "end", "cleanup" }, { s[#s - 1], s[#s] })
    assert.are.equal(bob, g.active_player)              -- turn order: the other player
    local drew = 0
    for _, ev in ipairs(g:history(from)) do
      if ev.type == "draw" and ev.player == bob then drew = drew + 1 end
    end
    assert.are.equal(1, drew)                           -- the draw step's one card
  end)

  it("an upkeep trigger resolves in the upkeep (host code, no setting changed)", function()
    local resolved = {}
    local quick = same_games(function(g)
      resolved[g] = 0
      g:trigger{ event = "step", step = "upkeep", controller = g.players[1],
        effect = function(_, game) resolved[game] = resolved[game] + 1; game:gain_life(game.players[1], 1) end }
    end, 6)
    assert.are.equal(6, resolved[quick])                -- each turn's upkeep
  end)

  it("300.8: a step skipped by a trigger in the upkeep: the rest of the turn as the Lua layer says", function()
    local quick = same_games(function(g)
      g:trigger{ event = "step", step = "upkeep", controller = g.players[1],
        effect = function(_, game) game:skip(game.active_player, "draw") end }
    end, 4)
    local draws = 0
    for _, ev in ipairs(quick:history()) do
      if ev.type == "step" and ev.step == "draw" then draws = draws + 1 end
    end
    assert.are.equal(0, draws)                          -- every draw step skipped
  end)

  it("300.7: an extra turn taken at the end step: cleanup still comes, then the extra turn", function()
    local quick = same_games(function(g)
      local once = false
      g:trigger{ event = "step", step = "end", controller = g.players[1],
        effect = function(_, game)
          if not once then once = true; game:extra_turn(game.players[2]) end
        end }
    end, 3)
    assert.are.equal(quick.players[2], quick.active_player)   -- turn 3: the extra turn's player
  end)

  it("420.5a: a player losing in the upkeep ends the game there (no draw step)", function()
    local quick = same_games(function(g)
      g:trigger{ event = "step", step = "upkeep", controller = g.players[1],
        effect = function(_, game) if game.turn == 2 then game.players[2].life = 0 end end }
    end, 3)
    assert.are.equal(quick.players[1], quick:result().winner)
    local s = steps_of(quick)
    assert.are.equal("upkeep", s[#s])                   -- the last step: turn 2's upkeep
    assert.are.equal(2, quick.turn)
  end)

  it("423: the draw step's draw replaced (a script watches draws): drawn as g:draw draws it", function()
    local replaced = {}
    local quick = same_games(function(g)
      replaced[g] = 0
      g:add_replacement{ event = "draw", applies = function(ev) return ev.player == g.players[2] end,
        replace = function() replaced[g] = replaced[g] + 1 end }
    end, 4)
    assert.are.equal(2, replaced[quick])                -- Bob's two draw steps' draws
  end)

  it("423: a script watching named events: the draw step's \"draws\" event first, its amount the count", function()
    local seen = {}
    local quick = same_games(function(g)
      seen[g] = 0
      -- Bob's draw instructions draw two cards; every third turn's is replaced away (none drawn)
      g:add_replacement{ event = "draws", applies = function(ev, game) return ev.player == game.players[2] end,
        replace = function(ev, game) if game.turn % 3 == 0 then return nil end; ev.amount = 2; return ev end }
      g:trigger{ event = "draws", controller = g.players[1], condition = function() seen[g] = seen[g] + 1 end,
        effect = function() end }
    end, 8)
    local draws, drew = 0, 0
    for _, ev in ipairs(quick:history()) do
      if ev.type == "draws" then draws = draws + 1 end
      if ev.type == "draw" and ev.player == quick.players[2] then drew = drew + 1 end
    end
    assert.are.equal(6, draws)                          -- turns 2 to 8, turn 6's (Bob's) replaced away
    assert.are.equal(6, seen[quick])
    assert.are.equal(7 + 2 * 3, drew)                   -- Bob: his hand, then turns 2, 4 and 8
  end)

  it("423: a trigger on draws and a script watching named events: each draw one at a time", function()
    local n = {}
    local quick = same_games(function(g)
      n[g] = 0
      g:declare_event("ping")
      g:trigger{ event = "ping", controller = g.players[1], effect = function() end }
      g:trigger{ event = "draw", controller = g.players[1], condition = function(ev, game)
        return ev.player == game.players[1] end, effect = function() n[g] = n[g] + 1 end }
    end, 6)
    assert.are.equal(2, n[quick])                       -- Ann's draw steps of turns 3 and 5
  end)

  it("an untap limit (Winter Orb): the untap step the Lua layer's, the rest of the turn's start quiet", function()
    local asked = {}
    local quick = same_games(function(g)
      asked[g] = 0
      g:add_static{ rules = { untap_limit = { count = 1, type = "Land" } }, affects = function() return true end }
      g:on("untap", function(ev, game) if ev.card.owner == game.players[1] then asked[g] = asked[g] + 1 end end)
    end, 12)
    assert.is_true(asked[quick] > 0)
    local draws = 0
    for _, ev in ipairs(quick:history()) do if ev.type == "draw" then draws = draws + 1 end end
    assert.are.equal(14 + 11, draws)                    -- the opening hands, then turns 2 to 12
  end)

  it("300.8: untap steps skipped by a rule (Stasis): the rest of the turn's start quiet; a skipped draw step: the Lua layer's", function()
    for _, step in ipairs({ "untap", "draw" }) do
      local quick = same_games(function(g)
        g:add_static{ rules = { skip = step }, affects = function() return true end }
      end, 8)
      local s = steps_of(quick)
      for _, name in ipairs(s) do assert.are_not.equal(step, name) end
      assert.are.equal(8, quick.turn)
    end
  end)

  it("300.8: a declared \"begin turn\" event replaced away (Time Vault): the turn skipped, the next player's begins", function()
    local skipped = {}
    local quick = same_games(function(g)
      skipped[g] = 0
      g:declare_event("begin turn")
      g:add_replacement{ event = "begin turn",
        applies = function(ev, game) return ev.player == game.players[2] and game.turn % 3 == 1 end,
        replace = function(_, game) skipped[game] = skipped[game] + 1; game:gain_life(game.players[1], 1) end }
    end, 9)
    assert.are.equal(3, skipped[quick])                 -- Bob's turns after turns 1, 4 and 7: Ann takes them
    local begins = 0
    for _, ev in ipairs(quick:history()) do if ev.type == "begin turn" then begins = begins + 1 end end
    assert.are.equal(8, begins)                         -- each turn after the first (a skipped one: none)
  end)

  it("003 cleanup: a hand over the maximum is discarded down to 7, then damage wears off", function()
    local quick = same_games(function(g)
      local ann = g.players[1]
      for _ = 1, 6 do g:create(bear, { owner = ann, zone = "hand" }) end
    end, 1)
    assert.are.equal(7, #quick.players[1].hand)
  end)
end)
