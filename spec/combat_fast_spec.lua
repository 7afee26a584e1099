-- spec/combat_fast_spec.lua — declaring exactly what g:nearest_legal_attack / _block handed
-- out (500.2, 500.3: every declaration is checked) takes a fast path in
-- g:declare_attackers / g:declare_blockers (lua/arbiter/combat.lua): the solver's proved
-- declaration is used as it is, without reading the table card by card again. These specs
-- show it is taken, that it gives the same games as the general path (the same declarations
-- handed over as copies), and that a changed table is checked as any other.
local H = require("helpers")
local arbiter = require("arbiter")
local core = require("arbiter.core")

local new_game = dofile("bench/game_decks.lua")(arbiter, "")

-- the random agents' declarations handed over as copies: the general path (norm, proved)
local function copying(g)
  for _, p in ipairs(g.players) do
    local a = g:agent(p)
    local attack, block = a.attack, a.block
    a.attack = function(...)
      local d, out = attack(...), {}
      for k, v in pairs(d) do out[k] = v end
      return out
    end
    a.block = function(...) return H.copy_declaration(block(...)) end
  end
  return g
end

local calls_of = H.calls_of

describe("declaring the nearest legal declaration as handed out (500.2, 500.3)", function()
  it("gives the same whole games as the same declarations handed over as copies", function()
    for seed = 1, 12 do
      for _, instants in ipairs({ false, true }) do
        local fast, general = new_game(seed, instants), copying(new_game(seed, instants))
        fast:play{ max_turns = 400 }
        general:play{ max_turns = 400 }
        assert.equal(general:state_hash(), fast:state_hash())
        assert.equal(general:history_length(), fast:history_length())
        assert.equal(general.turn, fast.turn)
      end
    end
  end)

  it("reads no card of the array g:nearest_legal_attack returned, and declares it", function()
    local g = new_game(3)
    local ann, bob = g.players[1], g.players[2]
    g:set_agent(ann, nil)
    g:set_agent(bob, nil)
    repeat g:play_turn() until g.turn >= 6 and #g:permanents(g.active_player, "Creature", "r") > 0
    g:beginning_of_combat()
    local near = g:nearest_legal_attack(g:permanents(g.active_player, "Creature", "r"))
    assert.is_true(#near > 0)
    local copy = {}
    for i = 1, #near do copy[i] = near[i] end
    assert.equal(0, calls_of(core.kind, function() g:declare_attackers(near) end))
    for _, c in ipairs(copy) do assert.is_true(c.attacking) end
    assert.equal(#copy, #g:attackers())
  end)

  it("checks an array changed after g:nearest_legal_attack as any other (308: not a creature)", function()
    local g = new_game(3)
    g:set_agent(g.players[1], nil)
    g:set_agent(g.players[2], nil)
    repeat g:play_turn() until g.turn >= 6 and #g:permanents(g.active_player, "Creature", "r") > 0
    g:beginning_of_combat()
    local near = g:nearest_legal_attack(g:permanents(g.active_player, "Creature", "r"))
    near[#near + 1] = g:permanents(g.active_player, "Land")[1]
    local ok, err = pcall(g.declare_attackers, g, near)
    assert.is_false(ok)
    assert.matches("308", err)
    assert.equal(0, #g:attackers())
  end)

  it("declares g:nearest_legal_block's map as handed out, and checks a changed one again", function()
    local function board()
      local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1 }
      local ann, bob = g.players[1], g.players[2]
      local function cr(p, pw, t, abil)
        return g:create(arbiter.card{ name = "C", types = { "Creature" }, power = pw, toughness = t,
          abilities = abil or {} }, { owner = p, zone = "battlefield" })
      end
      local a1, a2 = cr(ann, 2, 2), cr(ann, 3, 3, { "can't be blocked except by two or more creatures" })
      local b1, b2, b3 = cr(bob, 1, 1), cr(bob, 1, 1), cr(bob, 1, 1)
      g:set_active(ann)
      g:declare_attackers({ a1, a2 })
      -- b2 alone can't block a2: the nearest legal blocks change the wish
      return g, a1, a2, g:nearest_legal_block({ [b1] = a1, [b2] = a2, [b3] = a2 })
    end
    local g, a1, a2, near = board()
    assert.equal(0, calls_of(core.kind, function() g:declare_blockers(near) end))
    local h, c1, c2, same = board()
    local copy = {}
    for b, v in pairs(same) do copy[b] = v end
    h:declare_blockers(copy)                  -- the general path: the same blocks
    assert.equal(h:state_hash(), g:state_hash())
    assert.is_true(a1.blocked and a2.blocked and c1.blocked and c2.blocked)
    -- a map changed after nearest_legal_block is read and checked again (500.3)
    local k, _, b2, changed = board()
    local two = 0
    for b, v in pairs(changed) do
      if v == b2 or (type(v) == "table" and v[1] == b2) then two = two + 1 end
    end
    assert.equal(2, two)
    for b, v in pairs(changed) do
      if v == b2 then changed[b] = nil break end   -- one blocker left on a2: illegal
    end
    local ok, err = pcall(k.declare_blockers, k, changed)
    assert.is_false(ok)
    assert.matches("500%.3", err)
    assert.equal(0, #k:blocks())
  end)
end)

-- csrc/lcombat_norm.c: an array of attackers against one opponent and blocks {[blocker] =
-- attacker} are read in one call (no core.kind per card); any other table card by card, with
-- the same errors for a bad one (500.2, 500.3).
describe("a declaration's common shapes read in one call (500.2, 500.3)", function()
  local function board()
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1 }
    local ann, bob = g.players[1], g.players[2]
    local function cr(p) return g:create(arbiter.card{ name = "C", types = { "Creature" }, power = 2,
      toughness = 2 }, { owner = p, zone = "battlefield" }) end
    g:set_active(ann)
    return g, ann, bob, { cr(ann), cr(ann), cr(ann) }, { cr(bob), cr(bob) }
  end

  it("an array of attackers: no core.kind per card, the same declaration as its map form", function()
    local g, _, _, atk = board()
    local near
    -- (none at all: the default defending player comes from the game, not from the caller)
    assert.equal(0, calls_of(core.kind, function() near = g:nearest_legal_attack({ atk[3], atk[1] }) end))
    assert.same({ atk[1], atk[3] }, near)
    local h, _, hbob, hatk = board()
    assert.same({ hatk[1], hatk[3] }, (h:nearest_legal_attack({ [hatk[3]] = hbob, [hatk[1]] = hbob })))
    g:declare_attackers({ atk[3], atk[1] })
    h:declare_attackers({ [hatk[3]] = hbob, [hatk[1]] = hbob })
    assert.equal(h:state_hash(), g:state_hash())
    assert.is_true(atk[1].attacking and atk[3].attacking and not atk[2].attacking)
  end)

  it("blocks {[blocker] = attacker}: no core.kind per card, the same blocks as their list form", function()
    local g, _, _, atk, blk = board()
    g:declare_attackers({ atk[1], atk[2] })
    local h, _, _, hatk, hblk = board()
    h:declare_attackers({ hatk[1], hatk[2] })
    local near
    assert.equal(0, calls_of(core.kind, function() near = g:nearest_legal_block({ [blk[2]] = atk[1], [blk[1]] = atk[2] }) end))
    assert.same({ [blk[2]] = atk[1], [blk[1]] = atk[2] }, near)
    g:declare_blockers({ [blk[2]] = atk[1], [blk[1]] = atk[2] })
    h:declare_blockers({ [hblk[2]] = { hatk[1] }, [hblk[1]] = { hatk[2] } })
    assert.equal(h:state_hash(), g:state_hash())
    assert.same({ { blk[1], atk[2] }, { blk[2], atk[1] } }, g:blocks())
  end)

  it("a card twice, a card of another game, not a card: read card by card, the same errors", function()
    local g, _, _, atk, blk = board()
    local other = board()
    local other_card = other.players[1] and other:permanents(other.players[1], "Creature")[1]
    for _, case in ipairs({
      { { atk[1], atk[1] }, "declared twice" },
      { { atk[1], other_card }, "card of another game" },
      { { atk[1], "x" }, "attacker must be a card" },
    }) do
      local ok, err = pcall(g.nearest_legal_attack, g, case[1])
      assert.is_false(ok)
      assert.matches(case[2], err, 1, true)
    end
    g:declare_attackers({ atk[1] })
    for _, case in ipairs({
      { { [blk[1]] = other_card }, "card of another game" },
      { { [blk[1]] = "x" }, "attacker(s) expected" },
      { { [other_card] = atk[1] }, "card of another game" },
    }) do
      local ok, err = pcall(g.nearest_legal_block, g, case[1])
      assert.is_false(ok)
      assert.matches(case[2], err, 1, true)
    end
  end)
end)

describe("the turn's block step (500.3) declares the blocks decide_blocks proved without looking again", function()
  it("one look for the proof (arbiter._nearest_block), the same blocks as a copy declared", function()
    local function board(copy)
      local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1 }
      local ann, bob = g.players[1], g.players[2]
      local function cr(p) return g:create(arbiter.card{ name = "C", types = { "Creature" }, power = 2,
        toughness = 2 }, { owner = p, zone = "battlefield", sick = false }) end
      local a1, a2, b1, b2 = cr(ann), cr(ann), cr(bob), cr(bob)
      g:set_agent(bob, { block = function(_, game)
        local near = game:nearest_legal_block({ [b1] = a2, [b2] = a1 })
        if not copy then return near end
        local out = {}
        for b, a in pairs(near) do out[b] = a end
        return out
      end })
      g:begin_turn(ann)
      assert.is_true(g:attack_step({ a1, a2 }))
      return g, a1, a2, b1, b2
    end
    local g, a1, a2, b1, b2 = board(false)
    local nearest = require("arbiter.internal")._nearest_block   -- (the Lua layer's own)
    assert.equal(1, calls_of(nearest, function() g:block_step() end))
    local h = board(true)
    h:block_step()
    assert.equal(h:state_hash(), g:state_hash())
    assert.same({ { b1, a2 }, { b2, a1 } }, g:blocks())
    assert.is_true(a1.blocked and a2.blocked)
  end)
end)

-- turn.lua's _ask_declaration hands an attack question's ctx to the agent as it is, without
-- the hiding walk (ask.lua's _hide): it holds players only, nothing a player might not see.
describe("an attack question's ctx (500.2) holds players only: handed as it is", function()
  it("the player and its defending players, no card, in whole games of the random agents", function()
    local g = new_game(5)
    local seen = 0
    for _, p in ipairs(g.players) do
      local a = g:agent(p)
      local attack = a.attack
      a.attack = function(q, game, ctx)
        seen = seen + 1
        for k, v in pairs(ctx) do
          assert.is_true(k == "player" or k == "defenders", tostring(k))
          if k == "player" then assert.equal("player", core.kind(v)) end
        end
        for _, d in ipairs(ctx.defenders) do assert.equal("player", core.kind(d)) end
        return attack(q, game, ctx)
      end
    end
    g:play{ max_turns = 400 }
    assert.is_true(seen > 5, "attack questions: " .. seen)
    local ref = new_game(5)
    ref:play{ max_turns = 400 }
    assert.equal(ref:state_hash(), g:state_hash())           -- the same game as unwatched
  end)
end)
