-- Alpha cards M: each card's main effect and the interaction its text leans on.
local K = require("spec.sets.alpha.kit")

describe("Alpha: Mahamoti Djinn (flying, 502.4b)", function()
  it("is cast with {4}{U}{U}; a creature without flying can't block it", function()
    local g, ann, bob = K.game()
    K.main_phase(g)
    local djinn = K.cast(g, ann, "Mahamoti Djinn", "UUUUUU")
    g:settle()
    assert.same({ "battlefield", 5, 6 }, { djinn.zone, djinn.power, djinn.toughness })
    local bears = K.bf(g, "Grizzly Bears", bob)
    K.turn(g, ann)
    g:beginning_of_combat()
    g:attack_step({ djinn })
    assert.is_false((g:check_block({ [bears] = djinn })))
    g:block_step({})
    g:damage_step()
    assert.equal(15, bob.life)
  end)
end)

describe("Alpha: Merfolk of the Pearl Trident (creature spells 302)", function()
  it("is cast with {U}: a 1/1 that dies to a 2/2's damage", function()
    local g, ann, bob = K.game()
    K.main_phase(g)
    local merfolk = K.cast(g, ann, "Merfolk of the Pearl Trident", "U")
    g:settle()
    assert.same({ "battlefield", 1, 1 }, { merfolk.zone, merfolk.power, merfolk.toughness })
    local bears = K.bf(g, "Grizzly Bears", bob)
    K.turn(g, ann)
    K.combat(g, { merfolk }, { [bears] = merfolk })
    assert.same({ "graveyard", 1 }, { merfolk.zone, bears.damage })
  end)
end)

describe("Alpha: Mons's Goblin Raiders (creature spells 302)", function()
  it("is cast with {R}: a 1/1 Goblin that deals 1 combat damage", function()
    local g, ann, bob = K.game()
    K.main_phase(g)
    local raiders = K.cast(g, ann, "Mons's Goblin Raiders", "R")
    g:settle()
    assert.same({ "battlefield", 1, 1, true }, { raiders.zone, raiders.power, raiders.toughness, raiders:is("Goblin") })
    K.turn(g, ann)
    K.combat(g, { raiders })
    assert.equal(19, bob.life)
  end)
end)

describe("Alpha: Mountain (basic land, 305.6)", function()
  it("taps for {R}: it pays a red spell's cost", function()
    local g, ann = K.game()
    local mountain = K.lands(g, ann, "R")[1]
    K.main_phase(g)
    local raiders = K.cast(g, ann, "Mons's Goblin Raiders", "")
    g:settle()
    assert.is_true(mountain.tapped)
    assert.equal("battlefield", raiders.zone)
  end)
end)

-- each Mox: cast for {0}, then tapped at once (an artifact's {T} isn't bound by summoning
-- sickness, 502.5b) for one mana of its color; a payment plays it as a mana source (406.1)
local MOXEN = { { "Mox Emerald", "green", "G" }, { "Mox Jet", "black", "B" }, { "Mox Pearl", "white", "W" },
  { "Mox Ruby", "red", "R" }, { "Mox Sapphire", "blue", "U" } }
for _, m in ipairs(MOXEN) do
  local name, color, sym = m[1], m[2], m[3]
  describe("Alpha: " .. name .. " (mana abilities 406.1)", function()
    it("is cast for {0} and taps the same turn for one " .. color .. " mana", function()
      local g, ann = K.game()
      K.main_phase(g)
      local mox = K.cast(g, ann, name, "")
      g:settle()
      assert.same({ "battlefield", true, false }, { mox.zone, mox:is("Artifact"), mox:is("Creature") })
      g:activate(ann, mox, 1)
      assert.same({ true, 1 }, { mox.tapped, ann.mana[color] })
    end)

    it("pays a " .. color .. " spell's {" .. sym .. "} as the spell is cast, with no stack", function()
      local g, ann = K.game()
      local mox = K.bf(g, name, ann)
      local spell = K.arbiter.card{ name = "Test Spell", types = { "Sorcery" }, colors = { color },
        cost = "{" .. sym .. "}", resolve = function(_, game, source) game:gain_life(source.controller, 1) end }
      K.main_phase(g)
      K.cast(g, ann, spell, "")
      assert.is_true(mox.tapped)
      g:settle()
      assert.equal(21, ann.life)
    end)
  end)
