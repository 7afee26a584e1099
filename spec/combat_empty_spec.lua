-- spec/combat_empty_spec.lua — the nearest legal attack (block) to the empty one while no
-- creature has an attack (block) requirement (csrc/lcombat_attack.c attack_none, lcombat_block.c
-- block_none; issue 28 item 4: the random agent's wish when no creature drew, a solver call
-- each): the empty declaration itself, proved, known without the solver (500.2-500.4: it breaks
-- no restriction and obeys every requirement there is). These specs show that the fast path
-- answers what the solver's search answers (the general path: the same call with an empty
-- unpaid set, which the fast path leaves to the solver), in random games and on boards with
-- requirements, where the empty declaration is not legal and the solver is asked.
local H = require("helpers")
local arbiter = H.arbiter
local GI = require("arbiter.internal")._game

-- every result of a core combat call, tables by content
local function results(...) return table.pack(...) end

-- the fast path's results and the general path's for the empty declaration, now
local function both(g, kind)
  local fn = kind == "attack" and GI._attack or GI._block
  local fast = results(fn(g, "nearest", {}, nil, nil))
  local general = results(fn(g, "nearest", {}, {}, nil))
  return fast, general
end

-- a creature on the battlefield, not summoning sick
local function creature(g, p, name, abilities)
  return g:create(arbiter.card{ name = name, types = { "Creature" }, power = 2, toughness = 2,
    abilities = abilities or {} }, { owner = p, zone = "battlefield", sick = false })
end

describe("the nearest legal declaration to the empty one without requirements (500.2-500.4)", function()
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
            seen.attack = seen.attack + 1
            return attack(q, game, ctx)
          end,
          block = function(q, game, ctx)
            local fast, general = both(game, "block")
            assert.same(general, fast)
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
