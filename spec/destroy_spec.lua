-- Destruction (CompRules 2005: destroy, lethal damage as a state-based action), indestructible,
-- regeneration (a replacement of destruction), counters ("counter" events, +1/+1 and -1/-1 in
-- the modify layer of 418.5) and the cards that use them.
local arbiter = require("arbiter")
local H = require("helpers")

local bears = arbiter.card{ name = "Grizzly Bears", types = { "Creature" }, colors = { "green" }, power = 2, toughness = 2 }
local golem = arbiter.card{ name = "Darksteel Golem", types = { "Artifact", "Creature" }, power = 3, toughness = 3,
  abilities = { "indestructible" } }
local relic = arbiter.card{ name = "Relic", types = { "Artifact" } }

local function card(file) return dofile("examples/cards/" .. file .. ".lua") end

local game = H.game

local on_bf = H.bf

local function permanent(g, file, p)
  local m = card(file)
  local c = on_bf(g, m.def, p)
  m.install(g, c)
  return c, m
end

describe("destroy (420.5: lethal damage; glossary \"Destroy\", \"Indestructible\")", function()
  it("g:destroy puts the permanent into its owner's graveyard: a 'destroy' event, then the zone change", function()
    local g, ann, bob = game()
    local b = on_bf(g, bears, ann)
    g:gain_control(b, bob)
    local seen = {}
    g:on("destroy", function(ev) seen[#seen + 1] = ev.card end)
    assert.is_true(g:destroy(b))
    assert.are.equal("graveyard", b.zone)
    assert.are.equal(1, #ann.graveyard)
    assert.are.same({ b }, seen)
  end)

  it("'destroy' is replaceable", function()
    local g, ann = game()
    local b = on_bf(g, bears, ann)
    g:add_replacement{ event = "destroy", replace = function(ev, gm) gm:move(ev.card, "exile") end }
    assert.is_false(g:destroy(b))
    assert.are.equal("exile", b.zone)
  end)

  it("indestructible: destroy and lethal damage do nothing; toughness 0 still puts it into the graveyard", function()
    local g, ann = game()
    local d = on_bf(g, golem, ann)
    assert.is_true(d:has("indestructible"))
    assert.is_false(g:destroy(d))
    g:damage(d, d, 5)
    g:check_state()
    assert.are.equal("battlefield", d.zone)
    assert.are.equal(5, d.damage)               -- the damage stays marked
    g:add_static{ affects = d, power = -3, toughness = -3 }
    g:check_state()
    assert.are.equal("graveyard", d.zone)
  end)

  it("lethal damage is destruction: a 'destroy' event (a replacement of it applies)", function()
    local g, ann = game()
    local b = on_bf(g, bears, ann)
    local n = 0
    g:on("destroy", function() n = n + 1 end)
    g:damage(b, b, 2)
    g:check_state()
    assert.are.equal(1, n)
    assert.are.equal("graveyard", b.zone)
  end)
end)

describe("combat damage (310; 419 prevention)", function()
  it("combat damage events carry combat = true: a Fog prevents them, not other damage", function()
    local g, ann, bob = game()
    g:set_active(ann)
    local a = on_bf(g, bears, ann)
    g:add_replacement{ event = "damage", applies = function(ev) return ev.combat == true end,
      replace = function() end }
    g:declare_attackers({ a })
    g:combat_damage()
    assert.are.equal(20, bob.life)
    g:damage(a, bob, 2)
    assert.are.equal(18, bob.life)
  end)
end)

describe("regeneration (2005: a replacement of destruction, 419.6b)", function()
  it("the next destruction this turn: tapped, damage removed, removed from combat instead", function()
    local g, ann, bob = game()
    g:set_active(ann)
    local a = on_bf(g, bears, ann)
    on_bf(g, bears, bob)
    g:declare_attackers({ a })
    g:regenerate(a)
    g:damage(a, a, 3)
    g:check_state()
    assert.are.equal("battlefield", a.zone)
    assert.is_true(a.tapped)
    assert.are.equal(0, a.damage)
    assert.is_false(a.attacking)
    assert.is_true(g:destroy(a))                -- the shield was used: this one destroys
    assert.are.equal("graveyard", a.zone)
  end)

  it("a blocker regenerated in the first-strike step is out of combat: it deals no regular damage", function()
    local g, ann, bob = game()
    g:set_active(ann)
    local knight = on_bf(g, arbiter.card{ name = "Youthful Knight", types = { "Creature" }, power = 2,
      toughness = 1, abilities = { "first strike" } }, ann)
    local b = on_bf(g, bears, bob)
    g:declare_attackers({ knight })
    g:declare_blockers({ [b] = knight })
    g:regenerate(b)
    g:combat_damage()
    assert.are.equal("battlefield", b.zone)       -- regenerated: tapped, no damage, out of combat
    assert.is_true(b.tapped)
    assert.are.equal(0, b.damage)
    assert.are.equal("battlefield", knight.zone)  -- no damage back from it
    assert.are.equal(0, knight.damage)
    assert.are.equal(20, bob.life)                -- the knight stays blocked
  end)

  it("an attacker blocked by two, one regenerated out of combat: all its damage to the other one", function()
    -- g:blocks() no longer lists the removed blocker; the division question (asked) and the
    -- core's damage step (no agent) agree: it is no recipient, and the attacker stays blocked
    -- (seed 003, Declare Blockers: "even if all its blockers are removed")
    for _, ask in ipairs({ true, false }) do
      local g, ann, bob = game()
      g:set_active(ann)
      local wurm = on_bf(g, arbiter.card{ name = "Wurm", types = { "Creature" }, power = 5, toughness = 5 }, ann)
      local b1, b2 = on_bf(g, bears, bob), on_bf(g, bears, bob)
      local asked = 0
      if ask then
        g:set_agent(ann, { choose = function(_, what, options)
          if what == "damage" then asked = asked + 1 end
          return options[1]
        end })
      end
      g:declare_attackers({ wurm })
      g:declare_blockers({ [b1] = wurm, [b2] = wurm })
      g:regenerate(b2)
      assert.is_false(g:destroy(b2))              -- the shield: tapped, out of combat
      assert.are.equal(1, #g:blocks())
      assert.are.equal(b1, g:blocks()[1][1])
      g:combat_damage()
      assert.are.equal(0, asked)                   -- one blocker left: nothing to divide
      assert.are.equal("graveyard", b1.zone)
      assert.are.equal("battlefield", b2.zone)
      assert.are.equal(0, b2.damage)
      assert.are.equal(20, bob.life)               -- still blocked: no damage to the player
      assert.is_true(wurm.blocked)
    end
  end)

  it("a shield ends at the cleanup step, and doesn't apply to toughness 0", function()
    local g, ann = game()
    local b = on_bf(g, bears, ann)
    g:regenerate(b)
    g:cleanup_step()
    assert.is_true(g:destroy(b))
    local c = on_bf(g, bears, ann)
    g:regenerate(c)
    g:add_static{ affects = c, toughness = -2 }
    g:check_state()
    assert.are.equal("graveyard", c.zone)
  end)

  it("indestructible first: the shield isn't used", function()
    local g, ann = game()
    local d = on_bf(g, golem, ann)
    g:regenerate(d)
    assert.is_false(g:destroy(d))
    assert.is_false(d.tapped)
  end)
end)

describe("counters (418.5 the P/T layer; 217.1c a new object has none)", function()
  it("any name; +1/+1 and -1/-1 change P/T; 'counter' events; removing more than there are removes all", function()
    local g, ann = game()
    local b = on_bf(g, bears, ann)
    local evs = {}
    g:on("counter", function(ev) evs[#evs + 1] = { ev.name, ev.amount } end)
    b:add_counters("+1/+1", 2)
    b:add_counters("charge", 3)
    b:add_counters("-1/-1", 1)
    assert.are.equal(3, b.power)
    assert.are.equal(2, b:counters("+1/+1"))
    assert.are.equal(3, b:counters("charge"))
    assert.are.same({ ["+1/+1"] = 2, charge = 3, ["-1/-1"] = 1 }, b:counters())
    local other = on_bf(g, bears, ann)
    other:add_counters("charge", 7)
    b:remove_counters("charge", 5)
    assert.are.equal(0, b:counters("charge"))
    assert.are.same({ { ["+1/+1"] = 2, ["-1/-1"] = 1 }, { charge = 7 } }, { b:counters(), other:counters() })
    assert.are.same({ { "+1/+1", 2 }, { "charge", 3 }, { "-1/-1", 1 }, { "charge", 7 }, { "charge", -3 } }, evs)
  end)

  it("'counter' events are replaceable (twice as many)", function()
    local g, ann = game()
    local b = on_bf(g, bears, ann)
    g:add_replacement{ event = "counter", replace = function(ev) ev.amount = ev.amount * 2; return ev end }
    b:add_counters("+1/+1", 1)
    assert.are.equal(2, b:counters("+1/+1"))
    assert.are.equal(4, b.power)
  end)

  it("counters go with the object: gone when it changes zones; -1/-1 counters can kill (toughness 0)", function()
    local g, ann = game()
    local b = on_bf(g, bears, ann)
    b:add_counters("+1/+1", 1)
    g:move(b, "hand")
    assert.are.equal(0, b:counters("+1/+1"))
    g:move(b, "battlefield")
    b:add_counters("-1/-1", 2)
    g:check_state()
    assert.are.equal("graveyard", b.zone)
  end)

  it("undone with the action that put them (422)", function()
    local g, ann = game()
    local b = on_bf(g, bears, ann)
    assert.is_false((g:attempt(function() b:add_counters("+1/+1", 3); error("no") end)))
    assert.are.equal(0, b:counters("+1/+1"))
    assert.are.equal(2, b.power)
  end)
end)

describe("example cards: Guardian Beast, Whirling Dervish (418; 410.2)", function()
  it("Guardian Beast: while untapped, its controller's noncreature artifacts are indestructible, "
    .. "can't be enchanted and don't change control", function()
    local g, ann, bob = game()
    local beast = permanent(g, "guardian_beast", ann)
    local r = on_bf(g, relic, ann)
    local lure = on_bf(g, card("lure").def, bob)
    assert.is_true(r:has("indestructible"))
    assert.is_false(g:destroy(r))
    assert.is_false(g:attach(lure, r))
    g:gain_control(r, bob)
    assert.are.equal(ann, r.controller)
    beast:tap()
    assert.is_false(r:has("indestructible"))
    g:gain_control(r, bob)
    assert.are.equal(bob, r.controller)
    beast:untap()
    assert.is_false(r:has("indestructible"))    -- now Bob's: not Ann's Beast's business
    assert.is_true(g:destroy(r))
  end)

  it("Whirling Dervish: a +1/+1 counter at the end step of a turn it dealt damage to an opponent", function()
    local g, ann, bob = game()
    g:set_active(ann)
    local d = permanent(g, "whirling_dervish", ann)
    g:begin_turn(ann)
    g:untap_step()
    g:end_step()
    assert.are.equal(0, d:counters("+1/+1"))     -- no damage dealt this turn
    g:begin_turn(ann)
    g:untap_step()
    g:declare_attackers({ d })
    g:combat_damage()
    g:end_combat()
    assert.are.equal(19, bob.life)
    g:end_step()
    assert.are.equal(1, d:counters("+1/+1"))
    assert.are.equal(2, d.power)
  end)
end)
