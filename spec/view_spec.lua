-- g:view(p): the game as one player sees it, as plain data (the contract's "Version 3: the
-- details"). Hidden information (zones, 217): a library is face down and no one may look at it
-- (217.2a; its count is public), a hand is its owner's (217.3a), a graveyard is face up (217.4a),
-- in play, the stack and removed-from-game cards are public (217.5-217.7).
local H = require("spec.helpers")
local arbiter = H.arbiter
local json = require("dkjson")

local mountain = arbiter.card{ name = "Mountain", types = { "Land" }, subtypes = { "Mountain" }, supertypes = { "Basic" } }
local bolt = arbiter.card{ name = "Lightning Bolt", types = { "Instant" }, colors = { "red" }, cost = "{R}",
  targets = { "creature or player" },
  resolve = function(obj, g, source) if obj.targets[1] then g:damage(source, obj.targets[1], 3) end end }
local aura = arbiter.card{ name = "Holy Strength", types = { "Enchantment" }, subtypes = { "Aura" } }

-- the table holds only strings, numbers, booleans and tables of them, and no handle
local function plain(v, where)
  local t = type(v)
  if t == "table" then
    assert.is_nil(getmetatable(v), where .. " has a metatable")
    for k, x in pairs(v) do plain(x, where .. "." .. tostring(k)) end
  else
    assert.is_true(t == "string" or t == "number" or t == "boolean", where .. " is a " .. t)
  end
end

local function by_id(list, id)
  for _, c in ipairs(list) do if c.id == id then return c end end
end

describe("g:view(p)", function()
  it("217.3a: the owner sees its hand; the opponent sees the same cards as {hidden = true, id}", function()
    local g, ann, bob = H.game()
    local a = g:create(H.bear, { owner = ann, zone = "hand" })
    local b = g:create(bolt, { owner = bob, zone = "hand" })
    local va, vb = g:view(ann), g:view(bob)
    assert.equal(1, va.you)
    assert.equal(2, vb.you)
    assert.equal("Grizzly Bears", va.players[1].hand[1].name)
    assert.same({ hidden = true, id = b.id }, va.players[2].hand[1])
    assert.same({ hidden = true, id = a.id }, vb.players[1].hand[1])
    assert.equal("Lightning Bolt", vb.players[2].hand[1].name)
    assert.same({ "red" }, vb.players[2].hand[1].colors)
  end)

  it("217.2a: a library is no one's: only its count", function()
    local g, ann, bob = H.game()
    H.deck(g, ann, 4)
    local v = g:view(ann)
    assert.same({ count = 4 }, v.players[1].library)
    assert.same({ count = 0 }, v.players[2].library)
    assert.same({ count = 4 }, g:view(bob).players[1].library)
  end)

  it("217.4a: a graveyard is everyone's, in order; the battlefield shows current characteristics", function()
    local g, ann, bob = H.game()
    local gy = g:create(H.bear, { owner = bob, zone = "graveyard" })
    local bear = g:create(H.bear, { owner = ann, zone = "battlefield" })
    g:add_static{ affects = bear, power = 1, toughness = 1, abilities = { "flying" } }   -- 418.5: the layers
    bear:add_counters("+1/+1", 2)
    bear:tap()
    local ench = g:create(aura, { owner = ann, zone = "battlefield" })
    g:attach(ench, bear)
    local v = g:view(ann)
    assert.equal("Grizzly Bears", v.players[2].graveyard[1].name)
    assert.equal(gy.id, g:view(bob).players[2].graveyard[1].id)
    local b = by_id(v.battlefield, bear.id)
    assert.equal(5, b.power)          -- 2 printed, +1 effect, +2 counters
    assert.equal(5, b.toughness)
    assert.is_true(b.tapped)
    assert.same({ ["+1/+1"] = 2 }, b.counters)
    assert.same({ "flying" }, b.abilities)
    assert.same({ "Creature" }, b.types)
    assert.same({ "Bear" }, b.subtypes)
    assert.equal(1, b.owner)
    assert.equal(1, b.controller)
    assert.equal(bear.id, by_id(v.battlefield, ench.id).attached_to)
    assert.is_nil(by_id(v.battlefield, ench.id).power)    -- not a creature
  end)

  it("418.5a layer 4: the battlefield shows the subtypes effects set or add, not the printed ones", function()
    local g, ann = H.game()
    local land = g:create(mountain, { owner = ann, zone = "battlefield" })
    local bear = g:create(H.bear, { owner = ann, zone = "battlefield" })
    local e = g:add_static{ affects = land, subtypes = { "Plains" } }      -- "is a Plains" (Conversion)
    g:add_static{ affects = bear, add_subtypes = { "Zombie" } }
    local v = g:view(ann)
    assert.same({ { "Plains" }, { "Bear", "Zombie" } },
      { by_id(v.battlefield, land.id).subtypes, by_id(v.battlefield, bear.id).subtypes })
    g:remove_static(e)
    assert.same({ "Mountain" }, by_id(g:view(ann).battlefield, land.id).subtypes)
  end)

  it("turn, step, active player, priority and life totals are indices and numbers", function()
    local g, ann, bob = H.game()
    bob.life = 17
    g:add_mana(ann, "{R}{R}")
    local v = g:view(bob)
    assert.equal(g.turn, v.turn)
    assert.equal(17, v.players[2].life)
    assert.equal("Bob", v.players[2].name)
    assert.equal(2, v.players[1].mana.red)
    assert.equal(1, v.active)
    assert.equal(2, #v.players)
  end)

  it("the stack: each object with its card, controller and targets; its card is public", function()
    local g, ann, bob = H.game()
    g:create(mountain, { owner = ann, zone = "battlefield" })
    local b = g:create(bolt, { owner = ann, zone = "hand" })
    g:cast(ann, b, { targets = { bob } })
    local v = g:view(bob)
    assert.equal(1, #v.stack)
    assert.equal("spell", v.stack[1].kind)
    assert.equal(1, v.stack[1].controller)
    assert.equal("Lightning Bolt", v.stack[1].card.name)
    assert.same({ { what = "player", index = 2 } }, v.stack[1].targets)
    assert.same({}, v.players[1].hand)
  end)

  it("is plain data that survives a JSON round trip unchanged (dkjson)", function()
    local g, ann, bob = H.game()
    H.deck(g, ann, 3)
    g:create(H.bear, { owner = bob, zone = "hand" })
    g:create(H.bear, { owner = ann, zone = "battlefield" }):add_counters("+1/+1", 1)
    g:create(mountain, { owner = ann, zone = "battlefield" })
    g:cast(ann, g:create(bolt, { owner = ann, zone = "hand" }), { targets = { bob } })
    for _, p in ipairs(g.players) do
      local v = g:view(p)
      plain(v, "view")
      local back = json.decode(json.encode(v))
      assert.same(v, back)
    end
  end)

  it("changes nothing in the game", function()
    local g, ann = H.game()
    H.deck(g, ann, 3)
    g:create(H.bear, { owner = ann, zone = "battlefield" })
    local before, n = g:state_hash(true), g:history_length()
    g:view(ann)
    assert.equal(before, g:state_hash(true))
    assert.equal(n, g:history_length())
  end)

  it("bad input: a player of another game or not a player, naming g:view's argument", function()
    local g = H.game()
    local _, other = H.game()
    assert.has_error(function() g:view(other) end, "bad argument #1 to 'view' (player of another game: Ann)")
    assert.has_error(function() g:view(3) end)
    local ok, err = pcall(g.view, g, "Ann")
    assert.is_false(ok)
    assert.matches("bad argument #1 to 'view' %(player expected", err)
  end)
end)
