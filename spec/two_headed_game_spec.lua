-- A whole Two-Headed Giant game under g:play (issue 33 item 1; the Two-Headed Giant variant, 606
-- of the 2005-2008 rules): four classic Alpha decks, every player's agent acting. Each member of
-- the active team untaps (606.4b: the team takes its turn), draws in 606.6h / 432.2b's order (the
-- primary player first, then the secondary), plays lands and casts spells; the team attacks with
-- both members' creatures (606.7b: one combined attack) and either defending player blocks
-- (606.7c); the game ends with one team winning together (606.4a shared life; 102.2c).
local arbiter = require("arbiter")
local alpha = require("arbiter.sets.alpha")

local DECKS = { "red_burn", "green_stompy", "white_knights", "black_specters" }

local function deck(name)
  local f = assert(io.open("examples/decks/" .. name .. ".txt"))
  local text = f:read("*a")
  f:close()
  return assert(arbiter.deck.parse(text, alpha))
end

local AGENTS = {
  default = function() return arbiter.agents.default end,
  simple = function() return arbiter.agents.simple() end,
  random = function(i, seed) return arbiter.agents.random(seed * 10 + i) end,
}

-- plays one game; what each player did, by kind of event, and the draw steps' draw orders
local function play(kind, seed)
  local g = arbiter.new_game{ teams = { { "A1", "A2" }, { "B1", "B2" } }, seed = seed }
  for i, p in ipairs(g.players) do
    g:create_deck(p, deck(DECKS[i]))
    g:set_agent(p, AGENTS[kind](i, seed))
  end
  g:start()
  local did, draws = {}, {}
  local function note(p, what)
    did[p.name] = did[p.name] or {}
    did[p.name][what] = (did[p.name][what] or 0) + 1
  end
  g:on("untap", function(ev) note(ev.card.controller, "untap") end)
  g:on("land_played", function(ev) note(ev.player, "land") end)
  g:on("cast", function(ev) note(ev.player, "cast") end)
  g:on("attack", function(ev) note(ev.card.controller, "attack") end)
  g:on("block", function(ev) note(ev.card.controller, "block") end)
  g:on("draw", function(ev, game)
    note(ev.player, "draw")
    if game.step == "draw" then
      draws[game.turn] = draws[game.turn] or { active = game.active_player.team }
      table.insert(draws[game.turn], ev.player)
    end
  end)
  local r = g:play{ max_turns = 300 }
  return g, r, did, draws
end

-- the draw step's draws: the active team's members, each once, primary first (432.2b); the
-- turn a member's draw from an empty library ends the game may stop short
local function draw_order_ok(g, draws)
  for turn, list in pairs(draws) do
    local names = {}
    for i, p in ipairs(list) do names[i] = p.name end
    local want = (list.active == 1) and { "A1", "A2" } or { "B1", "B2" }
    local n = #names
    if not (n == 2 or (n == 1 and turn == g.turn)) then return false, turn, names end
    for i = 1, n do if names[i] ~= want[i] then return false, turn, names end end
  end
  return true
end

local function team_won(r)
  assert.is_not_nil(r)
  assert.is_false(r.draw)
  assert.equal(2, #r.winners)
  assert.equal(r.winners[1].team, r.winners[2].team)   -- the team wins together (102.2c)
  assert.equal(2, #r.losers)
  assert.not_equal(r.winners[1].team, r.losers[1].team)
  assert.same({ true, true }, { r.losers[1].lost, r.losers[2].lost })
end

describe("a whole Two-Headed Giant game under g:play (606)", function()
  -- whether every player did each of these in the game
  local function all_did(g, did, list)
    for _, p in ipairs(g.players) do
      for _, what in ipairs(list) do
        if not (did[p.name] or {})[what] then return false, p.name .. " never did: " .. what end
      end
    end
    return true
  end

  for _, kind in ipairs({ "simple", "random" }) do
    it(kind .. " agents: every game ends with one team winning, the draws in 432.2b's order; in a game "
      .. "every player untaps, draws, plays lands, casts, attacks and blocks", function()
      local full                                  -- seeds 1-4: one game at least where all do all
      for seed = 1, 4 do
        local g, r, did, draws = play(kind, seed)
        team_won(r)
        assert.is_true(draw_order_ok(g, draws))
        assert.is_true(all_did(g, did, { "untap", "draw", "land", "cast" }))
        full = full or all_did(g, did, { "attack", "block" })
      end
      assert.is_true(full)
    end)
  end

  it("default agents (they never attack): each plays on until a member can't draw, and that "
    .. "member's team loses together (102.3c / 423.4)", function()
    local g, r, did, draws = play("default", 1)
    team_won(r)
    assert.is_true(all_did(g, did, { "untap", "draw", "land", "cast" }))
    for _, p in ipairs(g.players) do assert.is_nil((did[p.name] or {}).attack) end
    local decked = 0
    for _, p in ipairs(r.losers) do if #p.library:cards() == 0 then decked = decked + 1 end end
    assert.is_true(decked >= 1)
    assert.is_true(draw_order_ok(g, draws))
  end)

  it("the same seed and agents play the same game (state hash)", function()
    local g1 = play("random", 2)
    local g2 = play("random", 2)
    assert.equal(g1:state_hash(), g2:state_hash())
    assert.equal(g1.turn, g2.turn)
  end)
end)
