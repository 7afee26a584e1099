-- The mana spent on X (obj.x_spent): a stack object records, by color, the mana its {X} took,
-- so an effect that reads "the mana you spent on {X}" (Illusionary Mask) sees its colors
-- (409.1f: the player pays the total cost; the printed generic symbols are paid first, then X).
local H = require("helpers")
local arbiter = H.arbiter
local alpha = require("arbiter.sets.alpha")

local bf = H.bf
local seen
local x_relic = arbiter.card{ name = "X Relic", types = { "Artifact" }, activated = {
  { cost = "{1}{X}", resolve = function(obj) seen = obj.x_spent end } } }
local x_bolt = arbiter.card{ name = "X Bolt", types = { "Sorcery" }, cost = "{R}{X}", x_mana = "red",
  resolve = function(obj) seen = obj.x_spent end }

describe("the mana spent on X (obj.x_spent; 409.1f)", function()
  it("an activated ability records X's mana by color; the generic symbol is paid first", function()
    local g, ann = H.game()
    local relic = bf(g, x_relic, ann)
    g:add_mana(ann, "{1}{G}{G}{U}")
    local obj = g:activate(ann, relic, 1, { x = 3 })
    assert.same({ white = 0, blue = 1, black = 0, red = 0, green = 2, colorless = 0 }, obj.x_spent)
    assert.same(obj.x_spent, g:stack_objects()[1].x_spent)
    seen = nil
    g:settle()
    assert.same({ white = 0, blue = 1, black = 0, red = 0, green = 2, colorless = 0 }, seen)
  end)

  it("mana from lands tapped while paying counts; X = 0 spends nothing", function()
    local g, ann = H.game()
    local relic = bf(g, x_relic, ann)
    for _ = 1, 3 do bf(g, alpha.Forest, ann) end
    g:activate(ann, relic, 1, { x = 2 }); seen = nil; g:settle()
    assert.same({ white = 0, blue = 0, black = 0, red = 0, green = 2, colorless = 0 }, seen)
    bf(g, alpha.Island, ann)
    seen = false
    g:activate(ann, relic, 1, { x = 0 }); g:settle()
    assert.is_nil(seen)                                      -- resolved (seen was false), nothing spent
  end)

  it("a spell's X paid with x_mana is that color; a failed payment records nothing (422)", function()
    local g, ann = H.game()
    for _ = 1, 3 do bf(g, alpha.Mountain, ann) end
    local bolt = g:create(x_bolt, { owner = ann, zone = "hand" })
    local obj = g:cast(ann, bolt, { x = 2 })
    assert.same({ white = 0, blue = 0, black = 0, red = 2, colorless = 0, green = 0 }, obj.x_spent)
    g:settle()
    local relic = bf(g, x_relic, ann)
    local h = g:state_hash(true)
    assert.has_error(function() g:activate(ann, relic, 1, { x = 5 }) end)
    assert.equal(h, g:state_hash(true))
  end)

  it("arbiter.could_pay_with: some or all of the mana pays a cost, colors counted", function()
    local gg = { green = 2 }
    assert.is_true(arbiter.could_pay_with(gg, "{1}{G}"))         -- Grizzly Bears
    assert.is_true(arbiter.could_pay_with(gg, "{G}"))            -- some of it
    assert.is_false(arbiter.could_pay_with(gg, "{U}"))           -- no blue among it
    assert.is_false(arbiter.could_pay_with(gg, "{2}{G}"))        -- too little
    assert.is_true(arbiter.could_pay_with({ colorless = 1, red = 1, blue = 1 }, "{2}{U}"))
    assert.is_true(arbiter.could_pay_with({}, ""))                -- no cost: none of it pays it
    assert.has_error(function() arbiter.could_pay_with({ green = -1 }, "{G}") end,
      "bad argument #1 to 'could_pay_with' (mana.green must be a count >= 0, got -1)")
    assert.has_error(function() arbiter.could_pay_with({}, "{Q}") end)
    assert.has_error(function() arbiter.could_pay_with("GG", "{G}") end)
  end)
end)
