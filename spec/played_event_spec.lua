-- The "cast" and "activate" events (405, 406; docs/API.md, event table): signalled by the core
-- from the cast or activation's own binding (GI._played, csrc/lstack.c), not through g:_emit's
-- table of fields. The events carry the same fields as before: player, card, and for an
-- activation the ability's number; a player's ability (g:add_ability) has no card. An observer
-- and a trigger see them; a cast undone (422) leaves none.
local H = require("helpers")
local arbiter = H.arbiter

local mountain = arbiter.card{ name = "Mountain", types = { "Land" }, subtypes = { "Mountain" },
  supertypes = { "Basic" } }
local shock = arbiter.card{ name = "Shock", types = { "Instant" }, cost = "{R}", targets = { "creature or player" },
  resolve = function(obj, g, source) g:damage(source, obj.targets[1], 2) end }
local rod = arbiter.card{ name = "Rod", types = { "Artifact" }, activated = {
  { cost = "{T}", effect = function(_, g) g:gain_life(g.players[1], 1) end },
  { cost = "{1}", effect = function(_, g) g:gain_life(g.players[1], 2) end } } }

local function last_of(g, t)
  local h = g:history()
  for i = #h, 1, -1 do if h[i].type == t then return h[i] end end
end

describe("the cast and activate events (405, 406)", function()
  it("a cast records \"cast\" with its player and card; an observer and a trigger see them", function()
    local g, ann, bob = H.game()
    g:create(mountain, { owner = ann, zone = "battlefield" })
    local card = g:create(shock, { owner = ann, zone = "hand" })
    local seen, woke = {}, 0
    g:on("cast", function(ev) seen[#seen + 1] = { player = ev.player, card = ev.card, amount = ev.amount } end)
    g:trigger{ event = "cast", controller = bob, condition = function(ev) return ev.card == card end,
      effect = function() woke = woke + 1 end }
    g:cast(ann, card, { targets = { bob } })
    local ev = last_of(g, "cast")
    assert.equal(ann, ev.player)
    assert.equal(card, ev.card)
    assert.equal(1, #seen)
    assert.equal(ann, seen[1].player)
    assert.equal(card, seen[1].card)
    g:settle()
    assert.equal(1, woke)
    assert.equal(18, bob.life)
  end)

  it("an activation records \"activate\" with its player, card and the ability's number", function()
    local g, ann = H.game()
    g:create(mountain, { owner = ann, zone = "battlefield" })
    local r = g:create(rod, { owner = ann, zone = "battlefield" })
    g:activate(ann, r, 2)
    local ev = last_of(g, "activate")
    assert.equal(ann, ev.player)
    assert.equal(r, ev.card)
    assert.equal(2, ev.amount)
    g:settle()
    assert.equal(22, ann.life)
  end)

  it("a player's ability (g:add_ability) records \"activate\" with its number and no card", function()
    local g, ann = H.game()
    g:create(mountain, { owner = ann, zone = "battlefield" })
    local h = g:add_ability{ controller = ann, cost = "{R}", effect = function(_, game) game:gain_life(ann, 5) end }
    g:activate(ann, h)
    local ev = last_of(g, "activate")
    assert.equal(ann, ev.player)
    assert.is_nil(ev.card)
    assert.equal(1, ev.amount)
    g:settle()
    assert.equal(25, ann.life)
  end)

  it("a cast that fails (422: nothing to pay with) leaves no \"cast\" event", function()
    local g, ann, bob = H.game()
    local card = g:create(shock, { owner = ann, zone = "hand" })
    local n = g:history_length()
    assert.has_error(function() g:cast(ann, card, { targets = { bob } }) end)
    assert.equal(n, g:history_length())
    assert.is_nil(last_of(g, "cast"))
    assert.equal("hand", card.zone)
  end)
end)
