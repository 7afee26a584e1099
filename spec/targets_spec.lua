-- Targets (413): the vocabulary, filters, choice on casting, activation and for triggered
-- abilities as they go on the stack; re-checked on resolution (all illegal: countered; some
-- illegal: those aren't affected).
local H = require("spec.helpers")
local arbiter = H.arbiter

local bear = H.bear
local wall = arbiter.card{ name = "Wall", types = { "Artifact", "Creature" }, power = 0, toughness = 4 }
local land = arbiter.card{ name = "Waste", types = { "Land" } }

local function spell(targets, resolve)
  return arbiter.card{ name = "Spell", types = { "Instant" }, targets = targets, resolve = resolve }
end

describe("target kinds (413)", function()
  it("candidates follow the vocabulary; a filter narrows them", function()
    local g, ann, bob = H.game()
    local b = g:create(bear, { owner = ann, zone = "battlefield" })
    local w = g:create(wall, { owner = bob, zone = "battlefield" })
    local l = g:create(land, { owner = bob, zone = "battlefield" })
    g:create(bear, { owner = bob, zone = "graveyard" })        -- not on the battlefield
    local function cands(spec)
      local out = {}
      for i, x in ipairs(require("arbiter.internal")._target_candidates(g, spec, nil, nil)) do out[i] = tostring(x) end
      table.sort(out)
      return out
    end
    assert.same({ tostring(b), tostring(w) }, cands("creature"))
    assert.same({ "Ann", "Bob" }, cands("player"))
    assert.same({ "Ann", "Bob", tostring(b), tostring(w) }, cands("creature or player"))
    assert.same({ tostring(b), tostring(w), tostring(l) }, cands("permanent"))   -- sorted: B, W, W
    assert.same({ tostring(l) }, cands("land"))
    assert.same({ tostring(w) }, cands("artifact"))
    assert.same({ tostring(w) }, cands({ what = "creature", filter = function(x, game) return x.controller == game.players[2] end }))
    assert.error_matches(function() spell({ "planeswalker" }) end, "unknown target kind \"planeswalker\"")
  end)

  it("the caster's agent chooses each target: choose(p, 'target', legal, ctx)", function()
    local g, ann, bob = H.game()
    local b = g:create(bear, { owner = bob, zone = "battlefield" })
    local seen
    g:set_agent(ann, { choose = function(_, what, options, ctx)
      if what == "target" then seen = { #options, ctx.index } end
      return options[#options]
    end })
    local c = g:create(spell({ "creature or player" }), { owner = ann, zone = "hand" })
    local o = g:cast(ann, c)
    assert.same({ 3, 1 }, seen)
    assert.equal(b, o.targets[1])
  end)

  it("no legal target: the spell can't be cast, and nothing changes", function()
    local g, ann = H.game()
    local c = g:create(spell({ "creature" }), { owner = ann, zone = "hand" })
    local before = g:state_hash()
    assert.error_matches(function() g:cast(ann, c) end, "no legal target for target 1 %(creature%) %(413%)")
    assert.equal(before, g:state_hash())
  end)
end)

describe("targets on resolution (413)", function()
  local hit = {}
  local zap = spell({ "creature", "creature" }, function(obj, g, src)
    for i = 1, 2 do
      hit[i] = obj.targets[i]
      if obj.targets[i] then g:damage(src, obj.targets[i], 2) end
    end
  end)

  it("all targets illegal (left the battlefield): countered, to the graveyard, no effect", function()
    local g, ann, bob = H.game()
    local b1 = g:create(bear, { owner = bob, zone = "battlefield" })
    local b2 = g:create(bear, { owner = bob, zone = "battlefield" })
    local c = g:create(zap, { owner = ann, zone = "hand" })
    hit = {}
    g:cast(ann, c, { targets = { b1, b2 } })
    g:move(b1, "hand")
    g:move(b2, "hand")
    g:settle()
    assert.same({}, hit)                                   -- resolve never ran
    assert.equal("graveyard", c.zone)
  end)

  it("some illegal: those read false and aren't affected", function()
    local g, ann, bob = H.game()
    local b1 = g:create(bear, { owner = bob, zone = "battlefield" })
    local b2 = g:create(wall, { owner = bob, zone = "battlefield" })
    local c = g:create(zap, { owner = ann, zone = "hand" })
    hit = {}
    g:cast(ann, c, { targets = { b1, b2 } })
    g:move(b1, "graveyard")
    g:settle()
    assert.same({ false, b2 }, hit)
    assert.equal(2, b2.damage)
  end)

  it("a filter checked again: a creature that changed controller is illegal", function()
    local g, ann, bob = H.game()
    local b = g:create(bear, { owner = bob, zone = "battlefield" })
    local steal = spell({ { what = "creature", filter = function(x, game, src) return x.controller ~= src.controller end } },
      function(obj, game) game:damage(nil, obj.targets[1], 5) end)
    local c = g:create(steal, { owner = ann, zone = "hand" })
    g:cast(ann, c, { targets = { b } })
    g:gain_control(b, ann)
    g:settle()
    assert.equal("battlefield", b.zone)                   -- countered: no damage
    assert.equal(0, b.damage)
  end)

  it("a player who lost is an illegal target", function()
    local g, ann, bob, cid = H.game{ players = { "Ann", "Bob", "Cid" } }
    local c = g:create(spell({ "player" }, function(obj, game) game:damage(nil, obj.targets[1], 1) end),
      { owner = ann, zone = "hand" })
    g:cast(ann, c, { targets = { cid } })
    g:concede(cid)
    g:settle()
    assert.equal("graveyard", c.zone)
    assert.equal(20, bob.life)
    assert.equal(0, #H.events(g, "damage"))
  end)
end)

describe("targets of triggered abilities (413)", function()
  it("are chosen by the controller's agent as the ability goes on the stack, and re-checked", function()
    local g, ann, bob = H.game()
    local b = g:create(bear, { owner = bob, zone = "battlefield" })
    local asked = 0
    g:set_agent(ann, { choose = function(_, what, options)
      if what == "target" then asked = asked + 1 end
      return options[#options]
    end })
    local got
    g:trigger{ event = "draw", controller = ann, targets = { "creature or player" },
      effect = function(_, game, _, obj) got = obj.targets[1]; game:damage(nil, obj.targets[1], 1) end }
    H.deck(g, ann, 2)
    g:draw(ann)
    assert.equal(0, asked)                                -- waiting: not on the stack yet
    g:settle()
    assert.equal(1, asked)
    assert.equal(b, got)
    assert.equal(1, b.damage)
    -- re-checked: the target left before it resolved, so it does nothing
    got = nil
    g:set_agent(bob, { priority = function(_, game)
      if b.zone == "battlefield" and #game:stack_objects() > 0 then game:move(b, "hand") end
    end })
    g:create(spell({ "player" }), { owner = bob, zone = "hand" })   -- so Bob is asked
    g:draw(ann)
    g:settle()
    assert.is_nil(got)
  end)

  it("with no legal target the ability is removed from the stack", function()
    local g, ann = H.game()
    local ran = false
    g:trigger{ event = "draw", controller = ann, targets = { "creature" }, effect = function() ran = true end }
    H.deck(g, ann, 1)
    g:draw(ann)
    g:settle()
    assert.is_false(ran)
    assert.equal(0, #g:stack_objects())
  end)
end)

describe("casting: bad input (405, 413, 116), each naming the argument, the game unchanged", function()
  it("raises for each case", function()
    local g, ann, bob = H.game()
    local b = g:create(bear, { owner = bob, zone = "battlefield" })
    local c = g:create(spell({ "creature" }), { owner = ann, zone = "hand" })
    local l = g:create(land, { owner = ann, zone = "hand" })
    local lib = g:create(spell(nil), { owner = ann })
    local before = g:state_hash()
    local cases = {
      { function() g:cast(bob, c, { targets = { b } }) end, "#2 to 'cast'.*not in Bob's hand %(405.1" },
      { function() g:cast(ann, lib) end, "#2 to 'cast'.*not in Ann's hand" },
      { function() g:cast(ann, l) end, "#2 to 'cast'.*is a land" },
      { function() g:cast(ann, c, { targets = {} }) end, "#4 to 'cast'.*needs 1 target%(s%), got 0" },
      { function() g:cast(ann, c, { targets = { b, b } }) end, "needs 1 target%(s%), got 2" },
      { function() g:cast(ann, c, { targets = { bob } }) end, "#4 to 'cast'.*not a legal creature" },
      { function() g:cast(ann, c, { targets = { b }, x = 1 }) end, "#3 to 'cast'.*no {X}" },
      { function() g:cast(ann, c, { targets = "b" }) end, "targets must be a list" },
      { function() g:cast(ann, c, 5) end, "#3 to 'cast'" },
      { function() g:cast("Ann", c) end, "#1 to 'cast'" },
      { function() g:cast(ann, b) end, "#2 to 'cast'" },
    }
    for i, case in ipairs(cases) do
      assert.error_matches(case[1], case[2], nil, "case " .. i)
      assert.equal(before, g:state_hash(), "case " .. i)
    end
  end)

  it("a spell can't target itself; counter on a non-object names argument 2", function()
    local g, ann = H.game()
    local cs = g:create(spell({ "spell" }), { owner = ann, zone = "hand" })
    assert.error_matches(function() g:cast(ann, cs) end, "no legal target")
  end)
end)

describe("targets and continuous effects (418)", function()
  it("a card that can't be targeted isn't a legal target; types come from effects (c:is)", function()
    local g, ann, bob = H.game()
    local b = g:create(bear, { owner = bob, zone = "battlefield" })
    local l = g:create(land, { owner = bob, zone = "battlefield" })
    local c = g:create(spell({ "creature" }), { owner = ann, zone = "hand" })
    local e = g:add_static{ affects = function(x) return x == b end, prohibit = "be targeted" }
    assert.error_matches(function() g:cast(ann, c, { targets = { b } }) end, "not a legal creature")
    assert.error_matches(function() g:cast(ann, c) end, "no legal target")
    g:remove_static(e)
    g:add_static{ affects = function(x) return x == l end, types = { "Creature" }, set_power = 1, set_toughness = 1 }
    local o = g:cast(ann, c, { targets = { l } })        -- an animated land is a creature (418)
    assert.equal(l, o.targets[1])
  end)

  it("a player under a \"can't cast\" effect can't cast (the game unchanged)", function()
    local g, ann = H.game()
    local c = g:create(spell(nil), { owner = ann, zone = "hand" })
    g:add_static{ affects = function(x) return x == ann end, prohibit = "cast" }
    local before = g:state_hash()
    assert.error_matches(function() g:cast(ann, c) end, "#1 to 'cast'.*can't cast")
    assert.equal(before, g:state_hash())
  end)

  it("an Aura spell targets what it enchants and enters attached to it; with the target gone it is countered", function()
    local g, ann, bob = H.game()
    local b = g:create(bear, { owner = bob, zone = "battlefield" })
    local aura = arbiter.card{ name = "Pacifism", types = { "Enchantment" }, subtypes = { "Aura" }, targets = { "creature" } }
    local a = g:create(aura, { owner = ann, zone = "hand" })
    g:cast(ann, a, { targets = { b } })
    g:settle()
    assert.equal("battlefield", a.zone)
    assert.equal(b, a.attached_to)
    assert.equal(ann, a.controller)
    local a2 = g:create(aura, { owner = ann, zone = "hand" })
    g:cast(ann, a2, { targets = { b } })
    g:move(b, "graveyard")
    g:settle()
    assert.equal("graveyard", a2.zone)                  -- 413: its only target is gone
  end)

  -- a search for a target of one card type reads the battlefield's cards of that type only
  -- (GI._zone_cards_of, by current types): the same candidates in the same order, and a filter
  -- sees only cards of that type
  it("413: target creature and target land by current types, in battlefield order; the filter sees only those", function()
    local g, ann, bob = H.game()
    local l1 = g:create(land, { owner = ann, zone = "battlefield" })
    g:create(bear, { owner = bob, zone = "battlefield" })
    local l2 = g:create(land, { owner = bob, zone = "battlefield" })
    local w = g:create(wall, { owner = ann, zone = "battlefield" })
    g:add_static{ affects = l2, types = "Creature", set_power = 1, set_toughness = 1 }   -- an animated land
    local seen = {}
    local spec = { what = "creature", filter = function(c) seen[#seen + 1] = c return true end }
    local function cands(s)
      local out = {}
      for i, x in ipairs(require("arbiter.internal")._target_candidates(g, s, nil, nil)) do out[i] = x end
      return out
    end
    local bf = g.battlefield:cards()
    local want = {}
    for _, c in ipairs(bf) do if c:is("Creature") then want[#want + 1] = c end end
    assert.same(want, cands(spec))
    assert.same(want, seen)                                   -- no land but the animated one asked
    assert.equal(3, #want)                                    -- the Bear, the animated Waste, the Wall
    local lands = cands("land")
    assert.same({ "Waste", "Waste" }, { lands[1].name, lands[2].name })
    assert.is_true((lands[1] == l1 and lands[2] == l2) or (lands[1] == l2 and lands[2] == l1))
    assert.is_true(require("arbiter.internal")._has_target(g, "artifact", nil, nil))
    g:move(w, "graveyard")
    assert.is_false(require("arbiter.internal")._has_target(g, "artifact", nil, nil))
  end)
end)

