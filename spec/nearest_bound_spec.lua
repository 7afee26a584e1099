-- g:nearest_legal_block (issue 28 item 2): the legal block declaration (500.3: every
-- restriction obeyed; 500.4: the most requirements obeyed) with the fewest changes from a wish.
-- By default its search is sized by the maximum's own work (csrc/lcombat_block.c,
-- ARB_LC_NEAR_FACTOR x (16 + the maximum's nodes + creatures)): a board where the nearest can't
-- be proved answers "unproved, nearest found" at about the maximum's cost instead of spending
-- the whole combat budget; opts.exact searches the whole budget. Measured by instruction budgets
-- (arbiter.load_script), never by time.
local H = require("helpers")
local arbiter = H.arbiter

local MENACE = "can't be blocked except by two or more creatures"

-- n menace attackers (every other one with Lure) against n + 1 blockers (every other one
-- "blocks each combat if able"): nobody blocking is illegal, and proving the nearest legal
-- declaration is a long search
local function board(n)
  local g, ann, bob = H.game{ seed = 5 }
  local function cr(p, ab)
    return g:create(arbiter.card{ name = "C", types = { "Creature" }, power = 2, toughness = 2, abilities = ab },
      { owner = p, zone = "battlefield" })
  end
  local atk = {}
  for i = 1, n do atk[i] = cr(ann, i % 2 == 0 and { MENACE, "lure" } or { MENACE }) end
  g:begin_turn(ann)
  g:declare_attackers(atk)
  for i = 1, n + 1 do cr(bob, i % 2 == 0 and { "blocks each combat if able" } or {}) end
  g:set_combat_budget(20000)
  return g
end

local function count(decl) local n = 0 for _ in pairs(decl) do n = n + 1 end return n end

describe("nearest legal blocks answered within a bound (500.3, 500.4)", function()
  it("unproved on a hard board, a legal declaration, at a small part of the whole search", function()
    local g = board(10)
    local near, changes, proved = g:nearest_legal_block({})
    local exact_near, exact_changes, exact_proved = g:nearest_legal_block({}, { exact = true })
    assert.is_false(proved)
    assert.is_false(exact_proved)                 -- 20,000 nodes don't prove it either
    assert.is_true((g:check_block(near)))         -- 500.3, 500.4: legal
    assert.is_true((g:check_block(exact_near)))
    assert.are.equal(count(near), changes)        -- from nobody blocking: one change per blocker
    assert.is_true(changes >= exact_changes)      -- the longer search is at least as near
    -- the bounded search fits a script's budget of 10^5 instructions (a combat node is charged
    -- 64); the whole budget's search (20,000 nodes) doesn't
    local src = [[return function(g, o) local d, n = g:nearest_legal_block({}, o) return n end]]
    local opts = { name = "near", instructions = 100000, memory = 67108864, lifetime_memory = 67108864 }
    assert.are.equal(changes, arbiter.load_script(src, opts)(g, nil))
    local ok, err = pcall(arbiter.load_script(src, opts), g, { exact = true })
    assert.is_false(ok)
    assert.truthy(tostring(err):find("instruction budget"), err)
  end)

  it("proved where the board is small: the same answer as the whole search", function()
    local g = board(3)
    local near, changes, proved = g:nearest_legal_block({})
    local near2, changes2, proved2 = g:nearest_legal_block({}, { exact = true })
    assert.is_true(proved)
    assert.is_true(proved2)
    assert.are.equal(changes2, changes)
    assert.are.same(near2, near)
  end)

  it("opts.exact must be a boolean", function()
    local g = board(3)
    local ok, err = pcall(g.nearest_legal_block, g, {}, { exact = "yes" })
    assert.is_false(ok)
    assert.truthy(err:find("nearest_legal_block", 1, true) and err:find("opts.exact", 1, true), err)
  end)
end)
