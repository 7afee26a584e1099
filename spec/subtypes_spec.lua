-- Subtypes set or added by continuous effects (418.5a layer 4 of the era: type-changing effects
-- change subtypes too), land types and their mana abilities (212.6e), granted activated
-- abilities (add_static{activated}), activation conditions, and "can't be regenerated" as an
-- ability with a duration (419.6b).
local H = require("spec.helpers")
local arbiter = H.arbiter
local K = require("spec.sets.alpha.kit")
local alpha = K.alpha

local tower = arbiter.card{ name = "Test Tower", types = { "Land" }, subtypes = { "Mountain" },
  activated = { { cost = "{T}", effect = function(obj, g) g:gain_life(obj.controller, 1) end } } }
local goblin = arbiter.card{ name = "Test Goblin", types = { "Creature" }, subtypes = { "Goblin", "Warrior" },
  power = 1, toughness = 1, activated = { { cost = "{0}", effect = function() end } } }

describe("subtypes set by an effect (418.5a layer 4)", function()
  it("a land type set replaces every land type, a creature type every creature type; add_subtypes keeps", function()
    local g, ann = K.game()
    local land = g:create(alpha["Badlands"], { owner = ann, zone = "battlefield" })
    local gob = g:create(goblin, { owner = ann, zone = "battlefield" })
    g:add_static{ affects = land, subtypes = { "Plains" } }
    assert.same({ true, false, false }, { land:is("Plains"), land:is("Swamp"), land:is("Mountain") })
    g:add_static{ affects = gob, subtypes = { "Zombie" } }
    assert.same({ true, false, false }, { gob:is("Zombie"), gob:is("Goblin"), gob:is("Warrior") })
    g:add_static{ affects = gob, add_subtypes = { "Goblin" } }
    assert.same({ true, true }, { gob:is("Zombie"), gob:is("Goblin") })
  end)

  it("212.6e: a land whose type is set loses its rules text's abilities and has the new type's mana ability", function()
    local g, ann = K.game()
    local t = g:create(tower, { owner = ann, zone = "battlefield" })
    K.main_phase(g)
    local e = g:add_static{ affects = t, subtypes = { "Island" } }
    assert.error_matches(function() g:activate(ann, t, 2) end, "no activated ability")
    g:activate(ann, t, 1)                       -- its one ability now: {T}: add {U}
    assert.same({ 1, true }, { ann.mana.blue, t.tapped })
    t:untap()
    g:remove_static(e)
    g:activate(ann, t, 1)                       -- its own again
    g:settle()
    assert.equal(21, ann.life)
  end)

  it("212.6e: a land type added keeps the old ones and their abilities, and adds the new one's", function()
    local g, ann = K.game()
    local m = K.lands(g, ann, "R")[1]
    g:add_static{ affects = m, add_subtypes = { "Island" } }
    assert.same({ true, true }, { m:is("Mountain"), m:is("Island") })
    K.main_phase(g)
    g:cast(ann, K.hand(g, K.life_spell("{U}"), ann))
    g:settle()
    assert.same({ true, 21 }, { m.tapped, ann.life })
  end)

  it("timestamp order within the layer: the later set wins; the result survives clone, and a failed action is undone (422)", function()
    local g, ann = K.game()
    local m = K.lands(g, ann, "R")[1]
    g:add_static{ affects = m, subtypes = { "Plains" } }
    g:add_static{ affects = m, subtypes = { "Swamp" } }
    assert.same({ true, false }, { m:is("Swamp"), m:is("Plains") })
    local h0 = g:state_hash()
    local ok = g:attempt(function(game) game:add_static{ affects = m, subtypes = { "Forest" } }; error("no") end)
    assert.is_false(ok)
    assert.same({ true, false, h0 }, { m:is("Swamp"), m:is("Forest"), g:state_hash() })
    local c = g:clone()
    assert.same({ true, h0 }, { c:card(m.id):is("Swamp"), c:state_hash() })
  end)

  it("212.6e, one game's: a land-type effect in one game changes no other game's lists, nor its speed", function()
    local g1, ann1 = K.game()
    local g2, ann2 = K.game()
    local t1 = g1:create(tower, { owner = ann1, zone = "battlefield" })
    local t2 = g2:create(tower, { owner = ann2, zone = "battlefield" })
    K.main_phase(g1)
    K.main_phase(g2)
    g1:add_static{ affects = t1, subtypes = { "Island" } }
    local env = require("arbiter.internal")._env
    -- only g1 asks the core for changed ability lists (arbiter.mana): g2 reads its definitions'
    assert.same({ true }, { env[g1].xact_used, env[g2].xact_used })
    local c1 = g1:clone()
    assert.is_true(require("arbiter.internal")._env[c1].xact_used)    -- a clone made after keeps it
    g2:activate(ann2, t2, 1)                    -- g2's tower still has its own ability
    g2:settle()
    assert.equal(21, ann2.life)
    local cann = c1.players[1]
    assert.error_matches(function() c1:activate(cann, c1:permanents(cann)[1], 2) end, "no activated ability")
  end)

  it("a creature type must exist (212.1e): the Oracle's list or a subtype of this game's cards; the game unchanged", function()
    local g, ann = K.game()
    local m = K.lands(g, ann, "R")[1]
    local h0 = g:state_hash()
    assert.error_matches(function() g:add_static{ affects = m, add_subtypes = { "Truck" } } end,
      "'add_static' %(field 'add_subtypes': unknown subtype 'Truck' %(212.1e")
    assert.error_matches(function() g:add_static{ affects = m, subtypes = { "Merfolk", "Lord" } } end,
      "unknown subtype 'Lord'")        -- Lord went in 2007's update: Lord of Atlantis is a Merfolk
    assert.same({ h0, false }, { g:state_hash(), m:is("Golem") })
    g:add_static{ affects = m, add_subtypes = { "Golem" }, types = { "Creature" } }
    assert.is_true(m:is("Golem"))
    -- a game's own cards may have types of their own: then they exist in it
    g:create(arbiter.card{ name = "Rig", types = { "Creature" }, subtypes = { "Truck" }, power = 1, toughness = 1 },
      { owner = ann })
    g:add_static{ affects = m, add_subtypes = { "Truck" } }
    assert.is_true(m:is("Truck"))
  end)

  it("bad input: an uncapitalized subtype, subtypes with add_subtypes, too many subtypes; the game unchanged", function()
    local g, ann = K.game()
    local m = K.lands(g, ann, "R")[1]
    local h0 = g:state_hash()
    assert.error_matches(function() g:add_static{ affects = m, subtypes = { "plains" } } end,
      "field 'subtypes': unknown subtype 'plains'")
    assert.error_matches(function() g:add_static{ affects = m, subtypes = { "Plains" }, add_subtypes = { "Island" } } end,
      "add_subtypes")
    assert.error_matches(function() g:add_static{ affects = m, add_subtypes = { 3 } } end, "add_subtypes")
    assert.error_matches(function()
      g:add_static{ affects = m, add_subtypes = { "Island", "Swamp", "Forest", "Plains", "Desert", "Lair" } }
    end, "more than 6 subtypes")
    assert.same({ h0, true }, { g:state_hash(), m:is("Mountain") })
  end)
end)

