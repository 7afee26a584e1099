-- Last-known information (issue 26 item 7; 413.2 / 418): a zone change out of the battlefield
-- carries ev.last, a read-only snapshot of the card as it last existed there.
local arbiter = require("arbiter")
local H = require("helpers")

local bears = arbiter.card{ name = "Grizzly Bears", types = { "Creature" }, colors = { "green" }, power = 2, toughness = 2 }
local aura = arbiter.card{ name = "Aura", types = { "Enchantment" }, subtypes = { "Aura" }, enchant = "creature" }

local game = H.game

describe("ev.last: last-known information (413.2)", function()
  it("holds the characteristics with every effect applied, the controller, counters, damage and Auras", function()
    local g, ann, bob = game()
    local bear = g:create(bears, { owner = ann, zone = "battlefield" })
    local a = g:create(aura, { owner = bob, zone = "battlefield" })
    g:attach(a, bear)
    g:gain_control(bear, bob)
    g:modify(bear, 1, 1)
    bear:add_counters("+1/+1", 1)
    g:damage(nil, bear, 1)
    g:add_static{ affects = bear, colors = "black", abilities = "flying" }
    local last
    g:on("zone_change", function(ev) if ev.card == bear then last = ev.last end end)
    g:destroy(bear)
    assert.equal("graveyard", bear.zone)
    assert.same({ 4, 4, bob, 1 }, { last.power, last.toughness, last.controller, last.damage })
    assert.same({ "black" }, last.colors)
    assert.same({ "Creature" }, last.types)
    assert.same({ a }, last.attachments)
    assert.equal(1, last.counters["+1/+1"])
    assert.same({ "flying" }, last.abilities)
    assert.equal(ann, bear.controller)            -- in the graveyard, its owner's
    assert.has_error(function() last.power = 9 end)
  end)

  it("every departure records it, with nothing listening; each history entry has its own (413.2)", function()
    local g, ann = game()
    local bear = g:create(bears, { owner = ann, zone = "battlefield" })
    g:modify(bear, 1, 1)
    g:destroy(bear)                               -- nothing listens to zone changes now
    g:move(bear, "battlefield")                   -- a new object (217.1c), unpumped, and black now
    g:add_static{ affects = bear, colors = "black" }
    g:destroy(bear)
    local lasts = {}
    for _, ev in ipairs(g:history()) do
      if ev.type == "zone_change" and ev.from == "battlefield" then lasts[#lasts + 1] = ev.last end
    end
    assert.equal(2, #lasts)
    assert.same({ 3, { "green" } }, { lasts[1].power, lasts[1].colors })
    assert.same({ 2, { "black" } }, { lasts[2].power, lasts[2].colors })
  end)

  it("a departure undone (422) leaves no record; an event handed out before still reads what the card was", function()
    local g, ann = game()
    local bear = g:create(bears, { owner = ann, zone = "battlefield" })
    g:modify(bear, 1, 1)
    local seen
    local h = g:on("zone_change", function(ev) if ev.card == bear then seen = ev.last end end)
    local n = g:history_length()
    assert.is_false((g:attempt(function(gg) gg:destroy(bear); error("changed my mind") end)))
    assert.equal("battlefield", bear.zone)
    assert.equal(n, g:history_length())
    g:off(h)
    g:modify(bear, 2, 2)                          -- 5/5 now: a new departure, its own record
    g:destroy(bear)
    assert.equal(3, seen.power)                   -- read after the undo: the 3/3 it was then
    local left = {}
    for _, ev in ipairs(g:history(n + 1)) do
      if ev.type == "zone_change" and ev.from == "battlefield" then left[#left + 1] = ev.last end
    end
    assert.equal(1, #left)                        -- the undone departure isn't in the history
    assert.same({ 5, 5 }, { left[1].power, left[1].toughness })
  end)

  it("a clone's ev.last names the clone's objects and is its own (each game keeps its records)", function()
    local g, ann = game()
    local bear = g:create(bears, { owner = ann, zone = "battlefield" })
    g:destroy(bear)
    local c = g:clone()
    local cbear = c:card(bear.id)
    c:move(cbear, "battlefield")
    c:modify(cbear, 1, 1)
    c:destroy(cbear)
    local function lasts(gm)
      local out = {}
      for _, ev in ipairs(gm:history()) do
        if ev.type == "zone_change" and ev.from == "battlefield" then out[#out + 1] = ev.last end
      end
      return out
    end
    local mine, theirs = lasts(g), lasts(c)
    assert.equal(1, #mine)
    assert.equal(2, #theirs)
    assert.equal(c.players[1], theirs[1].controller)
    assert.same({ 2, 3 }, { theirs[1].power, theirs[2].power })
    assert.equal(g.players[1], mine[1].controller)
  end)

  it("only a zone change out of the battlefield has it", function()
    local g, ann = game()
    local bear = g:create(bears, { owner = ann, zone = "hand" })
    local seen = {}
    g:on("zone_change", function(ev) seen[#seen + 1] = ev.last ~= nil end)
    g:move(bear, "battlefield")
    g:move(bear, "graveyard")
    assert.same({ false, true }, seen)
  end)
end)
