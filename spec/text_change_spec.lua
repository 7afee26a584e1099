-- Text-changing effects (the era's 418.5a: copy effects, then control-changing, then
-- text-changing, then type-changing effects ...) and exceptions to an effect (add_static{except}).
-- A text-changing effect (g:add_static{words = {old = new}}) replaces every instance of a color word
-- or basic land type in an object's text: its definition's `words` (what its script reads as
-- c.words) and its printed keywords' parameters ("protection from black" 502.7, "swampwalk" 502.6).
-- Abilities other effects grant are their sources' text; a static ability of a permanent grants
-- what its own text reads now. Copies copy the printed text (503.2: other effects aren't copied).
local H = require("helpers")
local arbiter = H.arbiter

local knight = arbiter.card{ name = "Knight", types = { "Creature" }, colors = { "white" }, power = 2, toughness = 2,
  abilities = { "protection from black", "swampwalk" } }
local hater = arbiter.card{ name = "Hater", types = { "Creature" }, colors = { "black" }, power = 1, toughness = 1,
  words = { color = "red", land = "Island" } }
local zombie = arbiter.card{ name = "Zombie", types = { "Creature" }, colors = { "black" }, power = 2, toughness = 2 }
local island = arbiter.card{ name = "Island", types = { "Land" }, subtypes = { "Island" }, supertypes = { "Basic" } }
local white_aura = arbiter.card{ name = "White Aura", types = { "Enchantment" }, subtypes = { "Aura" },
  colors = { "white" }, enchant = "creature", targets = { "creature" } }

local function bf(g, p, def) return g:create(def, { owner = p, zone = "battlefield", sick = false }) end

describe("418.5a layer 3: text-changing effects", function()
  it("502.7, 502.6: keyword parameters and a script's words change; undone when the effect ends", function()
    local g, ann = H.game()
    local k, h = bf(g, ann, knight), bf(g, ann, hater)
    local e = g:add_static{ affects = { k, h }, words = { black = "white", Swamp = "Plains", Island = "Swamp" } }
    assert.same({ true, true, false, false }, { k:has("protection from white"), k:has("plainswalk"),
      k:has("protection from black"), k:has("swampwalk") })
    assert.same({ { "white", "Plains" }, { color = "red", land = "Swamp" } }, { k:text_words(), h.words })
    g:remove_static(e)
    assert.same({ true, true, { color = "red", land = "Island" } },
      { k:has("protection from black"), k:has("swampwalk"), h.words })
  end)

  it("418.5a: an unchanged text's words are its definition's table; a changed text's a new one", function()
    local g, ann = H.game()
    local h = bf(g, ann, hater)
    assert.equal(hater.words, h.words)   -- read by predicates for each card: no table built per read
    local e = g:add_static{ affects = h, words = { red = "blue" } }
    assert.are_not.equal(hater.words, h.words)
    assert.same({ { color = "blue", land = "Island" }, { color = "red", land = "Island" } }, { h.words, hater.words })
    g:remove_static(e)
    assert.equal(hater.words, h.words)
  end)

  it("418.5a: effects in timestamp order: black -> white, then white -> green reads green", function()
    local g, ann = H.game()
    local k = bf(g, ann, knight)
    g:add_static{ affects = k, words = { black = "white" } }
    g:add_static{ affects = k, words = { white = "green" } }
    assert.same({ true, { "green", "Swamp" } }, { k:has("protection from green"), k:text_words() })
  end)

  it("502.7: abilities an effect grants are its source's text: a static ability reads its source's words now", function()
    local g, ann, bob = H.game()
    local k = bf(g, ann, knight)
    local lord = bf(g, ann, arbiter.card{ name = "Lord", types = { "Creature" }, power = 1, toughness = 1,
      words = { color = "red", walk = "Island" },
      install = arbiter.installer(function(game, card)     -- a static ability (its install made it)
        return game:add_static{ source = card, affects = function(c) return c.name == "Knight" end,
          abilities = { "protection from red", "islandwalk" } }
      end) })
    -- a text change on the creature doesn't touch what another effect grants it
    g:add_static{ affects = k, words = { black = "red" } }
    assert.same({ true, true }, { k:has("protection from red"), k:has("islandwalk") })
    -- on the source, it changes what the source grants (written as printed): 418.5a
    local z = bf(g, bob, zombie)
    g:add_static{ affects = lord, words = { red = "black", Island = "Swamp" } }
    assert.same({ true, true, false }, { k:has("protection from black"), k:has("swampwalk"), k:has("islandwalk") })
    g:set_active(ann)
    g:begin_turn(ann); g:beginning_of_combat(); g:attack_step({ k })
    assert.is_false((g:check_block({ [z] = k })))                 -- 502.7f
  end)

  it("502.6b: a land type a static ability sets follows its source's text; an activated ability's keeps its word", function()
    local g, ann = H.game()
    local land, other = bf(g, ann, island), bf(g, ann, island)
    local presence = bf(g, ann, arbiter.card{ name = "Presence", types = { "Enchantment" }, words = { type = "Swamp" },
      install = arbiter.installer(function(game, card)
        return game:add_static{ source = card, affects = function(c) return c == game:card(land.id) end,
          subtypes = { "Swamp" } }
      end) })
    -- an effect an activated ability made (a source, but not its install): "becomes a Swamp" stays
    g:add_static{ source = presence, affects = other, subtypes = { "Swamp" } }
    assert.same({ true, false, true }, { land:is("Swamp"), land:is("Island"), other:is("Swamp") })
    g:add_static{ affects = presence, words = { Swamp = "Mountain" } }
    assert.same({ true, false, { type = "Mountain" }, true, false },
      { land:is("Mountain"), land:is("Swamp"), presence.words, other:is("Swamp"), other:is("Mountain") })
  end)

  it("503.2: a copy has the copied card's printed text; its own text change applies after (layer 3)", function()
    local g, ann = H.game()
    local k = bf(g, ann, knight)
    g:add_static{ affects = k, words = { black = "red" } }
    local c = bf(g, ann, zombie)
    g:add_static{ affects = c, copy = k }
    assert.same({ true, false }, { c:has("protection from black"), c:has("protection from red") })
    g:add_static{ affects = c, words = { black = "blue" } }
    assert.same({ true, { "blue", "Swamp" } }, { c:has("protection from blue"), c:text_words() })
  end)

  it("217.1c: the change belongs to the object: the card back in play has its printed text", function()
    local g, ann = H.game()
    local k = bf(g, ann, knight)
    g:add_static{ affects = k, words = { black = "red" } }
    g:move(k, "hand")
    g:move(k, "battlefield")
    assert.same({ "black", "Swamp" }, k:text_words())
  end)

  it("502.7: two instances that the change makes the same ability count as two (c:count)", function()
    local g, ann = H.game()
    local paladin = arbiter.card{ name = "Paladin", types = { "Creature" }, power = 1, toughness = 1,
      abilities = { "protection from white", "protection from black" } }
    local k = bf(g, ann, paladin)
    assert.same({ 1, 1 }, { k:count("protection from black"), k:count("protection from white") })
    local e = g:add_static{ affects = k, words = { white = "black" } }
    assert.same({ 2, 0 }, { k:count("protection from black"), k:count("protection from white") })
    g:remove_static(e)
    assert.same({ 1, 1 }, { k:count("protection from black"), k:count("protection from white") })
  end)

  it("422: bad words are refused naming the field, and the game is as it was", function()
    local g, ann = H.game()
    local k = bf(g, ann, knight)
    local h = g:state_hash()
    assert.has_error(function() g:add_static{ affects = k, words = { black = "Plains" } } end)
    assert.has_error(function() g:add_static{ affects = k, words = { purple = "white" } } end)
    assert.has_error(function() g:add_static{ affects = k, words = { black = "black" } } end)
    assert.has_error(function() g:add_static{ affects = k, words = { red = "white" } } end,
      "bad argument #1 to 'add_static' (field 'words': the text of Knight#" .. k.id .. " has no word 'red')")
    assert.has_error(function() g:add_static{ affects = k, words = { red = "white", Forest = "Island" } } end,
      "bad argument #1 to 'add_static' (field 'words': the text of Knight#" .. k.id .. " has no word 'red' nor any "
        .. "other it replaces)")
    assert.has_error(function() arbiter.card{ name = "X", words = { color = "purple" } } end)
    assert.equal(h, g:state_hash())
  end)
end)

describe("add_static{except}: an effect that doesn't apply to one object (502.7c, 212.4)", function()
  it("502.7c: protection that excepts its Aura keeps it attached; another Aura of that color goes", function()
    local g, ann = H.game()
    local z = bf(g, ann, zombie)
    local ward, other = bf(g, ann, white_aura), bf(g, ann, white_aura)
    g:attach(ward, z)
    g:attach(other, z)
    g:add_static{ source = ward, affects = z, abilities = "protection from white", except = ward }
    g:settle()
    assert.same({ "battlefield", z, "graveyard" }, { ward.zone, ward.attached_to, other.zone })
  end)

  it("502.7c: each instance is its effect's: protection another effect grants still removes the excepted Aura", function()
    local g, ann = H.game()
    local z = bf(g, ann, zombie)
    local ward = bf(g, ann, white_aura)
    g:attach(ward, z)
    g:add_static{ source = ward, affects = z, abilities = "protection from white", except = ward }
    g:add_static{ affects = z, abilities = "protection from white" }
    g:settle()
    assert.equal("graveyard", ward.zone)
  end)

  it("212.4: \"can't be enchanted by other Auras\": the excepted Aura stays, another can't attach", function()
    local g, ann = H.game()
    local land = bf(g, ann, island)
    local mine = bf(g, ann, arbiter.card{ name = "Mine", types = { "Enchantment" }, subtypes = { "Aura" },
      enchant = "land", targets = { "land" } })
    local theirs = bf(g, ann, arbiter.card{ name = "Theirs", types = { "Enchantment" }, subtypes = { "Aura" },
      enchant = "land", targets = { "land" } })
    g:attach(mine, land)
    g:add_static{ source = mine, affects = land, prohibit = "be enchanted", except = mine }
    assert.is_false(g:attach(theirs, land))
    g:settle()
    assert.same({ "battlefield", land, "graveyard" }, { mine.zone, mine.attached_to, theirs.zone })
  end)

  it("422: except without a prohibition or protection, or not a card: an error naming the field", function()
    local g, ann = H.game()
    local z = bf(g, ann, zombie)
    assert.has_error(function() g:add_static{ affects = z, power = 1, except = z } end)
    assert.has_error(function() g:add_static{ affects = z, prohibit = "attack", except = 3 } end)
  end)
end)
