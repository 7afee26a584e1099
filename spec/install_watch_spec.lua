-- The install watch (newgame.lua, csrc/lobserve.c) is handed the install the binding read for the
-- entering card (install_on_entry(g, c, install): c.install not read again in Lua). It must be
-- what c.install reads: the face-down 2/2's (none: 504.1) for a permanent entering face down,
-- its own again once turned face up (504.2), a copy's the copied card's (503).
local H = require("helpers")
local arbiter = H.arbiter
local alpha = require("arbiter.sets.alpha")

local function game() return H.game{ decks = 5 } end

describe("the install watch's install, as c.install reads it (217.1c)", function()
  it("504.1: a Goblin King entering face down installs nothing; 504.2: turned face up, its ability", function()
    local g, ann = game()
    local orcs = g:create(alpha["Mons's Goblin Raiders"], { owner = ann, zone = "battlefield" })
    local king = g:create(alpha["Goblin King"], { owner = ann, zone = "hand" })
    g:cast(ann, king, { face_down = true, without_paying = true })
    g:settle()
    assert.same({ "battlefield", true, 1 }, { king.zone, king.face_down, orcs.power })
    g:turn_face_up(king)
    assert.same({ false, 2 }, { king.face_down, orcs.power })
    g:move(king, "hand"); g:move(king, "battlefield")       -- face up: its own install again
    assert.equal(2, orcs.power)
  end)

  it("503: a card entering as a copy of a Goblin King installs the King's ability, not its own", function()
    local g, ann = game()
    local orcs = g:create(alpha["Mons's Goblin Raiders"], { owner = ann, zone = "battlefield" })
    local king = g:create(alpha["Goblin King"], { owner = ann, zone = "battlefield" })
    local own = 0
    local mimic = arbiter.card{ name = "Mimic", types = { "Creature" }, power = 0, toughness = 0,
      install = arbiter.installer(function() own = own + 1 end),
      as_enters = function(c, gm) gm:add_static{ copy = king, affects = c } end }
    assert.equal(2, orcs.power)
    local m = g:create(mimic, { owner = ann, zone = "hand" })
    g:move(m, "battlefield")
    assert.same({ "Goblin King", 3, 0 }, { m.name, orcs.power, own })
  end)
end)
