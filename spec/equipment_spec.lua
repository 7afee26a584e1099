-- Equipment (212.2g-k) and equip (502.33): attached by an activated ability played only as a
-- sorcery to a creature its controller controls; unattached, not destroyed, when what it
-- equips becomes illegal (212.2i, a state-based action); protection (502.7d).
local H = require("spec.helpers")
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions
local arbiter = H.arbiter

local bonesplitter = dofile("examples/cards/bonesplitter.lua").def
local mountain = arbiter.card{ name = "Mountain", types = { "Land" }, subtypes = { "Mountain" }, supertypes = { "Basic" } }
local bolt = arbiter.card{ name = "Lightning Bolt", types = { "Instant" }, colors = { "red" }, cost = "{R}",
  targets = { "creature or player" }, resolve = function(obj, g, src) g:damage(src, obj.targets[1], 3) end }

local on_bf = H.bf

-- Ann's main phase with two bears, a Bonesplitter and lands
local function board(lands)
  local g, ann, bob = H.game()
  local b1, b2 = on_bf(g, H.bear, ann), on_bf(g, H.bear, ann)
  local eq = on_bf(g, bonesplitter, ann)
  for _ = 1, lands or 3 do on_bf(g, mountain, ann) end
  g:begin_turn(ann); g:untap_step(); g:upkeep_step(); g:draw_step(); g:main_phase(ann)
  return g, ann, bob, eq, b1, b2
end

