-- 217.1c (CompRules 2005-2008; 400.7 today): "An object that moves from one zone to another is
-- treated as a new object. Effects connected with its previous location will no longer affect
-- it." 217.5c: a permanent entering the battlefield "has no relationship to any previous
-- permanent represented by the same object". A Lua card handle follows the physical card
-- across zones (the same value, docs/API.md "Cards"); what a spell, an ability, an effect or an
-- Aura remembers is the object, so a card that left and came back is not it any more.
local H = require("spec.helpers")
local arbiter = H.arbiter

local function card(file) return dofile("examples/cards/" .. file .. ".lua").def end
local bolt, growth, sorcerer = card("lightning_bolt"), card("giant_growth"), card("prodigal_sorcerer")

-- two targets: 1 damage to each (413: an illegal one among several is simply not affected)
local twin = arbiter.card{ name = "Twin Shot", types = { "Instant" },
  targets = { "creature", "creature" },
  resolve = function(obj, g, src)
    for i = 1, 2 do if obj.targets[i] then g:damage(src, obj.targets[i], 1) end end
  end }

-- bounce and recast: the host stands in for Bob between calls (outside a turn timing isn't checked)
local function flicker(g, c)
  local p = c.owner
  g:move(c, "hand")
  g:cast(p, c)
  g:settle()
end

describe("a card that changes zones is a new object (217.1c)", function()
  it("Bolt on a creature bounced and recast in response fizzles (413): no damage, Bolt to the graveyard", function()
    local g, ann, bob = H.game()
    local bear = g:create(H.bear, { owner = bob, zone = "battlefield" })
    local b = g:create(bolt, { owner = ann, zone = "hand" })
    g:add_mana(ann, "{R}")
    local obj = g:cast(ann, b, { targets = { bear } })
    assert.equal(bear, obj.targets[1])
    g:move(bear, "hand")                          -- the response: bounced ...
    g:cast(bob, bear)                             -- ... and recast on top of the Bolt
    assert.is_false(g:stack_objects()[2].targets[1])   -- the Bolt's target is gone: a new object
    g:settle()                                    -- the Bear resolves, then the Bolt
    assert.equal("battlefield", bear.zone)        -- the same Lua value, back on the battlefield
    assert.equal(0, bear.damage)
    assert.equal("graveyard", b.zone)
    assert.equal(0, #H.events(g, "damage"))
  end)

  it("a creature that left and came back before the Bolt was cast is a legal target", function()
    local g, ann, bob = H.game()
    local bear = g:create(H.bear, { owner = bob, zone = "battlefield" })
    flicker(g, bear)
    local b = g:create(bolt, { owner = ann, zone = "hand" })
    g:add_mana(ann, "{R}")
    g:cast(ann, b, { targets = { bear } })
    g:settle()
    assert.equal("graveyard", bear.zone)          -- 3 damage: lethal
  end)

  it("with two targets, the one that became a new object is not affected; the other is (413)", function()
    local g, ann, bob = H.game()
    local b1 = g:create(H.bear, { owner = bob, zone = "battlefield" })
    local b2 = g:create(H.bear, { owner = bob, zone = "battlefield" })
    local t = g:create(twin, { owner = ann, zone = "hand" })
    g:cast(ann, t, { targets = { b1, b2 } })
    flicker(g, b1)
    g:settle()
    assert.equal(0, b1.damage)
    assert.equal(1, b2.damage)
  end)

  it("an activated ability's target (Prodigal Sorcerer) flickered in response: countered on resolution", function()
    local g, ann, bob = H.game()
    local s = g:create(sorcerer, { owner = ann, zone = "battlefield", sick = false })
    local bear = g:create(H.bear, { owner = bob, zone = "battlefield" })
    g:activate(ann, s, 1, { targets = { bear } })
    flicker(g, bear)
    assert.equal(0, bear.damage)
    assert.equal(0, #H.events(g, "damage"))
  end)

  it("an activated ability whose source was flickered: obj.source_moved (\"this creature\" is gone)", function()
    local g, ann = H.game()
    local got = {}
    local bird = arbiter.card{ name = "Bird", types = { "Creature" }, power = 1, toughness = 1,
      activated = { { cost = "{0}", effect = function(obj, game, source)
        got[#got + 1] = obj.source_moved
        if not obj.source_moved then game:grant(source, "flying") end
      end } } }
    local b = g:create(bird, { owner = ann, zone = "battlefield" })
    local obj = g:activate(ann, b, 1)
    assert.is_false(obj.source_moved)
    g:settle()
    assert.is_true(b:has("flying"))
    g:activate(ann, b, 1)
    g:move(b, "hand")
    g:move(b, "battlefield")                      -- a new Bird before the ability resolves
    assert.is_true(g:stack_objects()[1].source_moved)
    g:settle()
    assert.same({ false, true }, got)
    assert.is_false(b:has("flying"))
  end)

  it("a triggered ability whose source was flickered after it triggered: obj.source_moved (217.1c)", function()
    local g, ann = H.game()
    local got = {}
    local b = g:create(arbiter.card{ name = "Bird", types = { "Creature" }, power = 1, toughness = 1 },
      { owner = ann, zone = "battlefield" })
    -- "whenever you gain life, this creature gets +1/+1 until end of turn"
    g:trigger{ event = "life", source = b, controller = ann, condition = function(ev) return ev.amount > 0 end,
      resolve = function(obj, game, source)
        got[#got + 1] = obj.source_moved
        if not obj.source_moved then game:modify(source, 1, 1, "end_of_turn") end
      end }
    g:gain_life(ann, 1)
    g:settle()
    assert.equal(2, b.power)
    g:gain_life(ann, 1)
    g:move(b, "hand")
    g:move(b, "battlefield")                      -- a new Bird before the ability goes on the stack
    g:settle()
    assert.same({ false, true }, got)
    assert.equal(1, b.power)                      -- the new Bird isn't "this creature"
  end)

  it("a leaves-play trigger's source in the graveyard stays its object until it moves again (217.1c)", function()
    local g, ann = H.game()
    local got = {}
    local bird = arbiter.card{ name = "Bird", types = { "Creature" }, power = 1, toughness = 1 }
    local function dies_watch(b)
      g:trigger{ event = "zone_change", source = b, controller = ann,
        condition = function(ev, _, source) return ev.card == source and ev.from == "battlefield" end,
        resolve = function(obj) got[#got + 1] = obj.source_moved end }
    end
    local b1 = g:create(bird, { owner = ann, zone = "battlefield" })
    local b2 = g:create(bird, { owner = ann, zone = "battlefield" })
    dies_watch(b1)
    dies_watch(b2)
    g:move(b1, "graveyard")
    g:settle()
    g:move(b2, "graveyard")
    g:move(b2, "hand")                            -- left the graveyard before its ability resolved
    g:settle()
    assert.same({ false, true }, got)
  end)

  it("a triggered ability's target flickered before it resolves does nothing", function()
    local g, ann, bob = H.game()
    local bear = g:create(H.bear, { owner = bob, zone = "battlefield" })
    local ran = false
    g:set_agent(ann, { choose = function(_, _, options) return options[1] end })
    g:trigger{ event = "draw", controller = ann, targets = { "creature" },
      effect = function() ran = true end }
    H.deck(g, ann, 1)
    g:draw(ann)
    g:set_agent(bob, { priority = function(_, game)
      if #game:stack_objects() == 1 and game:stack_objects()[1].kind == "ability"
        and game:stack_objects()[1].targets[1] == bear then
        game:move(bear, "hand")
        game:cast(bob, bear)
        return nil
      end
    end })
    g:create(bolt, { owner = bob, zone = "hand" })     -- an instant: so Bob is asked
    g:settle()
    assert.equal("battlefield", bear.zone)        -- it was flickered in response
    assert.is_false(ran)
  end)

  it("a Giant Growth'd creature flickered loses the bonus (an effect on the old object)", function()
    local g, _, bob = H.game()
    local bear = g:create(H.bear, { owner = bob, zone = "battlefield" })
    local gg = g:create(growth, { owner = bob, zone = "hand" })
    g:add_mana(bob, "{G}")
    g:cast(bob, gg, { targets = { bear } })
    g:settle()
    assert.equal(5, bear.power)
    flicker(g, bear)
    assert.equal(2, bear.power)
    assert.equal(2, bear.toughness)
  end)

  it("damage, counters, tapped and combat state, regeneration shields don't follow it", function()
    local g, _, bob = H.game()
    local bear = g:create(H.bear, { owner = bob, zone = "battlefield" })
    g:damage(nil, bear, 1)
    bear:add_counters("+1/+1", 1)
    bear:tap()
    g:regenerate(bear)
    g:grant(bear, "flying")
    flicker(g, bear)
    assert.same({ 0, 0, false, 2, false }, { bear.damage, bear:counters("+1/+1"), bear.tapped,
      bear.power, bear:has("flying") })
    g:destroy(bear)                               -- the old shield doesn't protect the new object
    assert.equal("graveyard", bear.zone)
  end)

  it("blocks don't follow an attacker that left the battlefield and is put back attacking", function()
    local g, ann, bob = H.game()
    local a = g:create(H.bear, { owner = ann, zone = "battlefield", sick = false })
    local wall = g:create(arbiter.card{ name = "Wall", types = { "Creature" }, power = 3, toughness = 3 },
      { owner = bob, zone = "battlefield" })
    g:declare_attackers({ [a] = bob })
    g:declare_blockers({ [wall] = a })
    g:move(a, "hand")
    local h0 = g:state_hash()
    assert.is_false(g:attempt(function(game) game:put_attacking(a, bob); error("undo") end))
    assert.equal(h0, g:state_hash())              -- the forgotten block comes back with a rollback
    assert.equal(1, #g:blocks())
    g:put_attacking(a, bob)                       -- a new attacking creature: unblocked
    assert.same({}, g:blocks())
    assert.is_false(a.blocked)
    g:combat_damage()
    assert.equal("battlefield", a.zone)           -- the Wall's block was of the old object
    assert.equal(0, wall.damage)
    assert.equal(18, bob.life)
  end)

  it("an Aura spell whose target was flickered is countered (413); attached Auras fall off (SBA)", function()
    local g, ann, bob = H.game()
    local lure = dofile("examples/cards/lure.lua")
    local bear = g:create(H.bear, { owner = bob, zone = "battlefield" })
    local l = g:create(lure.def, { owner = ann, zone = "hand" })
    g:add_mana(ann, "{1}{G}{G}")   -- its cost (the Alpha card)
    g:cast(ann, l, { targets = { bear } })
    flicker(g, bear)                              -- Bob's Bear resolves first, then the Lure
    assert.equal("graveyard", l.zone)
    assert.is_nil(l.attached_to)
    -- attached, then the creature flickers: the Aura is attached to nothing (420.5)
    local l2 = g:create(lure.def, { owner = ann, zone = "hand" })
    g:add_mana(ann, "{1}{G}{G}")   -- its cost (the Alpha card)
    g:cast(ann, l2, { targets = { bear } })
    g:settle()
    assert.equal(bear, l2.attached_to)
    flicker(g, bear)
    assert.equal("graveyard", l2.zone)
    assert.same({}, bear:attachments())
  end)

  it("a rollback of the zone changes restores the target (the Bolt then kills)", function()
    local g, ann, bob = H.game()
    local bear = g:create(H.bear, { owner = bob, zone = "battlefield" })
    local b = g:create(bolt, { owner = ann, zone = "hand" })
    g:add_mana(ann, "{R}")
    g:cast(ann, b, { targets = { bear } })
    local h0 = g:state_hash()
    local inside
    assert.is_false(g:attempt(function(game)
      game:move(bear, "hand")
      game:move(bear, "battlefield")
      inside = game:stack_objects()[1].targets[1]
      error("undo")
    end))
    assert.is_false(inside)
    assert.equal(bear, g:stack_objects()[1].targets[1])
    assert.equal(h0, g:state_hash())
    g:settle()
    assert.equal("graveyard", bear.zone)
  end)
end)

-- A stack object's Lua value holds its documented fields, refreshed from the core each time it
-- is handed out (csrc/lstack.c: the field names from the binding's names table)
describe("a stack object's fields (405, 413)", function()
  local function keys(t)
    local out = {}
    for k in pairs(t) do out[#out + 1] = k end
    table.sort(out)
    return table.concat(out, " ")
  end

  it("a spell, an activated ability and a triggered ability: kind, card, controller, x, targets ...", function()
    local g, ann, bob = H.game()
    local bear = g:create(H.bear, { owner = bob, zone = "battlefield" })
    local pinger = g:create(sorcerer, { owner = ann, zone = "battlefield", sick = false })
    g:add_mana(ann, "{R}")
    local spell = g:cast(ann, g:create(bolt, { owner = ann, zone = "hand" }), { targets = { bear } })
    assert.equal("card controller kind targets x", keys(spell))
    assert.same({ "spell", ann, 0, bear }, { spell.kind, spell.controller, spell.x, spell.targets[1] })
    local ability = g:activate(ann, pinger, 1, { targets = { bob } })
    assert.equal("ability card controller kind source_moved targets x", keys(ability))
    assert.same({ "ability", pinger, 1, false, bob }, { ability.kind, ability.card, ability.ability,
      ability.source_moved, ability.targets[1] })
    local seen
    g:trigger{ event = "damage", controller = bob, effect = function(_, _, _, obj) seen = obj end }
    g:settle()
    assert.equal("controller kind targets x", keys(seen))   -- g:trigger's: no source card
    assert.same({ "ability", bob, 0 }, { seen.kind, seen.controller, seen.x })
  end)
end)

-- A stack object's value is kept (env.objs, csrc/lstack.c) for its stay on the stack only: a
-- long game doesn't hold one per spell and ability it ever made; a value still on the stack is
-- the same value, and one held after its object left is refused as before.
describe("stack objects' values over a long game", function()
  local internal = require("arbiter.internal")
  local bird = arbiter.card{ name = "Bird", types = { "Creature" }, power = 1, toughness = 1,
    activated = { { cost = "{0}", effect = function() end } } }
  local function entries(g)
    local n = 0
    for _ in pairs(internal._env[g].objs or {}) do n = n + 1 end
    return n
  end

  it("300 abilities activated and resolved one by one: a few dozen entries kept, not 300", function()
    local g, ann = H.game()
    local b = g:create(bird, { owner = ann, zone = "battlefield" })
    local first = g:activate(ann, b, 1)
    g:settle()
    for _ = 1, 300 do g:activate(ann, b, 1); g:settle() end
    assert.is_true(entries(g) <= 70, "entries: " .. entries(g))
    assert.is_false(g:counter(first))             -- held after it left: refused as before
  end)

  it("values of objects still on the stack are the same values after 100 more are made", function()
    local g, ann = H.game()
    local b = g:create(bird, { owner = ann, zone = "battlefield" })
    local held = {}
    for i = 1, 100 do held[i] = g:activate(ann, b, 1) end
    local objs = g:stack_objects()                -- top first
    for i = 1, 100 do assert.equal(held[101 - i], objs[i]) end
    assert.is_true(g:counter(held[50]))
  end)

  it("an object put back on the stack by a rollback (422) keeps its value", function()
    local g, ann = H.game()
    local b = g:create(bird, { owner = ann, zone = "battlefield" })
    local obj = g:activate(ann, b, 1)
    local ok = g:attempt(function(game)
      game:settle()
      for _ = 1, 100 do game:activate(ann, b, 1); game:settle() end
      error("undo it")
    end)
    assert.is_false(ok)
    assert.equal(obj, g:stack_objects()[1])
  end)
end)
