-- A card's fields (c.id, c.controller, c.tapped ...) are found by their name's length and first
-- byte (csrc/lcard.c, card_field_of); any other name falls back to the card's definition table,
-- where a script may keep its own data. A definition holding every field's name with another
-- value tells which path answered: each field must be the card's, each near miss the definition's.
local H = require("spec.helpers")
local arbiter = H.arbiter

local FIELDS = { "id", "name", "owner", "controller", "zone", "tapped", "power", "toughness", "damage",
  "sick", "attacking", "blocked", "blocking", "definition", "attached_to", "token", "face_down", "words" }

-- names of a field's length, some with its first byte, that aren't fields
local MISSES = { "ix", "is_", "nome", "zon_", "sock", "zzzz", "owned", "powers", "tokey", "wordy", "tappet",
  "damags", "blockee", "blocker", "toughnest", "attackinG", "face_up_x", "controlled", "definitely",
  "attached_x", "i", "", "attached_to_", "Controller" }

local function shadowed()
  local def = arbiter.card{ name = "Shadowed", types = { "Creature" }, power = 2, toughness = 3,
    words = { color = "white" } }
  return def
end

describe("a card's fields by name", function()
  it("each field is the card's, not its definition's value of that name", function()
    local g, ann = H.game()
    local def = shadowed()
    local c = g:create(def, { owner = ann, zone = "battlefield" })
    for _, f in ipairs(FIELDS) do
      if f ~= "power" and f ~= "toughness" and f ~= "name" and f ~= "words" then def[f] = "shadow " .. f end
    end
    def.power, def.toughness, def.name = 20, 30, "Other name"   -- (words: the definition's either way)
    local want = { id = c.id, owner = ann, controller = ann, zone = "battlefield", tapped = false, power = 2,
      toughness = 3, damage = 0, sick = false, attacking = false, blocked = false, blocking = false,
      definition = def, token = false, face_down = false, name = "Shadowed", words = def.words }
    for _, f in ipairs(FIELDS) do
      assert.are.equal(want[f], c[f], f)
    end
  end)

  it("any other name is the definition's (a script's own data there)", function()
    local g, ann = H.game()
    local def = shadowed()
    for i, k in ipairs(MISSES) do def[k] = i end
    local c = g:create(def, { owner = ann, zone = "hand" })
    for i, k in ipairs(MISSES) do assert.are.equal(i, c[k], k) end
    assert.is_nil(c.nothing_here)
    assert.is_function(c.is)                     -- a method, not the definition's
    def.is = "shadow"
    assert.is_function(c.is)
  end)
end)

describe("a player's fields by name", function()
  it("each field is the player's; any other name the Lua side's (name) or nil", function()
    local g, ann, bob = H.game()
    local want = { index = 1, life = 20, lost = false, team = 1, draws_this_turn = 0 }
    for f, v in pairs(want) do assert.are.equal(v, ann[f], f) end
    for n, zone in ipairs({ "hand", "library", "graveyard", "ante" }) do   -- told apart by their sizes
      for _ = 1, n do g:create(H.plain, { owner = ann, zone = zone }) end
    end
    assert.are.same({ 1, 2, 3, 4 }, { #ann.hand, #ann.library, #ann.graveyard, #ann.ante })
    assert.are.equal(0, ann.mana.green)
    assert.are.same({ 2, 2 }, { bob.index, bob.team })
    ann.life = 7
    assert.are.same({ 7, 20 }, { ann.life, bob.life })
    assert.are.equal("Ann", ann.name)
    for _, k in ipairs({ "lift", "lose", "teams", "hanD", "anti", "mama", "indey", "libraries", "librar",
      "graveyarD", "draws_this_turM", "", "l" }) do
      assert.is_nil(ann[k], k)
    end
  end)
end)