describe("activated abilities granted by an effect (add_static{activated}; 418.5a layer 5)", function()
  it("numbered after the card's own, in timestamp order; listed by c:abilities(); gone with the effect", function()
    local g, ann = K.game()
    local gob = g:create(goblin, { owner = ann, zone = "battlefield" })
    local e1 = g:add_static{ affects = gob, activated = { { cost = "{0}", effect = function(obj, game) game:gain_life(obj.controller, 1) end } } }
    g:add_static{ affects = gob, activated = { { cost = "{0}", effect = function(obj, game) game:gain_life(obj.controller, 10) end } } }
    K.main_phase(g)
    g:activate(ann, gob, 3); g:settle()
    assert.equal(30, ann.life)
    g:activate(ann, gob, 2); g:settle()
    assert.equal(31, ann.life)
    assert.equal(2, #gob:abilities())
    g:remove_static(e1)
    g:activate(ann, gob, 2); g:settle()
    assert.equal(41, ann.life)
    assert.error_matches(function() g:activate(ann, gob, 3) end, "no activated ability")
  end)

  it("'loses all abilities' removes a granted ability (it is an ability of the card, 418.5a layer 5)", function()
    local g, ann = K.game()
    local gob = g:create(goblin, { owner = ann, zone = "battlefield" })
    g:add_static{ affects = gob, activated = { { cost = "{0}", effect = function() end } } }
    g:add_static{ affects = gob, remove_abilities = "all" }
    K.main_phase(g)
    assert.error_matches(function() g:activate(ann, gob, 2) end, "no activated ability")
  end)

  it("bad input: not a list, an entry without an effect, a bad cost; the game unchanged", function()
    local g, ann = K.game()
    local gob = g:create(goblin, { owner = ann, zone = "battlefield" })
    local h0 = g:state_hash()
    assert.error_matches(function() g:add_static{ affects = gob, activated = 3 } end, "activated")
    assert.error_matches(function() g:add_static{ affects = gob, activated = { { cost = "{0}" } } } end, "needs an effect")
    assert.error_matches(function() g:add_static{ affects = gob, activated = { { cost = "{Q}", effect = print } } } end,
      "activated%[1%]%.cost")
    assert.equal(h0, g:state_hash())
  end)
end)

describe("activation conditions (an activated entry's condition)", function()
  it("checked on every activation: refused with its reason, the game unchanged (422)", function()
    local g, ann = K.game()
    local def = arbiter.card{ name = "Test Upkeep Rock", types = { "Artifact" },
      activated = { { cost = "{0}", condition = function(game) return game.step == "upkeep", "only during your upkeep" end,
        effect = function(obj, game) game:gain_life(obj.controller, 1) end } } }
    local rock = g:create(def, { owner = ann, zone = "battlefield" })
    K.main_phase(g)
    local h0 = g:state_hash()
    assert.error_matches(function() g:activate(ann, rock, 1) end, "only during your upkeep")
    assert.equal(h0, g:state_hash())
    assert.error_matches(function()
      arbiter.card{ name = "Bad", types = { "Artifact" }, activated = { { cost = "{0}", condition = 1, effect = print } } }
    end, "condition must be a function")
  end)
end)

describe("\"can't be regenerated\" as an ability (419.6b) with a duration", function()
  it("no regeneration shield applies while it has it; after the turn a shield works again", function()
    local g, ann = K.game()
    local bear = g:create(H.bear, { owner = ann, zone = "battlefield" })
    g:add_static{ affects = bear, abilities = { "can't be regenerated" }, duration = "end_of_turn" }
    assert.is_true(bear:has("can't be regenerated"))
    g:regenerate(bear)
    g:destroy(bear)
    assert.equal("graveyard", bear.zone)
    local other = g:create(H.bear, { owner = ann, zone = "battlefield" })
    g:add_static{ affects = other, abilities = { "can't be regenerated" }, duration = "end_of_turn" }
    g:play_turn(ann); g:end_turn()
    g:regenerate(other)
    g:destroy(other)
    assert.equal("battlefield", other.zone)
  end)
end)
