-- 422 for settings (lua/arbiter/settings.lua, csrc/settings.c): a failed g:attempt, or any call
-- that fails, undoes every setting it changed, on the Lua side too: house rules added, limits,
-- the combat budget, agents, declared events, combat costs. A successful one keeps them.
local H = require("helpers")
local arbiter = H.arbiter

local function fails(g, fn)
  local ok, err = g:attempt(function(game) fn(game); error("undo it") end)
  assert.is_false(ok)
  assert.is_truthy(tostring(err):find("undo it", 1, true))
end

describe("422: a failed action undoes the settings it changed", function()
  it("agents set (g:set_agent)", function()
    local g, ann = H.game()
    local mine = { may = function() return true end }
    g:set_agent(ann, mine)
    fails(g, function(game) game:set_agent(ann, { may = function() return false end }) end)
    assert.are.equal(mine, g:agent(ann))
    fails(g, function(game) game:set_agent(ann, nil) end)
    assert.are.equal(mine, g:agent(ann))
    assert.is_true(arbiter.ask_may(g, ann, "x"))          -- and it is the one asked
  end)

  it("events declared (g:declare_event): the name is unknown again", function()
    local g = H.game()
    fails(g, function(game) game:declare_event("cycle"); game:on("cycle", function() end) end)
    assert.has_error(function() g:on("cycle", function() end) end)
    g:declare_event("cycle")                               -- declared by an action that stands
    g:on("cycle", function() end)
  end)

  it("limits (g:set_limits), the core's and loop_iterations", function()
    local g = H.game()
    local before = g:set_limits()
    fails(g, function(game) game:set_limits{ settle_rounds = 7, replacement_depth = 3, loop_iterations = 5 } end)
    assert.are.same(before, g:set_limits())
  end)

  it("the combat budget (g:set_combat_budget)", function()
    local g = H.game()
    g:set_combat_budget(5000)
    fails(g, function(game) game:set_combat_budget(77) end)
    assert.are.equal(5000, g:combat_budget())
  end)

  it("house rules added (g:add_house_rule), and their setup's own changes", function()
    local g, ann = H.game()
    local rule = { name = "Extra life", starting_life = function(_, life) return life + 5 end,
      setup = function(game) game:set_limits{ settle_rounds = 9 } end }
    local before = g:set_limits()
    fails(g, function(game) game:add_house_rule(rule) end)
    assert.are.equal(0, #g:house_rules())
    assert.are.same(before, g:set_limits())
    g:start()
    assert.are.equal(20, ann.life)                       -- the rule is not there
  end)

  it("a house rule whose setup raises is not added (the call fails as a whole)", function()
    local g = H.game()
    local ok = pcall(g.add_house_rule, g, { setup = function(game)
      game:declare_event("boom"); error("setup failed") end })
    assert.is_false(ok)
    assert.are.equal(0, #g:house_rules())
    assert.has_error(function() g:on("boom", function() end) end)
  end)

  it("combat costs added and removed", function()
    local g = H.game()
    local h = g:add_combat_cost{ kind = "attack", applies = function() return true end }
    fails(g, function(game)
      game:remove_combat_cost(h)
      game:add_combat_cost{ kind = "block", applies = function() return true end }
    end)
    local bear = g:create(H.bear, { owner = g.players[1], zone = "battlefield", sick = false })
    local ok = g:check_attack({ bear })                  -- the cost still applies (unpaid)
    assert.is_false(ok)
    assert.is_true((g:check_attack({ bear }, { pay = { bear } })))
  end)

  it("a clone removing a combat cost through the shared handle leaves the original's in force", function()
    local g = H.game()
    local h = g:add_combat_cost{ kind = "attack", applies = function() return true end }
    local bear = g:create(H.bear, { owner = g.players[1], zone = "battlefield", sick = false })
    local copy = g:clone()
    copy:remove_combat_cost(h)
    assert.is_true((copy:check_attack({ copy:card(bear.id) })))   -- gone in the clone
    assert.is_false((g:check_attack({ bear })))                    -- still unpaid here
    g:remove_combat_cost(h)
    assert.is_true((g:check_attack({ bear })))
  end)

  it("nested: the inner failure undoes its own changes only; the outer success keeps its own", function()
    local g, ann, bob = H.game()
    local a1, a2 = { may = function() return true end }, { may = function() return false end }
    assert.is_true(g:attempt(function(game)
      game:set_agent(ann, a1)
      fails(game, function(inner) inner:set_agent(bob, a2); inner:set_agent(ann, a2) end)
      assert.are.equal(a1, game:agent(ann))
      assert.is_nil(game:agent(bob))
    end))
    assert.are.equal(a1, g:agent(ann))
    assert.is_nil(g:agent(bob))
  end)

  it("a successful attempt keeps every setting; later failures don't reach back to it", function()
    local g, ann = H.game()
    local a = { may = function() return true end }
    assert.is_true(g:attempt(function(game)
      game:set_agent(ann, a)
      game:declare_event("cycle")
      game:set_limits{ settle_rounds = 77 }
    end))
    fails(g, function(game) game:set_limits{ settle_rounds = 5 } end)
    assert.are.equal(a, g:agent(ann))
    assert.are.equal(77, g:set_limits().settle_rounds)
    g:on("cycle", function() end)
  end)

  it("a card script's error inside a call undoes the settings the call's scripts changed", function()
    local g, ann = H.game()
    H.deck(g, ann, 2)
    g:trigger{ event = "draw", controller = ann, effect = function(_, game)
      game:set_limits{ settle_rounds = 3 }
      game:declare_event("late")
      error("script bug")
    end }
    g:draw(ann)
    local before = g:set_limits()
    assert.has_error(function() g:settle() end)
    assert.are.same(before, g:set_limits())
    assert.has_error(function() g:on("late", function() end) end)
  end)

  it("a clone's failed action undoes the clone's settings, not the original's", function()
    local g, ann = H.game()
    local a = { may = function() return true end }
    assert.is_true(g:attempt(function(game) game:set_agent(ann, a) end))
    local c = g:clone()
    local cann = c.players[1]
    fails(c, function(game) game:set_agent(cann, nil) end)
    assert.are.equal(a, c:agent(cann))
    assert.are.equal(a, g:agent(ann))
  end)
end)

describe("422: every setting flipped inside a failed g:attempt leaves the game as it was", function()
  it("no_mana_burn added and undone: mana burn is back (life 20 -> 18, as without the attempt)", function()
    local g, ann = H.game()
    local before = g:state_hash(true)
    fails(g, function(game) game:add_house_rule(arbiter.house.no_mana_burn) end)
    assert.are.equal(before, g:state_hash(true))
    g:begin_turn(ann)
    g:upkeep_step()
    g:add_mana(ann, "{G}{G}")
    g:draw_step()                                        -- the pool empties: 2 life lost (003)
    assert.same({ 0, 18 }, { ann.mana.green, ann.life })
  end)

  it("the state hash covers the no_mana_burn house rule", function()
    local g = H.game()
    local before = g:state_hash()
    g:add_house_rule(arbiter.house.no_mana_burn)
    assert.are_not.equal(before, g:state_hash())
  end)

  -- each public setter, inside a failed attempt: the state hash (with what is pending) is unchanged
  local setters = {
    { "g:add_house_rule(no_mana_burn)", function(g) g:add_house_rule(arbiter.house.no_mana_burn) end },
    { "g:set_agent with a priority answer", function(g, ann) g:set_agent(ann, { priority = function() end }) end },
    { "g:set_limits", function(g) g:set_limits{ settle_rounds = 7, replacement_depth = 3 } end },
    { "g:set_active", function(g, _, bob) g:set_active(bob) end },
    { "g:set_combat_budget", function(g) g:set_combat_budget(77) end },
    { "g:declare_event", function(g) g:declare_event("flip") end },
    { "g:add_combat_cost", function(g) g:add_combat_cost{ kind = "attack", applies = function() return true end } end },
  }
  for _, row in ipairs(setters) do
    it(row[1], function()
      local g, ann, bob = H.game()
      local before = g:state_hash(true)
      fails(g, function(game) row[2](game, ann, bob) end)
      assert.are.equal(before, g:state_hash(true))
    end)
  end
end)

describe("422: an error undoing a Lua-side setting is raised, not dropped", function()
  it("g:attempt raises it, naming the undo, instead of returning false as if all were undone", function()
    local internal = require("arbiter.internal")
    internal._undo_kinds.boom = function() error("cannot undo this") end
    local g = H.game()
    local ok, err = pcall(g.attempt, g, function(game)
      internal._note_setting(game, "boom", {})
      error("undo it")
    end)
    internal._undo_kinds.boom = nil
    assert.is_false(ok)
    assert.matches("undoing the settings of a failed action raised: .*cannot undo this", err)
    g:set_limits{ settle_rounds = 9 }                    -- the game goes on
    assert.are.equal(9, g:set_limits().settle_rounds)
  end)
end)

describe("g:add_house_rule: bad input names the argument and changes nothing (422)", function()
  it("a rule that isn't a table; a setup that isn't a function", function()
    local g = H.game()
    local h = g:state_hash(true)
    assert.has_error(function() g:add_house_rule("land_mulligan") end,
      "bad argument #1 to 'add_house_rule' (table expected, got \"land_mulligan\")")
    assert.has_error(function() g:add_house_rule({ setup = 5 }) end,
      "bad argument #1 to 'add_house_rule' (setup: function expected, got 5)")
    assert.are.equal(0, #g:house_rules())
    assert.are.equal(h, g:state_hash(true))
  end)
end)
