-- spec/combat_empty_spec.lua — the nearest legal declaration known without the solver
-- (issue 28 item 4: the random agent's wishes, a solver call each): the nearest legal attack to
-- a proposal that is legal as it is while no creature has an attack requirement (each creature
-- able to attack its player as the core decides, no definition's or effect's restriction to ask;
-- csrc/lcombat_attack.c attack_as_is), and the nearest legal block to the empty one while no
-- creature has a block requirement (lcombat_block.c block_none): the proposal itself, proved
-- (500.2-500.4: it breaks no restriction and obeys every requirement there is). These specs
-- show that the fast path answers what the solver's search answers (the general path: the same
-- call with an empty unpaid set, which the fast path leaves to the solver) at every declaration
-- of random games, and that proposals a restriction or requirement changes go to the solver.
local H = require("helpers")
local arbiter = H.arbiter
local GI = require("arbiter.internal")._game

-- every result of a core combat call, tables by content
local function results(...) return { n = select("#", ...), ... } end

-- the fast path's results and the general path's for a proposal (default: the empty one), now
local function both(g, kind, decl)
  local fn = kind == "attack" and GI._attack or GI._block
  local fast = results(fn(g, "nearest", decl or {}, nil, nil))
  local general = results(fn(g, "nearest", decl or {}, {}, nil))
  return fast, general
end

