-- Team variants as house rules (issue 33 item 3): examples/house/emperor.lua, the Emperor variant
-- (607 of the 2005-2008 Comprehensive Rules: teams of three, range of influence 2 for emperors and
-- 1 for generals, attacks only on the adjacent opponent, deploy creatures, the team losing with
-- its emperor), and examples/house/star.lua, five-player Star (a house variant: each player wins
-- when both players across the table have left the game).
local arbiter = require("arbiter")
local alpha = require("arbiter.sets.alpha")
local emperor = dofile("examples/house/emperor.lua")
local star = dofile("examples/house/star.lua")

local BEAR = arbiter.card{ name = "Bear", types = { "Creature" }, power = 2, toughness = 2 }
local TEAMS = { { "Gil", "Eve", "Gus" }, { "Hal", "Emma", "Hugo" } }

local function names(list)
  local out = {}
  for i, p in ipairs(list) do out[i] = p.name end
  return out
end

local function by_name(g)
  local t = {}
  for _, p in ipairs(g.players) do t[p.name] = p end
  return t
end

local DECKS = { "red_burn", "green_stompy", "white_knights", "black_specters" }
local function deck(i)
  local f = assert(io.open("examples/decks/" .. DECKS[(i - 1) % #DECKS + 1] .. ".txt"))
  local text = f:read("*a")
  f:close()
  return assert(arbiter.deck.parse(text, alpha))
end

-- decks, simple agents, g:start(), g:play: the result
local function play(g)
  for i, p in ipairs(g.players) do
    g:create_deck(p, deck(i))
    g:set_agent(p, arbiter.agents.simple())
  end
  g:start()
  return g:play{ max_turns = 400 }
end

describe("Emperor (607) as a house rule: examples/house/emperor.lua", function()
  it("607.2 / 607.4: seated team by team, emperor in the middle, turn to the left; an emperor goes first", function()
    local g = emperor.new_game{ teams = TEAMS, seed = 1 }
    assert.same({ "Gil", "Eve", "Gus", "Hal", "Emma", "Hugo" }, names(g.players))
    assert.truthy(g.active_player.name == "Eve" or g.active_player.name == "Emma")
  end)

  it("607.3a: range of influence 2 for emperors, 1 for generals (601: targets and 'each opponent')", function()
    local g = emperor.new_game{ teams = TEAMS, seed = 1 }
    local p = by_name(g)
    local function reach(x)
      local out = {}
      for _, q in ipairs(g.players) do if g:in_range(x, q) then out[#out + 1] = q.name end end
      return out
    end
    assert.same({ "Gil", "Eve", "Gus", "Hal", "Hugo" }, reach(p.Eve))     -- not Emma, 3 seats away
    assert.same({ "Eve", "Gus", "Hal" }, reach(p.Gus))
    assert.same({ "Hal", "Hugo" }, names(g:opponents(p.Eve)))             -- teammates aren't opponents
    assert.same({ "Hal" }, names(g:opponents(p.Gus)))
  end)

  it("607.3c: at the start neither emperor can attack; a general attacks the opposing general beside it, "
    .. "never its own emperor", function()
    local g = emperor.new_game{ teams = TEAMS, seed = 1 }
    local p = by_name(g)
    local eve_bear = g:create(BEAR, { owner = p.Eve, zone = "battlefield" })
    local gus_bear = g:create(BEAR, { owner = p.Gus, zone = "battlefield" })
    g:begin_turn(p.Eve); g:beginning_of_combat()
    for _, q in ipairs(g.players) do assert.is_false((g:check_attack({ [eve_bear] = q }))) end
    g:begin_turn(p.Gus); g:beginning_of_combat()
    assert.is_false((g:check_attack({ [gus_bear] = p.Eve })))
    assert.is_false((g:check_attack({ [gus_bear] = p.Emma })))
    assert.is_true((g:check_attack({ [gus_bear] = p.Hal })))
  end)

  it("a general who leaves brings the next player beside: Gus may attack Emma once Hal is out (600.4, 607.3c)", function()
    local g = emperor.new_game{ teams = TEAMS, seed = 1 }
    local p = by_name(g)
    local gus_bear = g:create(BEAR, { owner = p.Gus, zone = "battlefield" })
    g:lose(p.Hal)
    assert.is_nil(g:result())
    g:begin_turn(p.Gus); g:beginning_of_combat()
    assert.is_true((g:check_attack({ [gus_bear] = p.Emma })))
    assert.is_true(g:in_range(p.Gus, p.Emma))
  end)

  it("607.3b / 603.2 deploy creatures: {T}, as a sorcery, a teammate gains control; not an opponent", function()
    local g = emperor.new_game{ teams = TEAMS, seed = 1 }
    local p = by_name(g)
    local bear = g:create(BEAR, { owner = p.Gus, zone = "battlefield" })
    g:begin_turn(p.Gus); g:untap_step(); g:upkeep_step()
    assert.has_error(function() g:activate(p.Gus, bear, 1, { targets = { p.Eve } }) end)   -- not a sorcery's time
    g:draw_step(); g:main_phase()
    assert.has_error(function() g:activate(p.Gus, bear, 1, { targets = { p.Hal } }) end)
    g:activate(p.Gus, bear, 1, { targets = { p.Eve } })
    g:settle()
    assert.same({ p.Eve, true }, { bear.controller, bear.tapped })
  end)

  it("607.5a: a team loses with its emperor; the other team wins, each of its players, even one out (102.2c)", function()
    local g = emperor.new_game{ teams = TEAMS, seed = 1 }
    local p = by_name(g)
    g:lose(p.Gil)                                  -- a general of Eve's team leaves first
    assert.is_nil(g:result())
    g:lose(p.Emma)
    local r = g:result()
    assert.same({ true, true }, { p.Hal.lost, p.Hugo.lost })
    assert.same({ "Gil", "Eve", "Gus" }, names(r.winners))
    assert.same({ false, true }, { r.draw, p.Gil.lost })
  end)

  it("a whole game with the simple agent ends with one team winning; its emperor is still in the game", function()
    local g = emperor.new_game{ teams = TEAMS, seed = 2 }
    local r = play(g)
    assert.is_not_nil(r)
    assert.is_false(r.draw)
    assert.equal(3, #r.winners)
    local team = {}
    for _, x in ipairs(r.winners) do team[#team + 1] = x.name end
    table.sort(team)
    local sorted = {}
    for t, list in ipairs(TEAMS) do
      sorted[t] = { list[1], list[2], list[3] }
      table.sort(sorted[t])
    end
    assert.is_true(table.concat(team) == table.concat(sorted[1]) or table.concat(team) == table.concat(sorted[2]))
    assert.is_false(r.winners[2].lost)             -- the emperor (seated in the middle)
  end)

  it("the emperors are kept with the game: a clone plays the variant too", function()
    local g = emperor.new_game{ teams = TEAMS, seed = 1 }
    local c = g:clone()
    local p = by_name(c)
    c:lose(p.Eve)
    assert.same({ "Hal", "Emma", "Hugo" }, names(c:result().winners))
    assert.is_nil(g:result())
  end)
end)

describe("Star (a five-player house variant on the free-for-all rules: 600.4, a player leaving): "
  .. "examples/house/star.lua", function()
  local NAMES = { "Ann", "Bob", "Cid", "Dee", "Eve" }

  it("a player's enemies are the two across the table; it wins when both have left, not for its allies, "
    .. "and not once it is out itself", function()
    local g = star.new_game{ players = NAMES, seed = 1 }
    local p = by_name(g)
    assert.same({ 3, 4 }, star.enemies(1))        -- Ann: Cid and Dee
    g:lose(p.Bob)
    g:lose(p.Eve)                                  -- Ann's two allies: no one's enemies both
    assert.is_nil(g:result())
    g:lose(p.Cid)                                  -- Eve's enemies (Bob, Cid) are out, but so is Eve
    assert.is_nil(g:result())
    g:lose(p.Dee)
    local r = g:result()
    assert.same({ "Ann" }, names(r.winners))
    assert.same({ "Bob", "Cid", "Dee", "Eve" }, names(r.losers))
  end)

  it("a whole game with the simple agent ends with a winner whose two enemies both left", function()
    local g = star.new_game{ players = NAMES, seed = 3 }
    local r = play(g)
    assert.is_not_nil(r)
    assert.equal(1, #r.winners)
    local w = r.winners[1]
    local e = star.enemies(w.index)
    assert.same({ true, true }, { g.players[e[1]].lost, g.players[e[2]].lost })
  end)
end)