end

describe("Alpha: Mind Twist ({X} 407, random discards 003)", function()
  it("X = 2: Bob discards two cards at random; X beyond his hand empties it", function()
    local g, ann, bob = K.game()
    for _ = 1, 3 do K.hand(g, "Gray Ogre", bob) end
    K.main_phase(g)
    K.cast(g, ann, "Mind Twist", "BBB", { targets = { bob }, x = 2 })
    g:settle()
    assert.same({ 1, 2 }, { #bob.hand:cards(), #bob.graveyard:cards() })
    K.turn(g, ann)
    K.cast(g, ann, "Mind Twist", "BBBBB", { targets = { bob }, x = 4 })
    g:settle()
    assert.same({ 0, 3 }, { #bob.hand:cards(), #bob.graveyard:cards() })
  end)
end)

describe("Alpha: Manabarbs (a trigger on a land's mana ability 406.1, 410)", function()
  it("each land tapped for mana deals its player 1 damage, after the spell it paid for is cast", function()
    local g, ann, bob = K.game()
    K.main_phase(g)
    local barbs = K.cast(g, ann, "Manabarbs", "RRRR")
    g:settle()
    assert.same({ "battlefield", 20 }, { barbs.zone, ann.life })   -- it wasn't there as they were tapped
    K.turn(g, bob)
    local _, obj = K.cast(g, bob, "Grizzly Bears", "GG")
    local top = g:stack_objects()
    assert.equal(obj, top[#top])                                   -- the spell first, the triggers on it
    g:settle()
    assert.equal(18, bob.life)
  end)

  it("a Mox tapped for mana is no land: no damage", function()
    local g, ann = K.game()
    K.bf(g, "Manabarbs", ann)
    local mox = K.bf(g, "Mox Ruby", ann)
    K.main_phase(g)
    g:activate(ann, mox, 1)
    g:settle()
    assert.equal(20, ann.life)
  end)
end)

describe("Alpha: Meekstone (a replacement of the untap step's untap)", function()
  it("a tapped creature with power 3 or more stays tapped in its controller's untap step; a 2/2 untaps", function()
    local g, ann, bob = K.game()
    local giant = K.bf(g, "Hill Giant", ann)
    local bears = K.bf(g, "Grizzly Bears", ann)
    K.bf(g, "Meekstone", bob)
    K.main_phase(g)
    K.combat(g, { giant, bears })
    assert.equal(15, bob.life)
    K.turn(g, bob)
    K.turn(g, ann)
    assert.same({ true, false }, { giant.tapped, bears.tapped })
  end)

  it("reads power in the untap step: Howl from Beyond's +X/+0 has ended; an effect may still untap it", function()
    local g, ann = K.game()
    local bears = K.bf(g, "Grizzly Bears", ann)
    local giant = K.bf(g, "Hill Giant", ann, { tapped = true })
    K.bf(g, "Meekstone", ann)
    K.main_phase(g)
    K.cast(g, ann, "Howl from Beyond", "BB", { targets = { bears }, x = 1 })
    g:settle()
    bears:tap()
    assert.equal(3, bears.power)
    g:end_step(); g:cleanup_step()
    K.turn(g, ann)
    assert.same({ false, true }, { bears.tapped, giant.tapped })   -- 2/2 again as the untap step came
    giant:untap()
    assert.is_false(giant.tapped)
  end)
end)

describe("Alpha: Mana Vault (an untap replacement, upkeep and draw-step triggers, a mana ability)", function()
  it("{T}: three colorless mana; it stays tapped; 1 damage each draw step while tapped", function()
    local g, ann, bob = K.game()
    K.main_phase(g)
    local vault = K.cast(g, ann, "Mana Vault", "R")
    g:settle()
    g:activate(ann, vault, 1)
    assert.equal(3, ann.mana.colorless)
    K.cast(g, ann, "Obsianus Golem", "RRR")                          -- the pool's 3 and three Mountains
    g:settle()
    g:set_agent(ann, K.agent{ may = function() return false end })   -- Ann doesn't pay {4}
    g:set_agent(bob, K.agent())
    K.turn(g, bob)
    K.turn(g, ann)
    assert.same({ true, 19 }, { vault.tapped, ann.life })
  end)

  it("in the upkeep Ann may pay {4} to untap it: then no damage in her draw step", function()
    local g, ann = K.game()
    local vault = K.bf(g, "Mana Vault", ann, { tapped = true })
    K.lands(g, ann, "RRRR")
    K.main_phase(g, { ann = K.agent{ may = function(what) return what == "pay" end } })
    K.turn(g, ann)
    assert.same({ false, 20 }, { vault.tapped, ann.life })
  end)
end)

describe("Alpha: Mana Flare (a triggered mana ability, 406.1: no stack, its mana pays at once)", function()
  it("each land tapped for mana gives its player one more of that kind, spent in the same payment", function()
    local g, ann, bob = K.game()
    K.bf(g, "Mana Flare", bob)
    K.lands(g, ann, "RR")
    K.main_phase(g)
    local ogre = K.cast(g, ann, "Gray Ogre", "R")         -- {2}{R}: two Mountains and their Flare mana
    local tapped = 0
    for _, l in ipairs(g:permanents(ann, "Land")) do if l.tapped then tapped = tapped + 1 end end
    assert.same({ 2, 1 }, { tapped, ann.mana.red })       -- four mana made, three spent
    g:settle()
    assert.equal("battlefield", ogre.zone)
  end)

  it("ends when Mana Flare leaves the battlefield", function()
    local g, ann, bob = K.game()
    local flare = K.bf(g, "Mana Flare", bob)
    local m = K.lands(g, ann, "R")[1]
    g:destroy(flare)
    g:activate(ann, m, 1)
    assert.equal(1, ann.mana.red)
  end)
end)

describe("Alpha: Mana Short (a player target 413; tapping; mana leaving a pool)", function()
  it("all Bob's lands tapped, his pool emptied: no mana burn as the phase ends", function()
    local g, ann, bob = K.game()
    local lands = K.lands(g, bob, "GGR")
    K.main_phase(g)
    g:add_mana(bob, "{G}")
    K.cast(g, ann, "Mana Short", "UUU", { targets = { bob } })
    g:settle()
    for _, l in ipairs(lands) do assert.is_true(l.tapped) end
    assert.equal(0, bob.mana.green)
    g:beginning_of_combat()
    assert.equal(20, bob.life)
  end)
end)

describe("Alpha: Mesa Pegasus (flying 502.4, banding 502.10e)", function()
  it("is cast with {1}{W}; banded with a Grizzly Bears, it is blocked by a creature without flying "
    .. "that blocks the Bears (502.10e's example)", function()
    local g, ann, bob = K.game()
    local old = K.bf(g, "Mesa Pegasus", ann)
    local bears = K.bf(g, "Grizzly Bears", ann)
    local theirs = K.bf(g, "Grizzly Bears", bob)
    K.main_phase(g)
    local pegasus = K.cast(g, ann, "Mesa Pegasus", "WW")
    g:settle()
    assert.equal("battlefield", pegasus.zone)
    g:beginning_of_combat()
    g:attack_step({ old, bears }, { bands = { { old, bears } } })
    assert.is_true(g:check_block({ [theirs] = old }))   -- through the Bears, the band
    g:block_step({ [theirs] = bears })
    assert.is_true(old.blocked)
    g:damage_step()
    assert.equal(20, bob.life)
    assert.equal("graveyard", theirs.zone)          -- 1 + 2 damage
  end)

  it("a band of flyers can't be blocked by a creature without flying or reach", function()
    local g, ann, bob = K.game()
    local pegasus, angel = K.bf(g, "Mesa Pegasus", ann), K.bf(g, "Serra Angel", ann)
    local bears = K.bf(g, "Grizzly Bears", bob)
    K.main_phase(g)
    g:beginning_of_combat()
    g:attack_step({ pegasus, angel }, { bands = { { pegasus, angel } } })
    assert.is_false((g:check_block({ [bears] = pegasus })))
    g:block_step({})
    g:damage_step()
    assert.equal(15, bob.life)
  end)
end)

local function words_agent(old, new)
  return K.agent{ pick = function(what, options, ctx)
    if what == "word" then return ctx.replacing and new or old end
  end }
end

describe("Alpha: Magical Hack (418.5a layer 3 text-changing effects; 502.6 landwalk)", function()
  it("Bob's Bog Wraith's swampwalk becomes islandwalk: Ann's creature blocks it while she has a Swamp", function()
    local g, ann, bob = K.game()
    local wraith = K.bf(g, "Bog Wraith", bob)
    local bears = K.bf(g, "Grizzly Bears", ann)
    K.lands(g, ann, "B")
    K.main_phase(g, { ann = words_agent("Swamp", "Island") })
    K.cast(g, ann, "Magical Hack", "U", { targets = { wraith } })   -- the Island she pays with
    g:settle()
    assert.same({ true, false, { "Island" } }, { wraith:has("islandwalk"), wraith:has("swampwalk"),
      wraith:text_words() })
    g:set_active(bob)
    g:beginning_of_combat()
    g:attack_step({ wraith })
    assert.is_false((g:check_block({ [bears] = wraith })))        -- she controls an Island
  end)

  it("on Lord of Atlantis: the Merfolk it pumps have swampwalk instead; the Lord's own text, not theirs", function()
    local g, ann, bob = K.game()
    local lord = K.bf(g, "Lord of Atlantis", bob)
    local merfolk = K.bf(g, "Merfolk of the Pearl Trident", bob)
    K.main_phase(g, { ann = words_agent("Island", "Swamp") })
    assert.is_true(merfolk:has("islandwalk"))
    K.cast(g, ann, "Magical Hack", "U", { targets = { lord } })
    g:settle()
    assert.same({ true, false, 2, { "Swamp" }, {} },
      { merfolk:has("swampwalk"), merfolk:has("islandwalk"), merfolk.power, lord:text_words(),
        merfolk:text_words() })
    -- the Lord leaves: the Merfolk's granted walk goes with it; the Lord back reads "islandwalk"
    g:move(lord, "hand")
    assert.same({ false, false }, { merfolk:has("swampwalk"), merfolk:has("islandwalk") })
  end)
end)

-- The cards whose script reads a basic land type of their text (card.words.type) follow a
-- text-changing effect (418.5a layer 3: what Magical Hack makes): each does what its text says now.
describe("Alpha: Magical Hack on the cards that name a basic land type (418.5a layer 3; 212.6; 410; 418.5)", function()
  it("Flashfires (Plains -> Island) and Tsunami (Island -> Forest) changed on the stack destroy the new type", function()
    for _, t in ipairs({ { "Flashfires", "RRRR", "Plains", "Island", "W", "U" },
                         { "Tsunami", "GGGG", "Island", "Forest", "U", "G" } }) do
      local g, ann, bob = K.game()
      local old, new = K.lands(g, bob, t[5])[1], K.lands(g, bob, t[6])[1]
      K.main_phase(g)
      local obj = select(2, K.cast(g, ann, t[1], t[2]))
      g:add_static{ affects = obj, words = { [t[3]] = t[4] } }
      g:settle()
      assert.same({ "battlefield", "graveyard" }, { old.zone, new.zone })
    end
  end)

  it("410: Karma (Swamp -> Island) deals damage for Islands; Lifetap (Forest -> Mountain) gains for Mountains", function()
    local g, ann, bob = K.game()
    local karma, tap = K.bf(g, "Karma", ann), K.bf(g, "Lifetap", ann)
    g:add_static{ affects = karma, words = { Swamp = "Island" } }
    g:add_static{ affects = tap, words = { Forest = "Mountain" } }
    K.lands(g, bob, "UUB")
    local mountain, forest = K.lands(g, bob, "R")[1], K.lands(g, bob, "G")[1]
    K.main_phase(g)
    K.turn(g, bob)
    assert.equal(18, bob.life)                 -- two Islands, not the Swamp
    forest:tap()
    mountain:tap()
    g:settle()
    assert.equal(21, ann.life)
  end)

  it("418.5: Living Lands (Forest -> Island), Nightmare, Sedge Troll and Aspect of Wolf count the new type", function()
    local g, ann = K.game()
    local living = K.bf(g, "Living Lands", ann)
    local nightmare, troll = K.bf(g, "Nightmare", ann), K.bf(g, "Sedge Troll", ann)
    local bears, aspect = K.bf(g, "Grizzly Bears", ann), K.bf(g, "Aspect of Wolf", ann)
    g:attach(aspect, bears)
    local islands = K.lands(g, ann, "UUU")
    local forest = K.lands(g, ann, "G")[1]     -- and no Swamp: as printed, Nightmare is 0/0, the Troll 2/2
    for _, c in ipairs({ living, nightmare, troll, aspect }) do
      local from = c.words.type
      g:add_static{ affects = c, words = { [from] = "Island" } }
    end
    assert.same({ true, false, 3, 3, 3, 3, 3, 4 },
      { islands[1]:is("Creature"), forest:is("Creature"), islands[1].power + 2, nightmare.power,
        troll.power, nightmare.toughness, bears.power, bears.toughness })
  end)

  it("Burrowing, Conversion, Kormus Bell and Gauntlet of Might read their changed words (418.5; 212.6e; 502.6)", function()
    local g, ann, bob = K.game()
    local bears = K.bf(g, "Grizzly Bears", ann)
    local burrowing, conversion = K.bf(g, "Burrowing", ann), K.bf(g, "Conversion", ann)
    local bell, gauntlet = K.bf(g, "Kormus Bell", ann), K.bf(g, "Gauntlet of Might", ann)
    g:attach(burrowing, bears)
    g:add_static{ affects = burrowing, words = { Mountain = "Swamp" } }
    g:add_static{ affects = conversion, words = { Mountain = "Island" } }
    g:add_static{ affects = bell, words = { Swamp = "Forest", black = "green" } }
    g:add_static{ affects = gauntlet, words = { red = "green", Mountain = "Plains" } }
    local island, mountain = K.lands(g, bob, "U")[1], K.lands(g, bob, "R")[1]
    local forest = K.lands(g, ann, "G")[1]
    assert.same({ true, false, true, false, true },
      { bears:has("swampwalk"), bears:has("mountainwalk"), island:is("Plains"), mountain:is("Plains"),
        forest:is("Creature") })
    -- the Bell's Forests are green 1/1s, +1/+1 from the green Gauntlet; the Bears 3/3
    assert.same({ true, false, 2, 3 }, { forest:is("green"), forest:is("black"), forest.power, bears.power })
    K.main_phase(g)
    local plains = K.lands(g, ann, "W")[1]
    g:cast(ann, K.hand(g, K.life_spell("{W}{R}"), ann))       -- a Plains tapped for mana adds {R} too
    g:settle()
    assert.same({ 21, true }, { ann.life, plains.tapped })
  end)

  it("413: Volcanic Eruption's \"Mountains\" made \"Islands\" on the stack: its Mountain targets are illegal", function()
    local g, ann, bob = K.game()
    local m1, m2 = K.lands(g, bob, "R")[1], K.lands(g, bob, "R")[1]
    K.main_phase(g)
    local _, obj = K.cast(g, ann, "Volcanic Eruption", "UUUUU", { x = 2, targets = { m1, m2 } })
    g:add_static{ affects = obj, words = { Mountain = "Island" } }
    g:settle()
    assert.same({ "battlefield", "battlefield", 20 }, { m1.zone, m2.zone, bob.life })
  end)

  it("410.10, 500.1: Sea Serpent and Pirate Ship (Island -> Swamp) attack a player with a Swamp; with none, sacrificed", function()
    local g, ann, bob = K.game()
    local serpent, ship = K.bf(g, "Sea Serpent", ann), K.bf(g, "Pirate Ship", ann)
    K.lands(g, ann, "UB")
    K.lands(g, bob, "B")
    K.main_phase(g)
    g:add_static{ affects = serpent, words = { Island = "Swamp" } }
    g:settle()
    g:beginning_of_combat()
    assert.is_true((g:check_attack({ serpent })))                 -- Bob controls a Swamp, no Island
    assert.is_false((g:check_attack({ ship })))
    g:add_static{ affects = ship, words = { Island = "Plains" } }   -- Ann controls no Plains
    g:settle()
    assert.same({ "graveyard", "battlefield" }, { ship.zone, serpent.zone })
  end)
end)
