-- Hidden information (contract "Banding, turns, players, information"; 217.2a a library, 217.3a
-- a hand; older guide 003 "Drawing and Discarding"): g:can_see, g:reveal, g:view with reveals,
-- g:history_for. The seed's example: "If the card is put into Sue's graveyard, Bob gets to see it;
-- if it goes to the library, he doesn't."
local H = require("helpers")
local arbiter = H.arbiter
local agents = arbiter.agents
local json = require("dkjson")

local bolt = arbiter.card{ name = "Lightning Bolt", types = { "Instant" }, colors = { "red" } }
local island = arbiter.card{ name = "Island", types = { "Land" }, supertypes = { "Basic" }, subtypes = { "Island" } }

local function hidden_in(list, card)
  for _, e in ipairs(list) do if e.card and e.card.id == card.id then return e.card.hidden == true end end
  error("no event about card " .. card.id)
end

describe("hidden information (217.2a, 217.3a)", function()
  it("g:can_see: a hand its owner's, a library no one's, the rest everyone's", function()
    local g, ann, bob = H.game()
    local lib = H.deck(g, ann, 1)[1]
    local hand = g:create(bolt, { owner = ann, zone = "hand" })
    local grave = g:create(bolt, { owner = ann, zone = "graveyard" })
    assert.same({ true, false, false, false, true, true },
      { g:can_see(ann, hand), g:can_see(bob, hand), g:can_see(ann, lib), g:can_see(bob, lib),
        g:can_see(bob, grave), g:can_see(ann, grave) })
  end)

  it("g:reveal: 'look at target player's hand' shows it to that player only, while the cards stay there", function()
    local g, ann, bob, cat = H.game{ players = { "Ann", "Bob", "Cat" } }
    local a, b = g:create(bolt, { owner = bob, zone = "hand" }), g:create(bolt, { owner = bob, zone = "hand" })
    g:reveal(bob.hand:cards(), ann)
    assert.is_true(g:can_see(ann, a) and g:can_see(ann, b))
    assert.is_false(g:can_see(cat, a))
    local v = g:view(ann)
    assert.are.equal("Lightning Bolt", v.players[2].hand[1].name)
    assert.is_true(g:view(cat).players[2].hand[1].hidden)
    g:move(a, "library")                      -- shuffled away: a new object, hidden again (217.1c)
    g:move(a, "hand")
    assert.is_false(g:can_see(ann, a))
    assert.is_true(g:can_see(ann, b))
  end)

  it("reveal to everyone until end of turn; a failed action undoes a reveal (422)", function()
    local g, ann, bob = H.game()
    local c = g:create(bolt, { owner = bob, zone = "hand" })
    g:begin_turn(ann)
    g:reveal(c, nil, "end_of_turn")
    assert.is_true(g:can_see(ann, c))
    g:begin_turn(bob)
    assert.is_false(g:can_see(ann, c))
    local d = g:create(bolt, { owner = bob, zone = "hand" })
    assert.has_error(function() g:atomic(function() g:reveal(d, ann); error("no") end) end)
    assert.is_false(g:can_see(ann, d))
  end)

  it("the seed's Hymn / Library of Leng: Bob sees the card discarded to the graveyard, not the one to the library", function()
    local g, ann, bob = H.game{ seed = 4 }
    for _ = 1, 3 do g:create(island, { owner = bob, zone = "library" }) end
    for _ = 1, 4 do g:create(bolt, { owner = bob, zone = "hand" }) end
    g:create(dofile("examples/cards/library_of_leng.lua").def, { owner = bob, zone = "battlefield" })
    g:set_agent(bob, agents.scripted{ function() return true end, function() return false end })
    local hymn = dofile("examples/cards/hymn_to_tourach.lua")
    local out = hymn.resolve(g, g:create(hymn.def, { owner = ann, zone = "hand" }), bob)
    assert.are.same({ "library", "graveyard" }, { out[1].zone, out[2].zone })
    -- Ann (Sue's opponent in the seed) saw the second card, not the first
    local seen = g:history_for(ann)
    assert.is_true(hidden_in(seen, out[1]))
    assert.is_false(hidden_in(seen, out[2]))
    -- Bob saw both: they were in his hand
    local mine = g:history_for(bob)
    assert.is_false(hidden_in(mine, out[1]))
    assert.is_false(hidden_in(mine, out[2]))
    -- the host's history has everything: the card itself
    local found = false
    for _, ev in ipairs(g:history()) do if ev.type == "discard" and ev.card == out[1] then found = true end end
    assert.is_true(found)
  end)

  it("history_for: a draw is its drawer's; players are indices; plain data that round-trips through JSON", function()
    local g, ann, bob = H.game()
    local top = H.deck(g, bob, 2)[1]
    local n = g:history_length()
    g:draw(bob)
    local for_ann, for_bob = g:history_for(ann, n + 1), g:history_for(bob, n + 1)
    assert.are.equal("draw", for_ann[1].type)
    assert.are.equal(2, for_ann[1].player)
    assert.same({ hidden = true, id = top.id }, for_ann[1].card)
    assert.same({ id = top.id, name = top.name }, for_bob[1].card)
    local decoded = json.decode(json.encode(g:history_for(ann)))
    assert.same(g:history_for(ann), decoded)
  end)

  it("bad input: a stranger, a bad duration or target list; the game as it was", function()
    local g, ann = H.game()
    local other = H.game()
    local c = g:create(bolt, { owner = ann, zone = "hand" })
    local before = g:state_hash(true)
    assert.error_matches(function() g:view(other.players[1]) end, "view")
    assert.error_matches(function() g:history_for(other.players[1]) end, "history_for")
    assert.error_matches(function() g:reveal(c, ann, "forever") end, "reveal.*duration")
    assert.error_matches(function() g:reveal(c, {}) end, "reveal.*player")
    assert.error_matches(function() g:can_see(ann, other.players[1]) end, "can_see")
    assert.are.equal(before, g:state_hash(true))
  end)
end)
