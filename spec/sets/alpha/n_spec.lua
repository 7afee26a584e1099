-- Alpha cards N: each card's main effect and the interaction its text leans on.
local K = require("spec.sets.alpha.kit")

describe("Alpha: Nevinyrral's Disk (comes into play tapped, destroy all 406)", function()
  it("enters tapped; untapped, {1},{T} destroys every artifact, creature and enchantment, itself too", function()
    local g, ann, bob = K.game()
    K.main_phase(g)
    local disk = K.cast(g, ann, "Nevinyrral's Disk", "RRRR")
    g:settle()
    assert.same({ "battlefield", true }, { disk.zone, disk.tapped })
    local bears = K.bf(g, "Grizzly Bears", bob)
    local mox = K.bf(g, "Mox Ruby", bob)
    local lure = K.bf(g, "Lure", ann)
    local island = K.lands(g, bob, "U")[1]
    K.turn(g, ann)
    g:activate(ann, disk, 1)
    g:settle()
    for _, c in ipairs({ disk, bears, mox, lure }) do assert.equal("graveyard", c.zone, c.name) end
    assert.equal("battlefield", island.zone)
  end)

  it("a regenerated creature survives it (419.6b)", function()
    local g, ann = K.game()
    local disk = K.bf(g, "Nevinyrral's Disk", ann)
    local wall = K.bf(g, "Living Wall", ann)
    K.lands(g, ann, "RR")
    K.main_phase(g)
    disk:untap()
    g:activate(ann, wall, 1)
    g:settle()
    g:activate(ann, disk, 1)
    g:settle()
    assert.same({ "graveyard", "battlefield" }, { disk.zone, wall.zone })
  end)
end)

describe("Alpha: Northern Paladin (an activated ability 406, a color filter on its target 413)", function()
  it("{W}{W},{T}: destroys a black permanent; a nonblack one can't be targeted", function()
    local g, ann, bob = K.game()
    local paladin = K.bf(g, "Northern Paladin", ann)
    local specter = K.bf(g, "Hypnotic Specter", bob)
    local bears = K.bf(g, "Grizzly Bears", bob)
    K.lands(g, ann, "WW")
    K.main_phase(g)
    assert.has_error(function() g:activate(ann, paladin, 1, { targets = { bears } }) end)
    g:activate(ann, paladin, 1, { targets = { specter } })
    g:settle()
    assert.same({ "graveyard", true }, { specter.zone, paladin.tapped })
  end)

  it("a Swamp made black by Kormus Bell is a black permanent", function()
    local g, ann, bob = K.game()
    local paladin = K.bf(g, "Northern Paladin", ann)
    K.bf(g, "Kormus Bell", bob)
    local swamp = K.lands(g, bob, "B")[1]
    K.lands(g, ann, "WW")
    K.main_phase(g)
    g:activate(ann, paladin, 1, { targets = { swamp } })
    g:settle()
    assert.equal("graveyard", swamp.zone)
  end)
end)

describe("Alpha: Nightmare (characteristic-defining P/T 418.5, flying 502.4)", function()
  it("cast with Swamps, it is as big as its controller's Swamps; a Swamp more or less changes it", function()
    local g, ann, bob = K.game()
    K.lands(g, bob, "BBBBBBB")                     -- Bob's Swamps don't count
    local n = K.cast(g, ann, "Nightmare", "BBBBBB")
    g:settle()
    assert.equal("battlefield", n.zone)
    assert.same({ 6, 6 }, { n.power, n.toughness })
    assert.is_true(n:has("flying"))
    g:destroy(g:permanents(ann, "Land")[1])
    assert.same({ 5, 5 }, { n.power, n.toughness })
  end)

  it("changes hands: it counts its new controller's Swamps; with none it dies (420.5c)", function()
    local g, ann, bob = K.game()
    K.lands(g, ann, "BB")
    local n = K.bf(g, "Nightmare", ann)
    K.main_phase(g)
    assert.equal(2, n.power)
    g:gain_control(n, bob)
    g:check_state()
    assert.equal("graveyard", n.zone)
  end)
end)

describe("Alpha: Natural Selection (a player target 413; looking at a library 217.2a)", function()
  it("Ann looks at Bob's top three and puts them back in her order; Bob draws the one she put on top", function()
    local g, ann, bob = K.game()
    local lib = bob.library:cards()
    local a, b, c = lib[1], lib[2], lib[3]   -- top, second, third
    local shown, bob_asked = {}, 0
    local ann_agent = K.agent{
      pick = function(what, options, ctx)
        if what == "target" then return bob end
        if what == "top" then
          for _, o in ipairs(options) do assert.equal("card", K.arbiter.core.kind(o)); shown[o] = true end
          assert.equal(3, #ctx.shown)
          return ctx.index == 1 and c or a             -- c on top, then a, then b
        end
      end,
      may = function(what) return what ~= "shuffle" end,   -- no shuffle
    }
    K.main_phase(g, { ann = ann_agent, bob = K.agent{ pick = function() bob_asked = bob_asked + 1 end } })
    K.cast(g, ann, "Natural Selection", "G", { targets = { bob } })
    g:settle()
    assert.is_true(shown[a] and shown[b] and shown[c])
    assert.equal(0, bob_asked)
    local now = bob.library:cards()
    assert.same({ c, a, b }, { now[1], now[2], now[3] })
    assert.same({ 10, false }, { #bob.library, g:can_see(ann, c) })   -- put back: hidden again
    g:draw(bob, 1)
    assert.equal("hand", c.zone)
  end)

  it("she may have Bob shuffle; a library of two cards: both (and countered by Counterspell, nothing moves)", function()
    local g, ann, bob = K.game()
    for _ = 1, 8 do g:move(bob.library:top(), "graveyard") end
    local two = bob.library:cards()
    local asked = 0
    K.main_phase(g, { ann = K.agent{
      pick = function(what, options) if what == "top" then asked = asked + 1; return options[#options] end end,
      may = function(what) return what == "shuffle" end } })
    K.cast(g, ann, "Natural Selection", "G", { targets = { bob } })
    g:settle()
    assert.equal(1, asked)                              -- one question orders two cards
    assert.equal(2, #bob.library)
    assert.is_true(K.H.contains(two, bob.library:top()))
    local shuffles = 0
    for _, e in ipairs(g:history()) do if e.type == "shuffle" then shuffles = shuffles + 1 end end
    assert.equal(1, shuffles)
    -- countered: nothing looked at, nothing moved
    local before = bob.library:cards()
    K.lands(g, bob, "UU")
    local spell, obj = K.cast(g, ann, "Natural Selection", "G", { targets = { bob } })
    g:cast(bob, K.hand(g, "Counterspell", bob), { targets = { obj } })
    g:settle()
    assert.same({ "graveyard", before }, { spell.zone, bob.library:cards() })
  end)
end)
