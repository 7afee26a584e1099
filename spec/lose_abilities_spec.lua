-- "Loses all abilities" (add_static{remove_abilities = "all"}, the abilities layer of 418.5a)
-- takes a permanent's activated abilities too: its printed ones (Llanowar Elves' {T}: Add {G})
-- and a basic land type's intrinsic mana ability (212.6e: the ability every land of that type
-- has is an ability of the land, so it is lost with the rest; the type layer comes first, so a
-- land type set before it doesn't bring the ability back). Abilities an effect grants after it
-- (a later timestamp in the same layer) stay. The mana the lands could make is gone for casting
-- and paying as well, and ending the effect gives everything back.
local arbiter = require("arbiter")
local alpha = require("arbiter.sets.alpha")

local function game()
  local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1 }
  return g, g.players[1]
end
local function bf(g, name, p) return g:create(alpha[name], { owner = p, zone = "battlefield", sick = false }) end

describe("remove_abilities = \"all\" removes activated abilities (418.5a, 212.6e)", function()
  it("a creature's printed mana ability and a basic land's intrinsic one are gone until the effect ends", function()
    local g, ann = game()
    local elf, forest = bf(g, "Llanowar Elves", ann), bf(g, "Forest", ann)
    local bears = g:create(alpha["Grizzly Bears"], { owner = ann, zone = "hand" })
    assert.is_true(g:can_cast(ann, bears))
    local e = g:add_static{ affects = { elf, forest }, remove_abilities = "all" }
    assert.are.equal(0, #elf:abilities())
    assert.are.equal(0, #forest:abilities())
    assert.has_error(function() g:activate(ann, elf, 1) end,
      "bad argument #3 to 'activate' (Llanowar Elves#0 has no activated ability 1 (it has 0))")
    assert.has_error(function() g:activate(ann, forest, 1) end)
    assert.is_false(elf.tapped)
    assert.is_false(forest.tapped)
    assert.is_false(g:can_cast(ann, bears))               -- the castability scan sees it too
    assert.has_error(function() g:cast(ann, bears) end)   -- and the payment
    assert.are.equal("hand", bears.zone)
    g:remove_static(e)
    assert.is_true(g:can_cast(ann, bears))
    g:activate(ann, forest, 1)
    assert.is_true(forest.tapped)
    g:cast(ann, bears)
    assert.are.equal("stack", bears.zone)
  end)

  it("a land made a Forest and then losing all abilities has no Forest ability (the type layer first)", function()
    local g, ann = game()
    local mountain = bf(g, "Mountain", ann)
    g:add_static{ affects = mountain, remove_abilities = "all" }
    g:add_static{ affects = mountain, subtypes = "Forest" }     -- later, but in an earlier layer
    assert.is_true(mountain:is("Forest"))
    assert.has_error(function() g:activate(ann, mountain, 1) end)
  end)

  it("an ability granted after the loss stays; one granted before goes", function()
    local g, ann = game()
    local elf = bf(g, "Llanowar Elves", ann)
    local ruby = { cost = "{T}", mana = "{R}" }
    local n = #elf:abilities()
    local before = g:add_static{ affects = elf, activated = { ruby } }
    assert.are.equal(n + 1, #elf:abilities())
    g:add_static{ affects = elf, remove_abilities = "all" }
    assert.has_error(function() g:activate(ann, elf, 1) end)
    g:remove_static(before)
    g:add_static{ affects = elf, activated = { ruby } }
    g:activate(ann, elf, 1)                                 -- the later one: {T}: Add {R}
    assert.is_true(elf.tapped)
    local last = g:history()[g:history_length()]
    assert.are.equal("mana", last.type)
  end)
end)
