-- The combat solver's API around 500.4 (legal iff as many requirements as the most any
-- restriction-obeying declaration obeys): the maximum is cached per combat state and
-- dropped on any change; the node budget is the game's; an unproved maximum is reported
-- as such and never turned into a wrong verdict.
local arbiter = require("arbiter")
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions

local MENACE = "can't be blocked except by two or more creatures"

local function setup()
  local g = arbiter.new_game{players = {"Ann", "Bob"}, seed = 3}
  local ann, bob = g.players[1], g.players[2]
  local n = 0
  local function cr(p, abil, extra)
    n = n + 1
    local spec = {name = "C" .. n, types = {"Creature"}, power = 2, toughness = 2, abilities = abil or {}}
    for k, v in pairs(extra or {}) do spec[k] = v end
    return g:create(arbiter.card(spec), {owner = p, zone = "battlefield"})
  end
  return g, ann, bob, cr
end

-- A board the layers below branch and bound can't certify: menace attackers (min-blocker
-- thresholds) with Lures, blockers with "blocks each combat if able", reach and capacity.
local function threshold_board()
  local g, ann, bob, cr = setup()
  local s = 15
  local function r(k)   -- s = (s * 1103515245 + 12345) mod 2^31, every product exact in a double
    s = ((s * 16838 % 32768) * 65536 + s * 20077 + 12345) % 2147483648
    return math.floor(s / 256) % k
  end
  local atk = {}
  for i = 1, 6 do
    local ab = {MENACE}
    if r(2) == 0 then ab[#ab + 1] = "lure" end
    if r(3) == 0 then ab[#ab + 1] = "flying" end
    atk[i] = cr(ann, ab)
  end
  g:declare_attackers(atk)
  for _ = 1, 7 do
    local ab = {}
    if r(2) == 0 then ab[#ab + 1] = "blocks each combat if able" end
    if r(3) == 0 then ab[#ab + 1] = "reach" end
    if r(4) == 0 then ab[#ab + 1] = "can block an additional creature" end
    cr(bob, ab)
  end
  return g
end

describe("the stuck games of other engines (issue 4, 500.3-500.4): Silent Arbiter with Lure and menace", function()
  local function arbiter_card(g, p)
    return g:create(arbiter.card{name = "Silent Arbiter", types = {"Artifact", "Creature"}, power = 1, toughness = 5,
      abilities = {"no more than one creature can attack each combat", "no more than one creature can block each combat"}},
      {owner = p, zone = "battlefield"})
  end

  it("Lure + Silent Arbiter: exactly one creature blocks the Lure creature (500.4)", function()
    local g, ann, bob, cr = setup()
    local lure, other = cr(ann, {"lure"}), cr(ann)
    arbiter_card(g, bob)
    assert.is_false(g:check_attack({lure, other}))        -- the attacking half (500.2)
    g:declare_attackers({lure})
    local b1, b2 = cr(bob), cr(bob)
    assert.equal(1, g:max_block_requirements())
    assert.is_true(g:check_block({[b1] = lure}))
    assert.is_true(g:check_block({[b2] = lure}))
    assert.is_false(g:check_block({}))
    local ok, msg = g:check_block({[b1] = lure, [b2] = lure})
    assert.is_false(ok)
    assert.matches("no more than 1", msg)
    assert.equal(3, #g:legal_blocks())                    -- one blocker each: b1, b2 or the Arbiter itself
  end)

  it("Lure + menace + Silent Arbiter: nobody can block it, so not blocking is legal", function()
    local g, ann, bob, cr = setup()
    local a = cr(ann, {"lure", MENACE})
    arbiter_card(g, ann)
    g:declare_attackers({a})
    local b1, b2 = cr(bob, {"blocks each combat if able"}), cr(bob)
    assert.equal(0, g:max_block_requirements())
    assert.is_true(g:check_block({}))
    assert.is_false(g:check_block({[b1] = a}))            -- too few blockers for menace
    assert.is_false(g:check_block({[b1] = a, [b2] = a}))  -- too many blocking creatures
    local legal = g:legal_blocks()
    assert.equal(1, #legal)
    assert.same({}, legal[1])
  end)
end)

describe("500.4 the maximum is cached per combat state", function()
  it("checking many proposals asks the Lua predicates once; any change asks again", function()
    local g, ann, bob, cr = setup()
    local asked = 0
    local a = cr(ann, {"lure"}, {can_be_blocked_by = function() asked = asked + 1; return true end})
    g:declare_attackers({a})
    local b1, b2 = cr(bob), cr(bob)
    assert.equal(2, g:max_block_requirements())
    local first = asked
    assert.equal(2, first)                        -- one question per pair
    assert.is_true(g:check_block({[b1] = a, [b2] = a}))
    assert.is_false(g:check_block({[b1] = a}))
    assert.is_false(g:check_block({}))
    assert.equal(first, asked)                    -- scored against the cached maximum
    b2:tap()                                      -- a change: tapped, exempt, can't block
    assert.equal(1, g:max_block_requirements())
    assert.is_true(g:check_block({[b1] = a}))
    assert.equal(first + 1, asked)
  end)

  it("a granted ability, a new creature and a rollback each change the answer", function()
    local g, ann, bob, cr = setup()
    local a1, a2 = cr(ann), cr(ann)
    g:declare_attackers({a1, a2})
    local b = cr(bob)
    assert.equal(0, g:max_block_requirements())
    a2:grant("lure")
    assert.equal(1, g:max_block_requirements())
    assert.is_false(g:check_block({[b] = a1}))
    local ok = g:attempt(function(game)
      cr(bob, {"blocks each combat if able"})
      assert.equal(3, game:max_block_requirements())   -- Lure + blocks-if-able for the new one
      error("undo")
    end)
    assert.is_false(ok)
    assert.equal(1, g:max_block_requirements())        -- rolled back: the old board again
    assert.is_true(g:check_block({[b] = a2}))
  end)

  it("paying a cost is a different question (500.3): keyed by the unpaid set", function()
    local g, ann, bob, cr = setup()
    local a = cr(ann, {"lure"})
    g:declare_attackers({a})
    local b = cr(bob)
    g:add_combat_cost{kind = "block", name = "Toll", applies = function(_, c) return c == b end}
    assert.equal(0, g:max_block_requirements())
    assert.equal(1, g:max_block_requirements({pay = {b}}))
    assert.is_true(g:check_block({}))
    assert.is_false(g:check_block({}, {pay = {b}}))
    assert.is_true(g:check_block({[b] = a}, {pay = {b}}))
    assert.is_false(g:check_block({[b] = a}))           -- unpaid: it can't block
  end)

  it("attacks are cached the same way", function()
    local g, ann, _, cr = setup()
    local asked = 0
    local eager = cr(ann, {"attacks each combat if able"}, {can_attack = function() asked = asked + 1; return true end})
    assert.equal(1, g:max_attack_requirements())
    assert.is_false(g:check_attack({}))
    assert.is_true(g:check_attack({eager}))
    assert.equal(1, asked)
    eager:tap()
    assert.equal(0, g:max_attack_requirements())
    assert.is_true(g:check_attack({}))
  end)
end)

describe("500.4 when the maximum can't be proved within the budget", function()
  it("the default budget proves this board exactly", function()
    local g = threshold_board()
    local max, info = g:max_block_requirements()
    assert.equal(13, max)
    assert.is_true(info.exact)
    -- certified by the threshold layers: the dive's declaration reaches the flow bound, or the
    -- branch and bound over thresholds proves it
    assert.truthy(info.layer == "flow" or info.layer == "branch")
  end)

  it("a tiny budget: max is nil with bounds, check says so and never claims a wrong verdict", function()
    local g = threshold_board()
    local exact_max, exact = g:max_block_requirements()
    local legal = g:legal_blocks({limit = 50})
    assert.equal(2000000, g:combat_budget())
    assert.equal(2000000, g:set_combat_budget(1))
    local max, info = g:max_block_requirements()
    assert.is_nil(max)
    assert.is_false(info.exact)
    assert.equal("budget", info.layer)
    assert.is_true(info.lower <= exact_max and exact_max <= info.upper)
    assert.is_true(info.lower < info.upper)
    -- a legal declaration is proved legal (its score reaches the upper bound) or undecided,
    -- never called illegal
    for _, d in ipairs(legal) do assert.is_not_false((g:check_block(d))) end
    -- the best declaration found (info.witness) obeys every restriction and info.lower
    -- requirements, below the upper bound: undecided, said so, with the way out
    local ok, msg = g:check_block(info.witness)
    assert.is_nil(ok)
    assert.matches("could not prove", msg)
    assert.matches("set_combat_budget", msg)
    -- below the best found is illegal for certain (500.4): nobody blocking obeys 0
    assert.is_true(info.lower > 0)
    ok, msg = g:check_block({})
    assert.is_false(ok)
    assert.matches("obeys 0 requirements, but one obeying " .. info.lower .. " exists", msg)
    -- a broken restriction is still certain: one blocker on a menace attacker (500.3)
    local a1 = g:attackers()[1]
    local lone
    for _, c in ipairs(g.battlefield:cards()) do if c.controller == g.players[2] and not lone then lone = c end end
    ok, msg = g:check_block({[lone] = a1})
    assert.is_false(ok)
    assert.matches("500.3", msg)
    -- declare_blockers refuses an undecided declaration, naming the budget; game unchanged
    local h = g:state_hash()
    local perr, err = pcall(g.declare_blockers, g, info.witness)
    assert.is_false(perr)
    assert.matches("could not prove", err)
    assert.equal(h, g:state_hash())
    g:set_combat_budget()                       -- back to the default
    assert.equal(exact_max, g:max_block_requirements())
    assert.is_true(exact.exact)
  end)

  it("the budget is checked: a bad value is an error naming it", function()
    local g = setup()
    assert.has_error(function() g:set_combat_budget("lots") end)
  end)
end)

describe("500.4 checks cost about what the maximum costs (issue 18.4)", function()
  -- A token swarm: 60 Lure attackers, 60 blockers that block if able. Nobody blocking is
  -- illegal (500.4: every blocker can obey a Lure); the message's example is a legal
  -- declaration found within a small search (bounded by the maximum's cost), not the
  -- exact nearest one, which g:nearest_legal_block computes on request.
  local function swarm(n)
    local g, ann, bob, cr = setup()
    local atk = {}
    for i = 1, n do atk[i] = cr(ann, {"lure"}) end
    g:declare_attackers(atk)
    local blk = {}
    for i = 1, n do blk[i] = cr(bob, {"blocks each combat if able"}) end
    return g, atk, blk
  end

  it("an illegal proposal's example is legal and the search behind it is bounded", function()
    local g, atk, blk = swarm(60)
    local ok, msg = g:check_block({})
    assert.is_false(ok)
    assert.truthy(msg:find("500.4", 1, true))
    assert.truthy(msg:find("for example", 1, true))
    -- the example names every blocker: each blocks one attacker (the maximum, 2 per blocker)
    local shown = 0
    for _, b in ipairs(blk) do if msg:find(tostring(b) .. " -> ", 1, true) then shown = shown + 1 end end
    assert.equal(#blk, shown)
    -- the raw search within a budget of one node: a legal declaration, proved nearest by the
    -- distance bound alone (issue 28: every one of the 60 blockers must block, so 60 changes)
    local near, changes, exact, bound = GI._block(g, "nearest", {}, nil, 1)
    assert.is_true(exact)
    assert.equal(60, bound)
    assert.is_true(g:check_block(near))
    assert.equal(60, changes)
    assert.equal(120, g:max_block_requirements())
    assert.truthy(atk[1])
  end)

  it("the example keeps the proposal's own blocks where they stay legal", function()
    local g, atk, blk = swarm(40)
    local ok, msg = g:check_block({[blk[1]] = atk[7], [blk[2]] = atk[9]})
    assert.is_false(ok)                 -- the 38 others must block too (500.4)
    assert.truthy(msg:find(tostring(blk[1]) .. " -> " .. tostring(atk[7]), 1, true))
    assert.truthy(msg:find(tostring(blk[2]) .. " -> " .. tostring(atk[9]), 1, true))
    local near, changes = GI._block(g, "nearest", {[blk[1]] = {atk[7]}, [blk[2]] = {atk[9]}}, nil, 1)
    assert.equal(38, changes)           -- only the blockers that didn't block change
    assert.is_true(g:check_block(near))
  end)

  it("nearest_legal_block on request searches exactly and says so (third value)", function()
    local g, atk, blk = swarm(3)
    local near, changes, exact = g:nearest_legal_block({[blk[1]] = atk[2]})
    assert.is_true(exact)
    assert.equal(2, changes)                -- the other two blockers must block as well
    assert.equal(atk[2], near[blk[1]])      -- the proposal's own block is kept
    assert.is_true(g:check_block(near))
  end)

  it("check_attack's example is bounded the same way and legal", function()
    local g, ann = setup()
    local cs = {}
    local n = 0
    for i = 1, 30 do
      n = n + 1
      cs[i] = g:create(arbiter.card{name = "A" .. n, types = {"Creature"}, power = 1, toughness = 1,
        abilities = {"attacks each combat if able"}}, {owner = ann, zone = "battlefield"})
    end
    local ok, msg = g:check_attack({})
    assert.is_false(ok)
    assert.truthy(msg:find("500.4", 1, true))
    local near, changes, exact = g:nearest_legal_attack({cs[1]})
    assert.is_true(exact)
    assert.equal(29, changes)
    assert.is_true(g:check_attack(near))
  end)
end)
