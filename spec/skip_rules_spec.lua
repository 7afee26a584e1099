-- Skipping (300.8) by a continuous effect (rules.skip: Stasis) and the replaceable "begin turn"
-- event (Time Vault's "If you would begin your turn ... you may skip that turn instead").
local H = require("helpers")

local function game()
  local g, ann, bob = H.game()
  H.deck(g, ann, 10); H.deck(g, bob, 10)
  for _, p in ipairs(g.players) do g:set_agent(p, { main = function() end }) end
  return g, ann, bob
end

local function steps(g, p, name)
  local n = 0
  for _, e in ipairs(g:history()) do if e.type == "step" and e.step == name and e.player == p then n = n + 1 end end
  return n
end

describe("skipping steps and turns (300.8)", function()
  it("rules.skip: the affected player skips its steps of that name while it lasts, using no counted skip", function()
    local g, ann, bob = game()
    local e = g:add_static{ affects = bob, rules = { skip = "draw" } }
    g:skip(bob, "draw")                         -- a counted skip, kept for later
    g:play_turn(ann); g:play_turn(bob)
    assert.same({ 1, 0 }, { steps(g, ann, "draw"), steps(g, bob, "draw") })
    g:remove_static(e)
    g:play_turn(ann); g:play_turn(bob)          -- the counted skip is used now
    assert.equal(0, steps(g, bob, "draw"))
    g:play_turn(ann); g:play_turn(bob)
    assert.equal(1, steps(g, bob, "draw"))
  end)

  it("rules.skip must name a step", function()
    local g = game()
    assert.has_error(function() g:add_static{ rules = { skip = "turn" } } end)
    assert.has_error(function() g:add_static{ rules = { skip = "untap", land_plays = 2 } } end)
  end)

  it("'begin turn': replaced away, the turn is skipped and the next player found; undeclared, nothing is emitted", function()
    local g, ann, bob = game()
    g:begin_turn(ann)
    g:begin_turn()
    assert.equal(0, #H.events(g, "begin turn"))   -- (an undeclared name: H.events finds none)
    g:declare_event("begin turn")
    local h = g:add_replacement{ event = "begin turn", applies = function(ev) return ev.player == ann end,
      replace = function() return nil end }
    g:begin_turn()                               -- Ann's turn would begin: skipped, Bob's again
    assert.equal(bob, g.active_player)
    g:remove_replacement(h)
    g:begin_turn()
    assert.equal(ann, g.active_player)
    assert.equal(ann, H.events(g, "begin turn")[2].player)
  end)
end)
