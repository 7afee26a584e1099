-- Extra turns and skipping (CompRules 2005 300.7, 300.8; docs/API.md g:extra_turn, g:skip):
-- the last extra turn made comes first, the turn order goes on from the last regular turn,
-- skipped turns and steps are passed over, a failed action undoes them (422).
local H = require("helpers")

local function quiet(g)
  for _, p in ipairs(g.players) do
    g:set_agent(p, { main = function() end, attack = function() return {} end,
      may = function() return false end, choose = function(_, _, o) return o[1] end })
  end
end

local function game(n)
  local names = ({ "Ann", "Bob", "Cat" })
  local list = {}
  for i = 1, n or 2 do list[i] = names[i] end
  local g = H.game{ players = list }
  for _, p in ipairs(g.players) do H.deck(g, p, 20) end
  quiet(g)
  return g, g.players[1], g.players[2], g.players[3]
end

local function turns(g, n)
  local out = {}
  for _ = 1, n do g:play_turn(); out[#out + 1] = g.active_player.name end
  return out
end

describe("extra turns (300.7)", function()
  it("an extra turn comes right after this one; then the order goes on", function()
    local g, ann = game(3)
    g:play_turn()                            -- Ann's turn 1
    g:extra_turn(ann)
    assert.same({ "Ann", "Bob", "Cat", "Ann" }, turns(g, 4))
  end)

  it("of several made in one turn the last made comes first", function()
    local g, ann, bob = game(3)
    g:play_turn()
    g:extra_turn(bob); g:extra_turn(ann)
    assert.same({ "Ann", "Bob", "Bob", "Cat" }, turns(g, 4))
  end)

  it("another player's extra turn doesn't move the order: Bob's regular turn still follows Ann's", function()
    local g, _, bob = game(3)
    g:play_turn()                            -- Ann
    g:extra_turn(bob)
    assert.same({ "Bob", "Bob", "Cat", "Ann" }, turns(g, 4))
  end)

  it("an extra turn of a player who has left by then is not taken", function()
    local g, ann, bob = game(3)
    g:play_turn()
    g:extra_turn(bob)
    g:concede(bob)
    assert.are.equal(ann, g.active_player)
    assert.same({ "Cat", "Ann" }, turns(g, 2))
  end)

  it("bad input: a player who left the game, a stranger; the game as it was", function()
    local g, ann, bob = game(3)
    g:concede(bob)
    assert.error_matches(function() g:extra_turn(bob) end, "extra_turn.*left the game")
    assert.error_matches(function() g:extra_turn(H.game().players[1]) end, "extra_turn")
    g:play_turn(); g:play_turn()
    assert.same({ "Ann", "Cat" }, { g.players[1].name, g.active_player.name })
    assert.is_false(ann.lost)
  end)

  it("a failed action undoes the extra turn it gave (422)", function()
    local g, ann = game(2)
    g:play_turn()
    assert.has_error(function() g:atomic(function() g:extra_turn(ann); error("no") end) end)
    assert.same({ "Bob" }, turns(g, 1))
  end)
end)

describe("skipping turns and steps (300.8)", function()
  it("g:skip(p, 'turn'): p's next turn is passed over (Time Vault's 'skip your next turn')", function()
    local g, _, bob = game(2)
    g:play_turn()                            -- Ann
    g:skip(bob, "turn")
    assert.same({ "Ann", "Bob" }, turns(g, 2))
    assert.are.equal(3, g.turn)              -- the skipped turn is not a turn
  end)

  it("n turns; an extra turn is a turn to skip too", function()
    local g, ann, bob, cat = game(3)
    g:play_turn()                            -- Ann
    g:extra_turn(ann)
    g:skip(ann, "turn", 2)                   -- the extra one and her next regular one
    g:skip(cat, "turn")
    assert.same({ "Bob", "Bob", "Cat" }, turns(g, 3))
    assert.same({ "Ann", "Bob" }, { ann.name, bob.name })
  end)

  it("a skipped step doesn't happen: no draw in a skipped draw step", function()
    local g, _, bob = game(2)
    g:play_turn()
    g:skip(bob, "draw")
    local hand = #bob.hand
    g:play_turn()                            -- Bob's: no draw
    assert.are.equal(hand, #bob.hand)
    g:play_turn(); g:play_turn()             -- Ann's, then Bob's with a draw
    assert.are.equal(hand + 1, #bob.hand)
  end)

  -- turn.lua reads whether anything could be skipped at each step (may_skip), not once a turn
  it("a skip made during the turn counts for its later steps: main1 skips this turn's end step", function()
    local g, ann = game(2)
    local ends = 0
    g:on("step", function(ev) if ev.step == "end" then ends = ends + 1 end end)
    g:set_agent(ann, { main = function(_, game_) if game_.step == "main1" then game_:skip(ann, "end") end end,
      attack = function() return {} end, may = function() return false end,
      choose = function(_, _, o) return o[1] end })
    g:play_turn()
    assert.are.equal(0, ends)
    g:play_turn()                            -- Bob's end step happens
    assert.are.equal(1, ends)
  end)

  it("a skipped untap step leaves Bob's permanents tapped", function()
    local g, _, bob = game(2)
    local c = g:create(H.bear, { owner = bob, zone = "battlefield" })
    c:tap()
    g:play_turn()
    g:skip(bob, "untap")
    g:play_turn()
    assert.is_true(c.tapped)
  end)

  it("skipping the combat damage step: an unblocked attacker deals no damage", function()
    local g, ann, bob = game(2)
    local bear = g:create(H.bear, { owner = ann, zone = "battlefield" })
    g:set_agent(ann, { main = function() end, attack = function() return { bear } end,
      choose = function(_, _, o) return o[1] end, may = function() return false end })
    g:skip(ann, "combat_damage")
    g:play_turn()
    assert.are.equal(20, bob.life)
    g:play_turn(); g:play_turn()
    assert.are.equal(18, bob.life)
  end)

  it("bad input: an unknown step, a count that is not a positive integer", function()
    local g, ann = game(2)
    assert.error_matches(function() g:skip(ann, "lunch") end, "skip.*step name")
    assert.error_matches(function() g:skip(ann, "turn", 0) end, "skip.*positive integer")
    g:play_turn(); g:play_turn()
    assert.are.equal("Bob", g.active_player.name)
  end)
end)
