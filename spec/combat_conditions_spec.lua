-- Declaration-wide combat restrictions from scripts (500.1; the contract's "Combat conditions"):
-- a creature's attack_condition ("can't attack unless two other creatures attack") and an
-- attacker's blocked_condition ("can't be blocked unless all creatures defending player controls
-- block it", Tromokratis), judged exactly by the solver (500.2-500.4). Random boards against a brute
-- force: spec/combat_diff_spec.lua ("500.1 differential", "502.10 differential").
local arbiter = require("arbiter")

local function setup()
  local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 5 }
  local ann, bob = g.players[1], g.players[2]
  local n = 0
  local function cr(p, abil, extra)
    n = n + 1
    local spec = { name = "C" .. n, types = { "Creature" }, power = 2, toughness = 2, abilities = abil or {} }
    for k, v in pairs(extra or {}) do spec[k] = v end
    return g:create(arbiter.card(spec), { owner = p, zone = "battlefield" })
  end
  return g, ann, bob, cr
end

-- "can't attack unless two other creatures attack"
local function two_others(attackers) return #attackers >= 3 end

describe("500.1: attack_condition", function()
  it("a creature that can't attack unless two other creatures attack", function()
    local g, ann, _, cr = setup()
    local orc = cr(ann, {}, { attack_condition = two_others })
    local a, b = cr(ann), cr(ann)
    assert.is_true(g:check_attack({ orc, a, b }))
    local ok, msg = g:check_attack({ orc, a })
    assert.is_false(ok)
    assert.matches("500.1/500.2: C1#0 can't attack unless its condition holds", msg, 1, true)
    assert.is_true(g:check_attack({ a }))
    for _, decl in ipairs(g:legal_attacks()) do
      local has = false
      for _, c in ipairs(decl) do if c == orc then has = true end end
      assert.is_true(not has or #decl == 3)
    end
    assert.equal(5, #g:legal_attacks())   -- the 8 subsets but {orc}, {orc, a}, {orc, b}
  end)

  it("requirements weighed against it (500.4): 'attacks each combat if able' with too few others", function()
    local g, ann, _, cr = setup()
    local orc = cr(ann, { "attacks each combat if able" }, { attack_condition = two_others })
    local a = cr(ann)
    assert.equal(0, g:max_attack_requirements())   -- it can't attack with one other: exempt in effect
    assert.is_true(g:check_attack({}))
    local b = cr(ann)
    assert.equal(1, g:max_attack_requirements())
    assert.is_false(g:check_attack({ a, b }))
    assert.same({ orc, a, b }, (g:nearest_legal_attack({ a, b })))
  end)

  it("an error in the condition is raised, the game unchanged", function()
    local g, ann, _, cr = setup()
    local bad = cr(ann, {}, { attack_condition = function() error("boom", 0) end })
    assert.has_error(function() g:check_attack({ bad }) end, "boom")
    assert.is_false(bad.attacking)
  end)

  it("the card's definition checks the field", function()
    assert.has_error(function()
      arbiter.card{ name = "X", types = { "Creature" }, power = 1, toughness = 1, attack_condition = 3 }
    end)
  end)
end)

describe("500.1: blocked_condition (Tromokratis)", function()
  -- "can't be blocked unless all creatures defending player controls block it"
  local function all_block(self, g, blocks)
    for _, c in ipairs(g:permanents(self.controller == g.players[1] and g.players[2] or g.players[1], "Creature")) do
      local found = false
      for _, a in ipairs(blocks[c] or {}) do if a == self then found = true end end
      if not found then return false end
    end
    return true
  end

  it("is blocked by all of the defending player's creatures or by none", function()
    local g, ann, bob, cr = setup()
    local tromo = cr(ann, {}, { blocked_condition = all_block })
    local b1, b2 = cr(bob), cr(bob)
    g:declare_attackers({ tromo })
    local ok, msg = g:check_block({ [b1] = tromo })
    assert.is_false(ok)
    assert.matches("C1#0 can't be blocked by these blocks", msg, 1, true)
    assert.is_true(g:check_block({ [b1] = tromo, [b2] = tromo }))
    assert.is_true(g:check_block({}))
    assert.equal(2, #g:legal_blocks())
  end)

  it("a Lure on it: both must block (500.4 over the condition)", function()
    local g, ann, bob, cr = setup()
    local tromo = cr(ann, { "lure" }, { blocked_condition = all_block })
    local b1, b2 = cr(bob), cr(bob)
    g:declare_attackers({ tromo })
    assert.equal(2, g:max_block_requirements())
    assert.is_false(g:check_block({ [b1] = tromo }))
    g:declare_blockers({ [b1] = tromo, [b2] = tromo })
    assert.equal(2, #g:blocks())
  end)
end)
