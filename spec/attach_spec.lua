-- Auras and attachment: g:attach, aura.attached_to, permanent:attachments(), the state-based
-- action for an Aura attached to nothing legal, "enchanted creature" effects (Lure as an Aura).
local arbiter = require("arbiter")
local H = require("helpers")

local bears = arbiter.card{ name = "Grizzly Bears", types = { "Creature" }, colors = { "green" }, power = 2, toughness = 2 }
local relic = arbiter.card{ name = "Relic", types = { "Artifact" } }

local function card(file) return dofile("examples/cards/" .. file .. ".lua") end

local game = H.game

local on_bf = H.bf

describe("Auras (212.4d-j; 420.5 state-based actions)", function()
  it("g:attach: attached_to, attachments(), an 'attach' event", function()
    local g, ann = game()
    local lure = card("lure")
    local b = on_bf(g, bears, ann)
    local l = on_bf(g, lure.def, ann)
    local seen
    g:on("attach", function(ev) seen = ev end)
    assert.is_true(g:attach(l, b))
    assert.are.equal(b, l.attached_to)
    assert.are.same({ l }, b:attachments())
    assert.are.equal(l, seen.card)
    assert.are.equal(b, seen.target)
  end)

  it("Lure as an Aura: the enchanted creature has lure; moved to another creature, the lure moves", function()
    local g, ann, bob = game()
    g:set_active(ann)
    local lure = card("lure")
    local a1, a2 = on_bf(g, bears, ann), on_bf(g, bears, ann)
    local l = on_bf(g, lure.def, ann)
    lure.install(g, l, a1)
    assert.is_true(a1:has("lure"))
    assert.is_false(a2:has("lure"))
    local b1, b2 = on_bf(g, bears, bob), on_bf(g, bears, bob)
    g:declare_attackers({ a1, a2 })
    assert.is_false((g:check_block({ [b1] = a1 })))        -- both must block the enchanted creature
    assert.is_true((g:check_block({ [b1] = a1, [b2] = a1 })))
    g:attach(l, a2)
    assert.is_false(a1:has("lure"))
    assert.is_true(a2:has("lure"))
  end)

  it("state-based action: an Aura whose creature left goes to its owner's graveyard; its effect ends", function()
    local g, ann, bob = game()
    local lure = card("lure")
    local b = on_bf(g, bears, ann)
    local l = on_bf(g, lure.def, bob)
    lure.install(g, l, b)
    g:move(b, "graveyard")
    assert.is_nil(l.attached_to)
    g:check_state()
    assert.are.equal("graveyard", l.zone)
    assert.are.equal(1, #bob.graveyard)
    g:move(b, "battlefield")
    assert.is_false(b:has("lure"))
  end)

  it("state-based action: an Aura attached to nothing, or to what it can't enchant, goes too", function()
    local g, ann = game()
    local lure = card("lure")
    local l1 = on_bf(g, lure.def, ann)              -- never attached
    local l2 = on_bf(g, lure.def, ann)
    local r = on_bf(g, relic, ann)
    g:attach(l2, r)                                 -- Lure enchants creatures
    g:check_state()
    assert.are.equal("graveyard", l1.zone)
    assert.are.equal("graveyard", l2.zone)
  end)

  it("an enchanted creature that stops being a creature loses its Lure", function()
    local g, ann = game()
    local lure = card("lure")
    local r = on_bf(g, relic, ann)
    local e = g:add_static{ affects = r, types = "Creature", set_power = 1, set_toughness = 1 }
    local l = on_bf(g, lure.def, ann)
    lure.install(g, l, r)
    g:check_state()
    assert.are.equal("battlefield", l.zone)
    g:remove_static(e)
    g:check_state()
    assert.are.equal("graveyard", l.zone)
  end)

  it("'be enchanted' prohibition: g:attach does nothing and returns false", function()
    local g, ann = game()
    local lure = card("lure")
    local b = on_bf(g, bears, ann)
    g:add_static{ affects = b, prohibit = "be enchanted" }
    local l = on_bf(g, lure.def, ann)
    assert.is_false(g:attach(l, b))
    assert.is_nil(l.attached_to)
  end)

  it("an Aura spell targets what it enchants and enters attached to it (g:cast, then resolution)", function()
    local g, ann, bob = game()
    local lure = card("lure")
    lure.def.install = lure.install               -- its static ability, whenever it enters
    local b = on_bf(g, bears, bob)
    local l = g:create(lure.def, { owner = ann, zone = "hand" })
    g:add_mana(ann, "{1}{G}{G}")   -- its cost (the Alpha card)
    g:cast(ann, l, { targets = { b } })
    assert.is_nil(l.attached_to)                  -- on the stack
    g:settle()
    assert.are.equal("battlefield", l.zone)
    assert.are.equal(b, l.attached_to)
    assert.is_true(b:has("lure"))
    g:move(b, "graveyard")
    g:check_state()
    assert.are.equal("graveyard", l.zone)
  end)

  it("an Aura spell whose target became illegal is countered (413); a type-changed artifact is a creature", function()
    local g, ann, bob = game()
    local lure = card("lure")
    local r = on_bf(g, relic, bob)
    local l = g:create(lure.def, { owner = ann, zone = "hand" })
    g:add_mana(ann, "{1}{G}{G}")   -- its cost (the Alpha card)
    assert.has_error(function() g:cast(ann, l, { targets = { r } }) end)   -- not a creature
    local e = g:add_static{ affects = r, types = "Creature", set_power = 1, set_toughness = 1 }
    g:cast(ann, l, { targets = { r } })
    g:remove_static(e)                            -- no longer a creature: countered on resolution
    g:settle()
    assert.are.equal("graveyard", l.zone)
  end)
end)