-- attack proposals for q's turn: each of q's creatures (able or not) alone, all of them, every
-- other one, and one with a creature of another player (not a candidate: the solver's)
-- block proposals for q: each of q's creatures blocking each attacker alone, all of them
-- blocking the first attacker, and each blocking the next one round (a list of one each)
local function block_proposals(game, q)
  local mine, atk, out = game:permanents(q, "Creature"), game:attackers(), {}
  if #atk == 0 then return out end
  local first, round = {}, {}
  for i, c in ipairs(mine) do
    for _, a in ipairs(atk) do out[#out + 1] = { [c] = a } end
    first[c] = atk[1]
    round[c] = { atk[i % #atk + 1] }
  end
  out[#out + 1] = first
  out[#out + 1] = round
  return out
end

local function attack_proposals(game, q, defender)
  local mine, out = game:permanents(q, "Creature"), {}
  local all, every_other = {}, {}
  for i, c in ipairs(mine) do
    out[#out + 1] = { [c] = defender }
    all[c] = defender
    if i % 2 == 1 then every_other[c] = defender end
  end
  out[#out + 1] = all
  out[#out + 1] = every_other
  local theirs = game:permanents(defender, "Creature")[1]
  if theirs then out[#out + 1] = { [theirs] = defender } end
  return out
end

-- a creature on the battlefield, not summoning sick
local function creature(g, p, name, abilities)
  return g:create(arbiter.card{ name = name, types = { "Creature" }, power = 2, toughness = 2,
    abilities = abilities or {} }, { owner = p, zone = "battlefield", sick = false })
end

describe("the nearest legal declaration to one legal as it is, without requirements (500.2-500.4)", function()
  it("answers what the solver answers at every declaration of random games", function()
    local new_game = dofile("bench/game_decks.lua")(arbiter, "")
    local seen = { attack = 0, block = 0 }
    for seed = 1, 6 do
      local g = new_game(seed)
      local plain = new_game(seed)
      for _, p in ipairs(g.players) do
        local a = require("arbiter.internal")._agent_of(g, p)
        local attack, block = a.attack, a.block
        g:set_agent(p, { may = a.may, choose = a.choose,
          attack = function(q, game, ctx)
            local fast, general = both(game, "attack")
            assert.same(general, fast)
            for _, decl in ipairs(attack_proposals(game, q, ctx.defenders[1])) do
              fast, general = both(game, "attack", decl)
              assert.same(general, fast)
            end
            seen.attack = seen.attack + 1
            return attack(q, game, ctx)
          end,
          block = function(q, game, ctx)
            local fast, general = both(game, "block")
            assert.same(general, fast)
            for _, decl in ipairs(block_proposals(game, q)) do
              fast, general = both(game, "block", decl)
              assert.same(general, fast)
            end
            seen.block = seen.block + 1
            return block(q, game, ctx)
          end })
      end
      g:play{ max_turns = 400 }
      plain:play{ max_turns = 400 }
      assert.equal(plain:state_hash(), g:state_hash())   -- (the extra calls changed nothing)
      assert.equal(plain:history_length(), g:history_length())
    end
    assert.is_true(seen.attack > 20 and seen.block > 10)
  end)

  it("answers what the solver answers with any node budget", function()
    for _, budget in ipairs({ 0, 1, 1000 }) do
      local g, ann, bob = H.game{ seed = 3 }
      local first = creature(g, ann, "A1")
      for i = 2, 3 do creature(g, ann, "A" .. i, i == 2 and { "flying" } or nil) end
      for i = 1, 2 do creature(g, bob, "B" .. i, i == 1 and { "reach" } or nil) end
      g:set_combat_budget(budget)
      g:begin_turn(ann)
      g:beginning_of_combat()
      local fast, general = both(g, "attack")
      assert.same(general, fast)
      g:attack_step({ first })
      fast, general = both(g, "block")
      assert.same(general, fast)
    end
  end)

  it("leaves the empty attack to the solver when a creature must attack: it attacks", function()
    local g, ann = H.game{ seed = 3 }
    local must = creature(g, ann, "Berserker", { "attacks each combat if able" })
    creature(g, ann, "Bear")
    g:begin_turn(ann)
    g:beginning_of_combat()
    local fast, general = both(g, "attack")
    assert.same(general, fast)
    local near = g:nearest_legal_attack({})
    assert.same({ must }, near)
  end)

  it("leaves a proposal the core or a definition restricts to the solver", function()
    local g, ann, bob = H.game{ seed = 3 }
    local wall = creature(g, ann, "Wall", { "defender" })
    local shy = g:create(arbiter.card{ name = "Shy", types = { "Creature" }, power = 1, toughness = 1,
      can_attack = function() return false end }, { owner = ann, zone = "battlefield", sick = false })
    local bear = creature(g, ann, "Bear")
    g:begin_turn(ann)
    g:beginning_of_combat()
    for _, decl in ipairs({ { [wall] = bob, [bear] = bob }, { [shy] = bob, [bear] = bob }, { [bear] = bob } }) do
      local fast, general = both(g, "attack", decl)
      assert.same(general, fast)
      assert.same({ [bear] = bob }, fast[1])
    end
  end)

  it("leaves a block the core or a definition restricts to the solver", function()
    local g, ann, bob = H.game{ seed = 3 }
    local brute = creature(g, ann, "Brute", { "can't be blocked except by two or more creatures" })
    local drake = creature(g, ann, "Drake", { "flying" })
    local bear = creature(g, ann, "Bear")
    local b1, b2 = creature(g, bob, "B1"), creature(g, bob, "B2")
    local shy = g:create(arbiter.card{ name = "Shy", types = { "Creature" }, power = 1, toughness = 1,
      can_block = function() return false end }, { owner = bob, zone = "battlefield", sick = false })
    g:begin_turn(ann)
    g:beginning_of_combat()
    g:attack_step({ brute, drake, bear })
    for _, decl in ipairs({ { [b1] = brute }, { [b1] = drake }, { [shy] = bear }, { [b1] = { bear, drake } },
        { [b1] = bear, [b2] = brute } }) do
      local fast, general = both(g, "block", decl)
      assert.same(general, fast)
      assert.is_true(fast[2] > 0)              -- (illegal as it is: changed)
    end
    local fast, general = both(g, "block", { [b1] = bear })
    assert.same(general, fast)
    assert.same({ [b1] = { bear } }, fast[1])
  end)

  it("leaves the empty block to the solver when a creature must block or be blocked", function()
    for _, case in ipairs({ { blocker = { "blocks each combat if able" } }, { attacker = { "lure" } } }) do
      local g, ann, bob = H.game{ seed = 3 }
      local a = creature(g, ann, "Attacker", case.attacker)
      local b = creature(g, bob, "Blocker", case.blocker)
      g:begin_turn(ann)
      g:beginning_of_combat()
      g:attack_step({ a })
      local fast, general = both(g, "block")
      assert.same(general, fast)
      local near = g:nearest_legal_block({})
      assert.equal(a, near[b])
    end
  end)
end)
