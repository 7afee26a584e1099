-- A card holds at most 12 distinct abilities (ARB_MAXABIL: kind and parameter; instances of one
-- ability count once). Nothing is dropped silently: a definition with more is refused, and a
-- continuous effect (418) that would give a card a 13th fails the call that caused it, with a
-- message naming the card, and the game is as it was (422). A removed ability's room is reused.
local H = require("helpers")
local arbiter = H.arbiter

local TWELVE = { "flying", "reach", "shadow", "fear", "horsemanship", "first strike", "double strike",
  "haste", "vigilance", "flanking", "islandwalk", "swampwalk" }

local function full(g, p)
  return g:create(arbiter.card{ name = "Twelve", types = { "Creature" }, power = 1, toughness = 1,
    abilities = TWELVE }, { owner = p, zone = "battlefield", sick = false })
end

describe("at most 12 distinct abilities on a card, never a silent loss", function()
  it("a definition with 13 is refused at creation", function()
    local g, ann = H.game()
    local list = { "trample" }
    for _, a in ipairs(TWELVE) do list[#list + 1] = a end
    local ok, err = pcall(g.create, g, arbiter.card{ name = "Thirteen", types = { "Creature" }, power = 1,
      toughness = 1, abilities = list }, { owner = ann, zone = "battlefield" })
    assert.is_false(ok)
    assert.matches("more than 12 different abilities", err)
    assert.are.equal(0, #g:permanents(ann))
  end)

  it("c:grant of a 13th: an error naming the card, and nothing changed", function()
    local g, ann = H.game()
    local c = full(g, ann)
    local before = g:state_hash()
    local ok, err = pcall(c.grant, c, "trample")
    assert.is_false(ok)
    assert.matches("Twelve %(card %d+%) would have more than 12 distinct abilities", err)
    assert.are.equal(before, g:state_hash())
    assert.is_false(c:has("trample"))
    assert.are.equal(12, #c:abilities())
    c:grant("flying")                        -- another instance of one it has: no new room needed
    assert.are.equal(2, c:count("flying"))
  end)

  it("g:add_static giving every creature a 13th: refused, the effect isn't there", function()
    local g, ann = H.game()
    local c = full(g, ann)
    local ok, err = pcall(g.add_static, g, { abilities = { "trample" },
      affects = function(x) return x:is("Creature") end })
    assert.is_false(ok)
    assert.matches("Twelve", err)
    assert.is_false(c:has("trample"))
    assert.are.equal(1, c.power)             -- reads work: the cache is recomputed without it
    local bear = g:create(H.bear, { owner = ann, zone = "battlefield" })
    assert.is_false(bear:has("trample"))     -- the refused effect isn't there for others either
  end)

  it("a creature entering under such an effect: its entering is refused and undone", function()
    local g, ann = H.game()
    g:add_static{ abilities = { "trample" }, affects = function(x) return x:is("Creature") end }
    local c = g:create(arbiter.card{ name = "Twelve", types = { "Creature" }, power = 1, toughness = 1,
      abilities = TWELVE }, { owner = ann, zone = "hand" })
    local ok, err = pcall(g.move, g, c, "battlefield")
    assert.is_false(ok)
    assert.matches("Twelve", err)
    assert.are.equal("hand", c.zone)
  end)

  it("a creature created on the battlefield under such an effect: refused, not created", function()
    local g, ann = H.game()
    g:add_static{ abilities = { "trample" }, affects = function(x) return x:is("Creature") end }
    local ok, err = pcall(full, g, ann)
    assert.is_false(ok)
    assert.matches("would have more than 12 distinct abilities", err)
    assert.are.equal(0, #g:permanents(ann))
  end)

  -- an ability's instances are counted in 16 bits (ARB_MAXCOUNT, csrc/arbiter.h: the card
  -- struct's size, docs/PERFORMANCE.md): one more than 32767 fails like a 13th ability
  it("more than 32767 instances of one ability: an error naming the card, and nothing changed", function()
    local g, ann = H.game()
    local c = g:create(H.bear, { owner = ann, zone = "battlefield" })
    for _ = 1, 32 do c:grant("flying", 1000) end
    c:grant("flying", 767)
    assert.are.equal(32767, c:count("flying"))
    local before = g:state_hash()
    local ok, err = pcall(c.grant, c, "flying")
    assert.is_false(ok)
    assert.matches("%(card %d+%) would have more than 12 distinct abilities, or more than 32767 instances", err)
    assert.are.equal(before, g:state_hash())
    assert.are.equal(32767, c:count("flying"))
    c:grant("trample", 1000)                 -- another ability still fits
    assert.are.equal(1000, c:count("trample"))
  end)

  it("a removed ability's room is reused: revoke one, grant another", function()
    local g, ann = H.game()
    local c = full(g, ann)
    c:revoke("fear")
    c:grant("trample")
    assert.is_true(c:has("trample"))
    assert.is_false(c:has("fear"))
    assert.are.equal(12, #c:abilities())
  end)
end)
