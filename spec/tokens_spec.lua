-- Tokens (216, Comprehensive Rules 2007): g:create_token puts tokens into play through the one
-- move; a token outside play ceases to exist at the next state-based check; it can't come back.
local H = require("spec.helpers")
local arbiter = H.arbiter

local soldier = arbiter.card{ name = "Soldier", types = { "Creature" }, subtypes = { "Soldier" },
  colors = { "white" }, power = 1, toughness = 1 }

describe("tokens (216)", function()
  it("216.1: controlled by whoever put it into play, owned by the given owner (default: that player)", function()
    local g, ann, bob = H.game()
    local t = g:create_token(soldier, { controller = ann })
    assert.same({ "battlefield", true, "Ann", "Ann" }, { t.zone, t.token, t.controller.name, t.owner.name })
    local u = g:create_token(soldier, { controller = bob, owner = ann })
    assert.same({ "Bob", "Ann" }, { u.controller.name, u.owner.name })
    assert.is_false(g:create(soldier, { owner = ann, zone = "battlefield" }).token)
  end)

  it("count tokens, all returned; tapped = true puts them into play tapped; each summoning sick", function()
    local g, ann = H.game()
    local a, b, c = g:create_token(soldier, { controller = ann, count = 3, tapped = true })
    assert.same({ true, true, true }, { a.tapped, b.tapped, c.tapped })
    assert.is_true(a.sick)
    assert.equal(3, #g.battlefield)
    assert.is_true(a.id ~= b.id and b.id ~= c.id)
  end)

  it("puts it into play with a zone_change from \"none\": comes-into-play triggers see it", function()
    local g, ann = H.game()
    local seen, fired = {}, 0
    g:on("zone_change", function(ev) seen[#seen + 1] = ev.from .. ">" .. ev.to end)
    g:trigger{ event = "zone_change", controller = ann, name = "Soul Warden-ish",
      condition = function(ev) return ev.to == "battlefield" and ev.card:is("Creature") end,
      effect = function(_, game) fired = fired + 1; game:gain_life(ann, 1) end }
    g:create_token(soldier, { controller = ann, count = 2 })
    assert.same({ "none>battlefield", "none>battlefield" }, seen)
    g:settle()
    assert.equal(2, fired)
    assert.equal(22, ann.life)
  end)

  it("216.3: a token that dies goes to the graveyard (its triggers fire), then ceases to exist", function()
    local g, ann = H.game()
    local t = g:create_token(soldier, { controller = ann })
    local died = 0
    g:on("zone_change", function(ev) if ev.from == "battlefield" and ev.to == "graveyard" then died = died + 1 end end)
    g:damage(nil, t, 1)
    g:settle()
    assert.equal(1, died)
    assert.equal("none", t.zone)
    assert.equal(0, #ann.graveyard)
    assert.equal(0, #g.battlefield)
  end)

  it("216.3: bounced or exiled, it is gone at the next check, with no further event", function()
    local g, ann = H.game()
    local a, b = g:create_token(soldier, { controller = ann, count = 2 })
    g:move(a, "hand")
    g:move(b, "exile")
    assert.equal("hand", a.zone)                 -- until state-based actions are checked
    local n = g:history_length()
    g:settle()
    assert.same({ "none", "none" }, { a.zone, b.zone })
    assert.equal(0, #ann.hand)
    assert.equal(0, #g.exile)
    for _, ev in ipairs(g:history(n + 1)) do assert.not_equal("zone_change", ev.type) end
  end)

  it("216.4: a token that has left play can't come back (it stays where it is), nor move once gone", function()
    local g, ann = H.game()
    local t = g:create_token(soldier, { controller = ann })
    g:move(t, "graveyard")
    g:move(t, "battlefield")                      -- before the check: it stays in the graveyard
    assert.equal("graveyard", t.zone)
    g:settle()
    g:move(t, "battlefield")
    g:move(t, "hand")
    assert.equal("none", t.zone)
  end)

  it("216.4: a replacement that would return it to play leaves it where it is", function()
    local g, ann = H.game()
    local t = g:create_token(soldier, { controller = ann })
    g:move(t, "graveyard")                        -- out of play, not yet gone (no check yet)
    g:add_replacement{ event = "zone_change",
      applies = function(ev) return ev.to == "exile" end,
      replace = function(ev) ev.to = "battlefield"; return ev end }
    g:move(t, "exile")
    assert.equal("graveyard", t.zone)
    g:settle()
    assert.equal("none", t.zone)
  end)

  it("216.2: a token isn't a card -- one in a hand (before the check) can't be cast", function()
    local g, ann = H.game()
    local t = g:create_token(soldier, { controller = ann })
    g:move(t, "hand")
    local before = g:state_hash()
    assert.error_matches(function() g:cast(ann, t) end, "is a token: it isn't a card and can't be cast %(216%.2%)")
    assert.equal(before, g:state_hash())
    assert.equal("hand", t.zone)
  end)

  it("a clone carries its tokens; a rolled-back creation leaves nothing", function()
    local g, ann = H.game()
    local t = g:create_token(soldier, { controller = ann })
    g:move(t, "graveyard"); g:settle()
    g:create_token(soldier, { controller = ann })
    local c = g:clone()
    assert.equal(g:state_hash(), c:state_hash())
    assert.equal(1, #c.battlefield)
    assert.is_true(c.battlefield:cards()[1].token)
    local before = g:state_hash()
    assert.has_error(function()
      g:create_token(arbiter.card{ name = "Boom", types = { "Creature" }, power = 1, toughness = 1,
        install = function() error("boom") end }, { controller = ann })
    end)
    assert.equal(before, g:state_hash())
  end)

  it("bad options are refused by name and change nothing", function()
    local g, ann = H.game()
    local other = H.game()
    local before = g:state_hash()
    assert.error_matches(function() g:create_token(soldier) end, "create_token.*options table with controller expected")
    assert.error_matches(function() g:create_token(soldier, {}) end, "controller is required")
    assert.error_matches(function() g:create_token(soldier, { controller = 1 }) end, "controller: player expected, got number 1")
    assert.error_matches(function() g:create_token(soldier, { controller = other.players[1] }) end, "controller: player of another game")
    assert.error_matches(function() g:create_token(soldier, { controller = ann, owner = "Ann" }) end, "owner: player expected")
    assert.error_matches(function() g:create_token(soldier, { controller = ann, count = 0 }) end, "count must be an integer from 1 to 100")
    assert.error_matches(function() g:create_token(soldier, { controller = ann, count = 1.5 }) end, "count must be an integer")
    assert.error_matches(function() g:create_token({}, { controller = ann }) end, "card definition")
    assert.equal(before, g:state_hash())
  end)

  it("Raise the Alarm: cast, two Soldier tokens come into play under its caster's control", function()
    local alarm = dofile("examples/cards/raise_the_alarm.lua").def
    local g, ann = H.game()
    for _ = 1, 2 do g:create(arbiter.card{ name = "Plains", types = { "Land" }, subtypes = { "Plains" },
      supertypes = { "Basic" } }, { owner = ann, zone = "battlefield" }) end
    local spell = g:create(alarm, { owner = ann, zone = "hand" })
    g:cast(ann, spell)
    g:settle()
    local soldiers = {}
    for _, c in ipairs(g.battlefield:cards()) do if c.token then soldiers[#soldiers + 1] = c end end
    assert.equal(2, #soldiers)
    assert.same({ "Soldier", 1, 1, "Ann" }, { soldiers[1].name, soldiers[1].power, soldiers[1].toughness, soldiers[1].controller.name })
    assert.equal("graveyard", spell.zone)
  end)
end)