describe("Equipment (212.2g-k, 502.33)", function()
  it("equip attaches it to a creature its controller controls; the equipped creature gets +2/+0", function()
    local g, ann, _, eq, b1 = board()
    assert.is_nil(eq.attached_to)                        -- enters unattached (212.2h)
    local o = g:activate(ann, eq, 1, { targets = { b1 } })
    assert.equal("ability", o.kind)                      -- uses the stack (502.33a is activated)
    g:settle()
    assert.equal(b1, eq.attached_to)
    assert.same({ 4, 2 }, { b1.power, b1.toughness })
    assert.equal(1, #H.events(g, "attach"))
  end)

  it("equip again moves it to another creature; to the one it equips, nothing happens", function()
    local g, ann, _, eq, b1, b2 = board()
    g:activate(ann, eq, 1, { targets = { b1 } }); g:settle()
    g:activate(ann, eq, 1, { targets = { b2 } }); g:settle()
    assert.equal(b2, eq.attached_to)
    assert.same({ 2, 4 }, { b1.power, b2.power })
    g:activate(ann, eq, 1, { targets = { b2 } }); g:settle()
    assert.equal(2, #H.events(g, "attach"))              -- the third did nothing
  end)

  it("only as a sorcery: not in combat, not with a spell on the stack, not on the foe's turn (502.33a)", function()
    local g, ann, bob, eq, b1 = board()
    on_bf(g, mountain, bob)
    local spell = g:create(bolt, { owner = bob, zone = "hand" })
    g:cast(bob, spell, { targets = { ann } })              -- a host stands in for Bob's priority
    local before = g:state_hash()
    assert.error_matches(function() g:activate(ann, eq, 1, { targets = { b1 } }) end,
      "#2 to 'activate'.*ability can be activated only in its controller's main phase with an empty stack %(116")
    assert.equal(before, g:state_hash())
    g:settle()
    g:combat_phase()
    assert.error_matches(function() g:activate(ann, eq, 1, { targets = { b1 } }) end, "only in its controller's main phase")
  end)

  it("targets a creature its controller controls, not a foe's, not a noncreature (502.33a)", function()
    local g, ann, bob, eq = board()
    local theirs = on_bf(g, H.bear, bob)
    local land = g:permanents(ann, "Land")[1]
    local before = g:state_hash()
    assert.error_matches(function() g:activate(ann, eq, 1, { targets = { theirs } }) end, "#4 to 'activate'.*not a legal")
    assert.error_matches(function() g:activate(ann, eq, 1, { targets = { land } }) end, "#4 to 'activate'.*not a legal")
    assert.error_matches(function() g:activate(ann, eq, 1, { targets = { eq } }) end, "#4 to 'activate'.*not a legal")
    assert.equal(before, g:state_hash())
  end)

  it("a creature that changed controller before resolution is an illegal target: countered (413, 212.2h)", function()
    local g, ann, bob, eq, b1 = board()
    g:activate(ann, eq, 1, { targets = { b1 } })
    g:gain_control(b1, bob)
    g:settle()
    assert.is_nil(eq.attached_to)
  end)

  it("the equipped creature leaves: the Equipment stays, unattached (212.2i, a state-based action)", function()
    local g, ann, _, eq, b1 = board()
    g:activate(ann, eq, 1, { targets = { b1 } }); g:settle()
    local seen
    g:on("unattach", function(ev) seen = ev end)
    g:destroy(b1)
    g:settle()
    assert.equal("battlefield", eq.zone)
    assert.is_nil(eq.attached_to)
    assert.equal(eq, seen.card)
    assert.equal(b1, seen.target)
  end)

  it("control of the creature and of the Equipment are separate (212.2k)", function()
    local g, ann, bob, eq, b1 = board()
    g:activate(ann, eq, 1, { targets = { b1 } }); g:settle()
    g:gain_control(b1, bob)
    g:settle()
    assert.equal(b1, eq.attached_to)
    assert.equal(ann, eq.controller)
    assert.equal(4, b1.power)
  end)

  it("an Equipment that becomes a creature becomes unattached and can't equip (212.2i)", function()
    local g, ann, _, eq, b1 = board()
    g:activate(ann, eq, 1, { targets = { b1 } }); g:settle()
    local march = g:add_static{ affects = eq, types = { "Creature" }, set_power = 1, set_toughness = 1 }
    g:settle()
    assert.is_nil(eq.attached_to)
    assert.equal(2, b1.power)
    assert.is_false(g:attach(eq, b1))                    -- doesn't move (212.2h)
    g:remove_static(march)
    assert.is_true(g:attach(eq, b1))
    assert.equal(4, b1.power)
  end)

  it("protection from artifacts: can't be equipped by it; attached, it falls off (502.7d)", function()
    local g, ann, _, eq, b1, b2 = board()
    g:activate(ann, eq, 1, { targets = { b1 } }); g:settle()
    g:add_static{ affects = b1, abilities = "protection from artifacts" }
    g:settle()
    assert.is_nil(eq.attached_to)
    assert.equal("battlefield", eq.zone)
    assert.is_false(g:attach(eq, b1))
    assert.is_true(g:attach(eq, b2))
  end)

  it("an Aura still goes to the graveyard where an Equipment is only unattached (212.2i vs 420.5)", function()
    local g, ann, _, eq, b1 = board()
    local lure = dofile("examples/cards/lure.lua")
    local l = on_bf(g, lure.def, ann)
    lure.install(g, l, b1)
    g:activate(ann, eq, 1, { targets = { b1 } }); g:settle()
    g:destroy(b1); g:settle()
    assert.same({ "graveyard", "battlefield" }, { l.zone, eq.zone })
  end)

  it("a player whose only ability is an equip isn't asked for priority outside their main phase", function()
    local g, ann, bob, eq = board()
    local asked = {}
    g:set_agent(ann, { priority = function(_, game) asked[#asked + 1] = game.step end })
    g:set_agent(bob, { priority = function() end })
    assert.is_true(GI._could_act(g, ann))                   -- main phase, empty stack: equip is an action
    g:combat_phase(); g:main_phase(); g:end_step()
    assert.is_false(GI._could_act(g, ann))                  -- the end step: nothing Ann could do
    assert.is_true(#asked > 0)
    for _, step in ipairs(asked) do assert.matches("^main", step) end
    assert.equal("battlefield", eq.zone)
  end)

  it("arbiter.equip checks its cost; timing is checked in definitions", function()
    assert.error_matches(function() arbiter.equip("{Q}") end, "#1 to 'equip'")
    assert.error_matches(function() arbiter.card{ name = "X", types = { "Artifact" },
      activated = { { cost = "{1}", timing = "upkeep" } } } end, "activated%[1%]: timing must be \"sorcery\" or \"instant\"")
    assert.error_matches(function() arbiter.card{ name = "X", types = { "Artifact" },
      activated = { { cost = "{T}", mana = "{R}", timing = "sorcery" } } } end, "a mana ability has no timing")
  end)
end)
