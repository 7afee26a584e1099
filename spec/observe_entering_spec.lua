-- A definition's install runs each time its card enters the battlefield (a new object: CompRules
-- 2005-2008 217.1c), by the install watch, an observer of every "zone_change". The binding calls
-- the watch only for a zone change into the battlefield from another zone (lobserve.c: it is
-- marked as acting on entries only); these check that installs still run on every entry and on
-- nothing else, and that a marked observer is left out of exactly the other zone changes.
local H = require("spec.helpers")
local arbiter = H.arbiter
local GI = require("arbiter.internal")._game

describe("observers of entries only (217.1c: the install watch)", function()
  it("a definition's install runs on each entry to the battlefield, from any zone, and on no other move", function()
    local g, ann = H.game()
    local runs = 0
    local def = arbiter.card{ name = "Counter", types = { "Artifact" },
      install = arbiter.installer(function() runs = runs + 1 end) }
    local c = g:create(def, { owner = ann, zone = "hand" })
    g:move(c, "graveyard")
    g:move(c, "hand")
    assert.equal(0, runs)                      -- zone changes, no entry
    g:move(c, "battlefield")
    assert.equal(1, runs)
    g:move(c, "graveyard")
    assert.equal(1, runs)                      -- it left: nothing to install
    g:move(c, "battlefield")
    assert.equal(2, runs)                      -- back: a new object, installed again
    g:move(c, "library")
    g:move(c, "battlefield")
    assert.equal(3, runs)
  end)

  it("a marked observer sees entries only; an unmarked one every zone change; through g:on's wrapper", function()
    local g, ann = H.game()
    local seen, all = {}, 0
    local function entering(ev) seen[#seen + 1] = ev.from .. ">" .. ev.to end
    GI._observe_entering(entering)
    g:on("zone_change", entering)
    g:on("zone_change", function() all = all + 1 end)
    local c = g:create(H.bear, { owner = ann, zone = "hand" })
    g:move(c, "graveyard"); g:move(c, "battlefield"); g:move(c, "hand"); g:move(c, "battlefield")
    assert.equal(4, all)
    assert.same({ "graveyard>battlefield", "hand>battlefield" }, seen)
    assert.has_error(function() GI._observe_entering(nil) end)
  end)

  -- the install watch is marked as such (GI._observe_installs): the binding leaves out the entry of
  -- a card with nothing to install too -- its definition as c.install reads it (a copy's: the
  -- copied card's, 503) has no install, and its copy effect makes it gain none
  it("the install watch: not called for an entry with nothing to install; a copy of a card with install is installed", function()
    local g, ann = H.game()
    local runs, watched = 0, {}
    local counter = arbiter.card{ name = "Counter", types = { "Artifact" },
      install = arbiter.installer(function() runs = runs + 1 end) }
    local original = g:create(counter, { owner = ann, zone = "battlefield" })
    assert.equal(1, runs)
    local function watch(ev) watched[#watched + 1] = ev.card.name end
    GI._observe_installs(watch)
    g:on("zone_change", watch)
    local bear = g:create(H.bear, { owner = ann, zone = "hand" })
    g:move(bear, "battlefield")                          -- nothing to install: left out
    local c = g:create(counter, { owner = ann, zone = "hand" })
    g:move(c, "battlefield")
    assert.same({ 2, { "Counter" } }, { runs, watched })
    -- enters as a copy of the Counter (as_enters, 503): the copied card's install runs
    local mimic = arbiter.card{ name = "Mimic", types = { "Artifact" },
      as_enters = function(card, game) game:add_static{ affects = card, copy = original } end }
    local m = g:create(mimic, { owner = ann, zone = "hand" })
    g:move(m, "battlefield")
    assert.same({ 3, { "Counter", "Counter" } }, { runs, watched })
    g:move(bear, "hand"); g:move(bear, "battlefield")
    assert.same({ 3, 2 }, { runs, #watched })
  end)
end)

-- The installer's wrapper remembers each stay's handles as a setting (422): a failed action undoes
-- its record, the one it replaced back (a record filed without its kind would fail its undo).
describe("the installer's record of a stay, undone with a failed action (422)", function()
  it("an entry undone installs again at the next entry; one stay installs once", function()
    local g, ann = H.game()
    local runs = 0
    local install = arbiter.installer(function() runs = runs + 1; return runs end)
    local c = g:create(arbiter.card{ name = "Counter", types = { "Artifact" }, install = install },
      { owner = ann, zone = "hand" })
    g:move(c, "battlefield")
    assert.same({ 1, 1 }, { runs, install(g, c) })     -- the same stay: its handles, no second run
    g:move(c, "hand")
    local ok = g:attempt(function(game) game:move(c, "battlefield"); error("changed my mind") end)
    assert.is_false(ok)
    assert.same({ 2, "hand" }, { runs, c.zone })        -- it ran, then the entry was undone
    g:move(c, "battlefield")
    assert.same({ 3, 3 }, { runs, install(g, c) })      -- the old stay's record back, then replaced
    local ok2 = g:attempt(function(game) install(game, c); error("no") end)
    assert.is_false(ok2)
    assert.same({ 3, 3 }, { runs, install(g, c) })
  end)
end)
