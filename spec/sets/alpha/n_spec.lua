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

  -- Its script keeps the count its power read for the toughness computed right after it (one
  -- definition for every game): two games and two Nightmares, read in turn, each its own count.
  it("two games, two Nightmares each: every one is as big as its own controller's Swamps of the moment", function()
    local g1, ann1, bob1 = K.game()
    local g2, ann2 = K.game()
    K.lands(g1, ann1, "BB"); K.lands(g1, bob1, "BBBB"); K.lands(g2, ann2, "BBB")
    local a1, b1 = K.bf(g1, "Nightmare", ann1), K.bf(g1, "Nightmare", bob1)
    local a2 = K.bf(g2, "Nightmare", ann2)
    assert.same({ 2, 4, 3, 2, 4, 3 }, { a1.power, b1.power, a2.power, a1.toughness, b1.toughness, a2.toughness })
    K.lands(g2, ann2, "B")
    g1:destroy(g1:permanents(bob1, "Land")[1])
    assert.same({ 4, 3, 2, 4, 3, 2 }, { a2.toughness, b1.toughness, a1.toughness, a2.power, b1.power, a1.power })
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

describe("Alpha: Nettling Imp (an activation condition; attacks if able 500.1; a delayed trigger remembering it)", function()
  it("on Bob's turn before attacks: his creature must attack; one that didn't attack is destroyed at the end step", function()
    local g, ann, bob = K.game()
    local imp = K.bf(g, "Nettling Imp", ann)
    local bear = K.bf(g, "Grizzly Bears", bob)
    K.main_phase(g)
    assert.error_matches(function() g:activate(ann, imp, 1, { targets = { bear } }) end, "opponent's turn")
    g:end_step(); g:cleanup_step()
    K.turn(g, bob)
    g:activate(ann, imp, 1, { targets = { bear } })
    g:settle()
    assert.is_true(bear:has("attacks each combat if able"))
    g:beginning_of_combat()
    assert.is_false((g:check_attack({})))
    bear:tap()                       -- tapped, it can't attack: the requirement asks nothing
    g:attack_step({})
    g:end_of_combat_step()
    g:main_phase()
    g:end_step()
    g:settle()
    assert.equal("graveyard", bear.zone)
  end)

  it("a creature that attacked survives; the ability can't be activated after attackers are declared", function()
    local g, ann, bob = K.game()
    local imp = K.bf(g, "Nettling Imp", ann)
    local bear = K.bf(g, "Grizzly Bears", bob)
    local ogre = K.bf(g, "Gray Ogre", bob)
    K.turn(g, bob)
    g:activate(ann, imp, 1, { targets = { bear } })
    g:settle()
    g:beginning_of_combat()
    g:attack_step({ bear })
    assert.error_matches(function() g:activate(ann, imp, 1, { targets = { ogre } }) end, "before attackers")
    g:block_step({})
    g:damage_step()
    g:end_of_combat_step()
    g:end_step()
    g:settle()
    assert.same({ "battlefield", 18 }, { bear.zone, ann.life })
  end)
end)

describe("Alpha: Nether Shadow (an ability that works from the graveyard 410; intervening \"if\" 410.8; haste 502.5)", function()
  -- Ann's graveyard: the Shadow, then `above` cards put on top of it
  local function setup(above)
    local g, ann, bob = K.game()
    local shadow = K.grave(g, "Nether Shadow", ann)
    local cards = {}
    for i, name in ipairs(above) do cards[i] = K.grave(g, name, ann) end
    return g, ann, bob, shadow, cards
  end

  it("with three creature cards above it, at her upkeep she puts it onto the battlefield; with haste it attacks at once", function()
    local g, ann, bob, shadow = setup({ "Grizzly Bears", "Hill Giant", "Gray Ogre" })
    K.main_phase(g)
    assert.same({ "battlefield", ann }, { shadow.zone, shadow.controller })
    g:beginning_of_combat()
    g:attack_step({ shadow })
    g:block_step({})
    g:damage_step()
    assert.equal(19, bob.life)
  end)

  it("two creature cards and an instant above it: it stays; above three creatures, but she declines: it stays", function()
    local g, _, _, shadow = setup({ "Grizzly Bears", "Lightning Bolt", "Gray Ogre" })
    K.main_phase(g)
    assert.equal("graveyard", shadow.zone)
    local g2, _, _, shadow2 = setup({ "Grizzly Bears", "Hill Giant", "Gray Ogre" })
    K.main_phase(g2, { ann = K.agent{ may = function(what) return what ~= "put onto the battlefield" end } })
    assert.equal("graveyard", shadow2.zone)
  end)

  it("a creature card above it leaving in response: the \"if\" fails as it resolves (410.8); not in Bob's upkeep", function()
    local g, _, _, shadow, above = setup({ "Grizzly Bears", "Hill Giant", "Gray Ogre" })
    local answered = false
    local bob_agent = K.agent{ priority = function()
      if not answered and #g:stack_objects() > 0 then answered = true; g:move(above[1], "exile") end
    end }
    bob_agent.priority_always = true
    K.main_phase(g, { bob = bob_agent })
    assert.same({ true, "graveyard" }, { answered, shadow.zone })
    -- three creature cards above it again, but it is Bob's upkeep: "your upkeep" is its owner's
    local g2, _, bob2, shadow2 = setup({ "Grizzly Bears", "Hill Giant", "Gray Ogre" })
    g2:set_agent(g2.players[1], K.agent()); g2:set_agent(bob2, K.agent())
    K.turn(g2, bob2)
    assert.same({ "graveyard", bob2 }, { shadow2.zone, g2.active_player })
  end)

  it("cast from her hand it is a 1/1 with haste: it attacks the turn it comes", function()
    local g, _, bob = K.game()
    K.main_phase(g)
    local shadow = K.cast(g, g.players[1], "Nether Shadow", "BB")
    g:settle()
    g:beginning_of_combat()
    g:attack_step({ shadow })
    g:block_step({})
    g:damage_step()
    assert.same({ 1, 1, 19 }, { shadow.power, shadow.toughness, bob.life })
  end)
end)
