-- Protection (CompRules 502.7, 2005-2008): "protection from [quality]", a quality being a color
-- or a card type (502.7a). A permanent with protection can't be targeted by spells with the
-- quality or abilities from sources with it (502.7b), can't be enchanted by Auras with it, such
-- an Aura going to the graveyard as a state-based action (502.7c), has damage from sources with
-- it prevented (502.7e), and can't be blocked by creatures with it (502.7f). A trampler still
-- assigns lethal damage to a blocker with protection (502.9d). Example: White Knight.
local H = require("helpers")
local arbiter = H.arbiter

local knight_def = dofile("examples/cards/white_knight.lua").def

local function cr(g, p, name, pw, t, colors, abilities, types)
  return g:create(arbiter.card{ name = name, types = types or { "Creature" }, power = pw, toughness = t,
    colors = colors, abilities = abilities or {} }, { owner = p, zone = "battlefield", sick = false })
end

local function setup()
  local g, ann, bob = H.game()
  local knight = g:create(knight_def, { owner = ann, zone = "battlefield", sick = false })
  return g, ann, bob, knight
end

describe("502.7 protection", function()
  it("the vocabulary: colors and card types, any case; the name reads back; an unknown quality is refused", function()
    local g, ann, _, knight = setup()
    assert.is_true(knight:has("protection from black"))
    assert.is_true(knight:has("Protection From Black"))
    assert.is_false(knight:has("protection from red"))
    assert.are.same({ "first strike", "protection from black" }, knight:abilities())
    local golem = cr(g, ann, "Golem", 2, 2, nil, { "protection from artifacts" })
    assert.are.same({ "protection from artifacts" }, golem:abilities())
    assert.has_error(function() cr(g, ann, "Odd", 1, 1, nil, { "protection from purple" }) end)
    assert.has_error(function() knight:grant("protection from") end)
  end)

  it("502.7f: an attacker with protection from black can't be blocked by black creatures", function()
    local g, ann, bob, knight = setup()
    local zombie = cr(g, bob, "Zombie", 2, 2, { "black" })
    local soldier = cr(g, bob, "Soldier", 1, 1, { "white" })
    g:set_active(ann)
    g:declare_attackers({ knight })
    assert.is_false((g:check_block({ [zombie] = knight })))
    assert.is_true((g:check_block({ [soldier] = knight })))
    for _, decl in ipairs(g:legal_blocks()) do assert.is_nil(decl[zombie]) end
    assert.has_error(function() g:declare_blockers({ [zombie] = knight }) end)
  end)

  it("502.7f by card type: protection from artifacts and an artifact creature", function()
    local g, ann, bob = H.game()
    local a = cr(g, ann, "Warded", 2, 2, nil, { "protection from artifacts" })
    local golem = cr(g, bob, "Golem", 3, 3, nil, nil, { "Artifact", "Creature" })
    g:set_active(ann)
    g:declare_attackers({ a })
    assert.is_false((g:check_block({ [golem] = a })))
  end)

  it("502.7e: damage from a black source is prevented, from another is dealt", function()
    local g, ann, bob, knight = setup()
    local zombie = cr(g, bob, "Zombie", 2, 2, { "black" })
    local goblin = cr(g, bob, "Goblin", 1, 1, { "red" })
    g:damage(zombie, knight, 5)
    assert.are.equal(0, knight.damage)
    assert.are.equal(0, #H.events(g, "damage"))
    assert.are.equal("battlefield", knight.zone)
    g:damage(goblin, knight, 1)
    assert.are.equal(1, knight.damage)
    assert.are.equal(ann, knight.controller)
  end)

  it("502.7e in combat: the Knight blocks a black attacker and takes none of its damage", function()
    local g, ann, bob, knight = setup()
    local zombie = cr(g, bob, "Zombie", 4, 4, { "black" })
    g:set_active(bob)
    g:declare_attackers({ zombie })
    g:declare_blockers({ [knight] = zombie })   -- protection doesn't stop it blocking
    g:combat_damage()
    assert.are.equal("battlefield", knight.zone)
    assert.are.equal(0, knight.damage)
    assert.are.equal(2, zombie.damage)        -- the Knight's first strike was dealt
    assert.are.equal(20, ann.life)
  end)

  it("502.9d: a black trampler assigns lethal damage to the Knight (prevented), the rest to the player", function()
    local g, ann, bob, knight = setup()
    local wurm = cr(g, bob, "Wurm", 6, 6, { "black" }, { "trample" })
    g:set_active(bob)
    g:declare_attackers({ wurm })
    g:declare_blockers({ [knight] = wurm })
    g:combat_damage()
    assert.are.equal(16, ann.life)            -- 2 to the Knight (its toughness), 4 trample over
    assert.are.equal(0, knight.damage)
    assert.are.equal("battlefield", knight.zone)
  end)

  it("502.7b: a black spell can't target it; a red one can; nor an ability from a black source", function()
    local g, _, bob, knight = setup()
    local doom = arbiter.card{ name = "Doom", types = { "Instant" }, colors = { "black" },
      targets = { "creature" }, resolve = function(obj, game) game:destroy(obj.targets[1]) end }
    local shock = arbiter.card{ name = "Shock", types = { "Instant" }, colors = { "red" },
      targets = { "creature" }, resolve = function(obj, game) game:damage(obj.card, obj.targets[1], 1) end }
    local d = g:create(doom, { owner = bob, zone = "hand" })
    local before = g:state_hash()
    local ok, err = pcall(g.cast, g, bob, d, { targets = { knight } })
    assert.is_false(ok)
    assert.matches("not a legal", err)
    assert.are.equal(before, g:state_hash())
    local s = g:create(shock, { owner = bob, zone = "hand" })
    g:cast(bob, s, { targets = { knight } })
    g:settle()
    assert.are.equal(1, knight.damage)
    local pinger = g:create(arbiter.card{ name = "Black Pinger", types = { "Creature" }, colors = { "black" },
      power = 0, toughness = 1, activated = { { cost = "{T}", targets = { "creature" },
        effect = function(obj, game) game:damage(obj.card, obj.targets[1], 1) end } } },
      { owner = bob, zone = "battlefield", sick = false })
    assert.has_error(function() g:activate(bob, pinger, 1, { targets = { knight } }) end)
    assert.is_false(pinger.tapped)
  end)

  it("502.7c: a black Aura can't be attached; one already attached goes to the graveyard", function()
    local g, ann, bob, knight = setup()
    local aura_def = arbiter.card{ name = "Black Aura", types = { "Enchantment" }, subtypes = { "Aura" },
      colors = { "black" }, targets = { "creature" } }
    local aura = g:create(aura_def, { owner = bob, zone = "battlefield" })
    g:attach(aura, knight)
    assert.is_nil(aura.attached_to)
    local bear = cr(g, ann, "Bear", 2, 2, { "green" })
    g:attach(aura, bear)
    assert.are.equal(bear, aura.attached_to)
    bear:grant("protection from black")
    g:check_state()
    assert.are.equal("graveyard", aura.zone)
    local aura2 = g:create(aura_def, { owner = bob, zone = "hand" })
    assert.has_error(function() g:cast(bob, aura2, { targets = { knight } }) end)
  end)

  it("a player with protection (an effect on players): red damage prevented, red spells can't target", function()
    local g, ann, bob = H.game()
    local goblin = cr(g, bob, "Goblin", 2, 2, { "red" })
    local bear = cr(g, bob, "Bear", 2, 2, { "green" })
    local h = g:add_static{ affects = ann, abilities = { "protection from red" } }
    g:damage(goblin, ann, 3)
    assert.are.equal(20, ann.life)
    g:damage(bear, ann, 1)
    assert.are.equal(19, ann.life)
    local shock = arbiter.card{ name = "Shock", types = { "Instant" }, colors = { "red" },
      targets = { "creature or player" }, resolve = function(obj, game) game:damage(obj.card, obj.targets[1], 2) end }
    local s = g:create(shock, { owner = bob, zone = "hand" })
    assert.has_error(function() g:cast(bob, s, { targets = { ann } }) end)
    g:cast(bob, s, { targets = { bob } })
    g:settle()
    assert.are.equal(18, bob.life)
    g:remove_static(h)
    g:damage(goblin, ann, 3)
    assert.are.equal(16, ann.life)
    assert.has_error(function() g:add_static{ affects = { ann, bear }, abilities = { "protection from red" } } end)
  end)

  it("a player's protection with an exception (except): that object still targets and damages the player (502.7)", function()
    local g, ann, bob = H.game()
    local goblin = cr(g, bob, "Goblin", 2, 2, { "red" })
    local other = cr(g, bob, "Other Goblin", 2, 2, { "red" })
    g:add_static{ affects = ann, abilities = { "protection from red" }, except = goblin }
    g:damage(other, ann, 3)
    assert.are.equal(20, ann.life)
    g:damage(goblin, ann, 3)
    assert.are.equal(17, ann.life)
    local shock = arbiter.card{ name = "Shock", types = { "Instant" }, colors = { "red" },
      targets = { "creature or player" }, resolve = function(obj, game) game:damage(obj.card, obj.targets[1], 2) end }
    local s = g:create(shock, { owner = bob, zone = "hand" })
    assert.has_error(function() g:cast(bob, s, { targets = { ann } }) end)   -- not the excepted object
    assert.error_matches(function() g:add_static{ affects = ann, prohibit = "draw", except = goblin } end,
      "field 'except'", 1, true)
  end)
end)
