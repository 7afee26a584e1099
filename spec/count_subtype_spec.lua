-- g:permanents / g:count_permanents with a subtype as the type: the permanents of that subtype's
-- card type with it (a land type: the lands with it, 212.6), as the loop the Alpha cards counted
-- with before (Nightmare, Aspect of Wolf, Gaea's Liege: g:permanents(p, "Land") and c:is(t))
-- reads them, through land-type effects (418.5a layer 4), control changes and face-down cards.
local H = require("helpers")
local arbiter = H.arbiter

local forest = arbiter.card{ name = "Forest", types = { "Land" }, subtypes = { "Forest" }, supertypes = { "Basic" } }
local swamp = arbiter.card{ name = "Swamp", types = { "Land" }, subtypes = { "Swamp" }, supertypes = { "Basic" } }
local elf = arbiter.card{ name = "Elf", types = { "Creature" }, subtypes = { "Elf" }, colors = { "green" },
  power = 1, toughness = 1 }

local function bf(g, p, def) return g:create(def, { owner = p, zone = "battlefield", sick = false }) end

-- the loop the cards used: p's lands, each asked c:is(t)
local function loop(g, p, kind, t)
  local n, list = 0, {}
  for _, x in ipairs(g:permanents(p, kind)) do
    if x:is(t) then n = n + 1; list[n] = x end
  end
  return n, list
end

local function same(g, t, kind)
  local counts = {}
  for _, p in ipairs(g.players) do
    local n, list = loop(g, p, kind, t)
    assert.are.equal(n, g:count_permanents(p, t), t)
    assert.are.same(list, g:permanents(p, t))
    counts[#counts + 1] = n
  end
  return counts
end

describe("g:count_permanents(p, subtype): the permanents of the subtype's card type with it (212.6)", function()
  it("counts as the Land loop with c:is does, through type effects, control and face-down cards", function()
    local g, ann, bob = H.game()
    local f1, f2 = bf(g, ann, forest), bf(g, ann, forest)
    local s1 = bf(g, ann, swamp)
    bf(g, bob, forest)
    local e1 = bf(g, ann, elf)
    local got = {}
    local function step() got[#got + 1] = { same(g, "Forest", "Land"), same(g, "Swamp", "Land") } end
    step()                                                           -- 2 + 1 Forests, 1 Swamp
    local liege = g:add_static{ affects = s1, subtypes = { "Forest" } }   -- Gaea's Liege: the Swamp is a Forest
    step()
    g:add_static{ affects = e1, add_subtypes = { "Forest" } }        -- a creature with a land type: no land
    step()
    g:gain_control(f2, bob)
    step()
    g:remove_static(liege)
    step()
    g:turn_face_down(f1)                                             -- 504.1: no subtypes
    step()
    assert.are.same({
      { { 2, 1 }, { 1, 0 } }, { { 3, 1 }, { 0, 0 } }, { { 3, 1 }, { 0, 0 } }, { { 2, 2 }, { 0, 0 } },
      { { 1, 2 }, { 1, 0 } }, { { 0, 2 }, { 1, 0 } },
    }, got)
    assert.are.same({ 1, 0 }, same(g, "Elf", "Creature"))            -- a creature type: the creatures with it
    assert.are.same({ 0, 0 }, same(g, "Island", "Land"))             -- a type no card has
    f2:tap()                                                         -- flags as with a card type
    assert.are.same({ 2, 1 }, { g:count_permanents(bob, "Forest"), g:count_permanents(bob, "Forest", "u") })
  end)

  it("a type, supertype or color is no subtype: refused as before", function()
    local g, ann = H.game()
    for _, w in ipairs({ "Basic", "green", "Instant", "", 5 }) do
      assert.has_error(function() g:count_permanents(ann, w) end)
      assert.has_error(function() g:permanents(ann, w) end)
    end
  end)
end)
