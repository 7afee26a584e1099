-- "Your turn" in Two-Headed Giant (606.4b of the 2005-2008 rules: "Each team takes turns rather
-- than each player"): g:is_active(p) is whether it is p's turn, and the Alpha set's "your
-- upkeep", "your turn" and "an opponent's turn" read it, so a teammate's cards work in the
-- team's turn. Found reading the set's scripts: they compared with g.active_player (the team's
-- primary player), so the secondary player's upkeep triggers never triggered.
local H = require("spec.helpers")
local arbiter = H.arbiter
local K = require("spec.sets.alpha.kit")

local function giant()
  local g = arbiter.new_game{ teams = { { "A1", "A2" }, { "B1", "B2" } }, seed = 1 }
  for _, p in ipairs(g.players) do H.deck(g, p, 10); g:set_agent(p, K.agent()) end
  return g, g.players[1], g.players[2], g.players[3], g.players[4]
end

describe("g:is_active(p): whether it is p's turn (606.4b)", function()
  it("two players: the active player only", function()
    local g, ann, bob = K.game()
    g:begin_turn(ann)
    assert.same({ true, false }, { g:is_active(ann), g:is_active(bob) })
  end)

  it("Two-Headed Giant: both members of the active team; allies keep their own turns (607)", function()
    local g, a1, a2, b1, b2 = giant()
    g:begin_turn(a1)
    assert.same({ true, true, false, false }, { g:is_active(a1), g:is_active(a2), g:is_active(b1), g:is_active(b2) })
    g:begin_turn(b2)
    assert.same({ false, false, true, true }, { g:is_active(a1), g:is_active(a2), g:is_active(b1), g:is_active(b2) })
    local e = arbiter.new_game{ players = { "A", "B", "C", "D" }, allies = { { "A", "C" }, { "B", "D" } }, seed = 1 }
    e:begin_turn(e.players[1])
    assert.same({ true, false }, { e:is_active(e.players[1]), e:is_active(e.players[3]) })
  end)

  it("bad input: not a player of this game, naming is_active", function()
    local g = K.game()
    local other = K.game()
    assert.error_matches(function() g:is_active(other.players[1]) end, "is_active")
    assert.error_matches(function() g:is_active("Ann") end, "is_active")
  end)
end)

describe("the Alpha set in Two-Headed Giant: a teammate's 'your upkeep' and 'your turn' (606.4b)", function()
  it("Cursed Land on A2's land deals its damage in the team's upkeep, not in the other team's", function()
    local g, a1, a2, b1 = giant()
    local land = K.lands(g, a2, "G")[1]
    local curse = K.bf(g, "Cursed Land", b1)
    g:attach(curse, land)
    K.turn(g, a1)
    assert.same({ 29, 30 }, { a2.life, b1.life })       -- the team's shared life
    g:end_step(); g:cleanup_step()
    K.turn(g, b1)
    assert.same({ 29, 30 }, { a2.life, b1.life })
  end)

  it("Instill Energy: A2 untaps its creature in the team's turn; B1 can't in A's", function()
    local g, a1, a2, b1 = giant()
    local bear = K.bf(g, "Grizzly Bears", a2)
    local aura = K.bf(g, "Instill Energy", a2)
    g:attach(aura, bear)
    local theirs = K.bf(g, "Grizzly Bears", b1)
    local their_aura = K.bf(g, "Instill Energy", b1)
    g:attach(their_aura, theirs)
    K.turn(g, a1)
    bear:tap(); theirs:tap()
    g:activate(a2, aura, 1)
    g:settle()
    assert.is_false(bear.tapped)
    assert.error_matches(function() g:activate(b1, their_aura, 1) end, "only during your turn")
    assert.is_true(theirs.tapped)
  end)
end)

describe("Siren's Call in Two-Headed Giant: 'the active player' is each player of the active team (606.4b, 606.7a)", function()
  -- 606.4b (the team takes the turn) and 606.7a (each player on the active team is an attacking
  -- player): both members' creatures must attack, and both members' that didn't are destroyed
  it("A2's creature must attack too; at the end step A1's and A2's creatures that didn't attack die", function()
    local g, a1, a2, b1 = giant()
    local one, two = K.bf(g, "Grizzly Bears", a1), K.bf(g, "Grizzly Bears", a2)
    local held = K.bf(g, "Savannah Lions", a2)
    local foe = K.bf(g, "Grizzly Bears", b1)
    K.lands(g, b1, "U")
    local call = K.hand(g, "Siren's Call", b1)
    K.turn(g, a1)
    g:cast(b1, call)
    g:settle()
    g:beginning_of_combat()
    assert.is_false((g:check_attack({ one })))         -- A2's creatures must attack as well
    assert.is_true((g:check_attack({ one, two, held })))
    held:tap()                                          -- tapped: it can't attack, and dies
    g:attack_step({ one, two }); g:block_step({}); g:damage_step(); g:end_of_combat_step()
    g:main_phase(); g:end_step()
    assert.same({ "battlefield", "battlefield", "graveyard", "battlefield" },
      { one.zone, two.zone, held.zone, foe.zone })
  end)
end)

describe("sorcery timing in Two-Headed Giant (606.4b: the team's turn)", function()
  it("either member casts a creature in the team's main phase; an opponent can't", function()
    local g, a1, a2, b1 = giant()
    g:begin_turn(a1); g:main_phase()
    local bear = function(p) return g:create(H.bear, { owner = p, zone = "hand" }) end
    local mine, yours = bear(a2), bear(a1)
    g:cast(a2, mine, { without_paying = true }); g:settle()
    g:cast(a1, yours, { without_paying = true }); g:settle()
    assert.same({ "battlefield", "battlefield" }, { mine.zone, yours.zone })
    local theirs = bear(b1)
    assert.error_matches(function() g:cast(b1, theirs, { without_paying = true }) end,
      "only in its controller's main phase")
    assert.equal("hand", theirs.zone)
  end)
end)
