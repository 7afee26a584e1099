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
    local function watch(_, card) watched[#watched + 1] = card.name end   -- called as fn(g, card)
    GI._observe_installs(watch)
    require("arbiter.internal")._on(g, "zone_change", watch)
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

-- The binding calls the install watch as fn(g, card) (no event table) and only while the card is
-- still on the battlefield when the watch's turn comes (lobserve.c ARB_OBS_INSTALL): an observer
-- that runs first and moves the entering card away leaves nothing to install.
describe("the install watch's call without an event table (217.1c: each entry a new object; lobserve.c)", function()
  it("a card moved away by an earlier observer before the watch runs is not installed; one still there is", function()
    local g, ann = H.game()
    local runs, got = 0, {}
    local def = arbiter.card{ name = "Counter", types = { "Artifact" },
      install = arbiter.installer(function(_, card) runs = runs + 1; got[#got + 1] = card end) }
    local bounce = true
    g:on("zone_change", function(ev, game)     -- registered before the watch: it runs first
      if bounce and ev.to == "battlefield" and ev.card.name == "Counter" then game:move(ev.card, "graveyard") end
    end)
    local c = g:create(def, { owner = ann, zone = "hand" })   -- the watch starts here
    g:move(c, "battlefield")
    assert.same({ 0, "graveyard" }, { runs, c.zone })
    bounce = false
    g:move(c, "battlefield")
    assert.same({ 1, "battlefield" }, { runs, c.zone })
    assert.equal(c, got[1])                    -- the card that entered, as the install's argument
  end)

  it("a driver's re-runs: an install before the host's question is made on every run, once per stay", function()
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1 }
    local ann = g.players[1]
    g:set_agent(ann, arbiter.agents.host())
    local def = arbiter.card{ name = "Ankh", types = { "Artifact" },
      install = arbiter.installer(function(game, card)
        return game:trigger{ event = "zone_change", to = "battlefield", source = card, controller = card.controller,
          condition = function(ev) return ev.card.name == "Forest" end,
          effect = function(_, game2) game2:gain_life(ann, 1) end }
      end) }
    local forest = arbiter.card{ name = "Forest", types = { "Land" } }
    local c = g:create(def, { owner = ann, zone = "hand" })
    local f = g:create(forest, { owner = ann, zone = "hand" })
    local d = g:driver(function(game)
      game:move(c, "battlefield"); game:settle()
      if arbiter.ask_may(game, ann, "play the forest") then game:move(f, "battlefield") end
      game:settle()
    end)
    local q = d:resume()
    assert.equal("may", q.kind)
    d:answer(true)
    assert.is_nil(d:resume())                  -- re-run from the start: the entry again, then the answer
    assert.same({ "battlefield", "battlefield", 21 }, { c.zone, f.zone, ann.life })   -- one trigger, once
  end)
end)
