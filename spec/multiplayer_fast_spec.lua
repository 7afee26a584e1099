-- spec/multiplayer_fast_spec.lua — what a free-for-all game keeps instead of asking again
-- (issue 33's speed), shown to give the same games as asking again:
-- - the players the active player may attack (308, 601 range of influence, 604 attack left /
--   right): kept per game, active player and who has left (lua/arbiter/influence.lua, one core
--   call GI._reach), the same list, in APNAP order (101.4), as the walk asking each player;
-- - the merged blocks of several defending players (309, 500.2): a legal verdict is the proof
--   declare_blockers reads, and blocks the solver proved last need no check
--   (arbiter._check_merged_blocks, lua/arbiter/combat.lua);
-- - an attack on several defending players (a map {[creature] = player}) declared exactly as
--   g:nearest_legal_attack handed it out: the solver's proved declaration, not read again
--   (500.2, 500.3; the array's fast path, spec/combat_fast_spec.lua, for maps).
local H = require("helpers")
local arbiter = require("arbiter")
local core = require("arbiter.core")
local internal = require("arbiter.internal")
local GI = internal._game

local new_game = dofile("bench/game_decks.lua")(arbiter, "")

local calls_of = H.calls_of

-- the defenders as the walk finds them: APNAP order, each player the active one may attack now
local function walked(g)
  local out, act = {}, g.active_player
  for _, q in ipairs(g:apnap()) do
    if GI._attackable(g, act, q) then out[#out + 1] = q.name end
  end
  return out
end

local function names(ps)
  local out = {}
  for i, p in ipairs(ps) do out[i] = p.name end
  return out
end

describe("the defenders kept per active player and who has left (308, 601, 604)", function()
  it("are the walk's at every turn of four-player games, range 1 and attack left, players leaving", function()
    for _, opts in ipairs({ { players = 4, range = 1 }, { players = 4, range = 2 }, { players = 3, range = 1 } }) do
      for seed = 1, 4 do
        local g = new_game(seed, false, opts)
        for _ = 1, 300 do
          if g:result() then break end
          g:play_turn()
          if not g:result() then
            g:begin_turn()
            assert.same(walked(g), names(arbiter.defenders_of(g)))
            g:end_turn()
          end
        end
      end
    end
  end)

  it("follow a player's leaving and a failed action's undoing (422); a clone's are its own players", function()
    local g = arbiter.new_game{ players = { "Ann", "Bob", "Cid", "Dee" }, range = 1, seed = 1 }
    local ann, bob = g.players[1], g.players[2]
    g:begin_turn(ann)
    assert.same({ "Bob", "Dee" }, names(arbiter.defenders_of(g)))
    assert.has_error(function() g:atomic(function(x) x:lose(bob); error("undone") end) end)
    assert.is_false(bob.lost)
    assert.same({ "Bob", "Dee" }, names(arbiter.defenders_of(g)))
    g:lose(bob)
    assert.same({ "Cid", "Dee" }, names(arbiter.defenders_of(g)))   -- 601: Cid is next to Ann now
    local copy = g:clone()
    local defs = arbiter.defenders_of(copy)
    assert.same({ "Cid", "Dee" }, names(defs))
    assert.equal(copy.players[3], defs[1])
    local left = arbiter.new_game{ players = { "Ann", "Bob", "Cid" }, attack = "left", seed = 1 }
    left:begin_turn(left.players[2])
    assert.same({ "Cid" }, names(arbiter.defenders_of(left)))
  end)
end)

describe("the merged blocks of several defending players (309, 500.2)", function()
  it("give the same whole games as checking them with g:check_block and again as they are declared", function()
    local fast = internal._check_merged_blocks
    local checked = 0
    local function general(g, blocks) checked = checked + 1; return (g:check_block(blocks)) end
    for _, opts in ipairs({ { players = 4, range = 1 }, { players = 4 }, { players = 3 } }) do
      for seed = 1, 6 do
        local a = new_game(seed, false, opts)
        a:play{ max_turns = 800 }
        internal._check_merged_blocks = general
        local ok, err = pcall(function()
          local b = new_game(seed, false, opts)
          b:play{ max_turns = 800 }
          assert.equal(b:state_hash(), a:state_hash())
          assert.equal(b:history_length(), a:history_length())
          assert.equal(b.turn, a.turn)
        end)
        internal._check_merged_blocks = fast
        assert(ok, err)
      end
    end
    assert.is_true(checked > 20)                        -- the games had merged blocks to check
  end)

  it("declared as checked, read no card again; changed after the check, are checked again (500.3)", function()
    local function board()
      local g = arbiter.new_game{ players = { "Ann", "Bob", "Cid", "Dee" }, range = 1, seed = 1 }
      local ann, bob, dee = g.players[1], g.players[2], g.players[4]
      local bear = arbiter.card{ name = "Bear", types = { "Creature" }, power = 2, toughness = 2 }
      local function cr(p) return g:create(bear, { owner = p, zone = "battlefield" }) end
      local a1, a2, b, d = cr(ann), cr(ann), cr(bob), cr(dee)
      g:set_active(ann)
      g:declare_attackers({ [a1] = bob, [a2] = dee })
      return g, a1, a2, b, d
    end
    local g, a1, a2, b, d = board()
    local merged = { [b] = a1, [d] = a2 }
    assert.is_true(internal._check_merged_blocks(g, merged))
    assert.equal(0, calls_of(core.kind, function() g:declare_blockers(merged) end))
    assert.same({ { b, a1 }, { d, a2 } }, g:blocks())
    local h, c1, c2, hb, hd = board()
    h:declare_blockers({ [hb] = c1, [hd] = c2 })         -- the general path: the same game
    assert.equal(h:state_hash(), g:state_hash())
    local k, k1, k2, kb, kd = board()
    local changed = { [kb] = k1, [kd] = k2 }
    assert.is_true(internal._check_merged_blocks(k, changed))
    changed[kd] = k1                  -- Dee's creature can't block a creature attacking Bob (309.1)
    assert.is_false((pcall(k.declare_blockers, k, changed)))
    assert.same({}, k:blocks())
  end)

  it("an illegal merge is still refused and made legal (the nearest legal block)", function()
    local K = require("spec.sets.alpha.kit")
    local g, ann, bob, cid = K.H.game{ players = { "Ann", "Bob", "Cid" } }
    local wall = K.bf(g, "Wall of Stone", bob)
    local bears = K.bf(g, "Grizzly Bears", cid)
    local giant = K.bf(g, "Grizzly Bears", ann)
    g:begin_turn(ann); g:untap_step(); g:upkeep_step(); g:draw_step(); g:main_phase()
    g:beginning_of_combat()
    g:attack_step({ [giant] = bob })
    -- Cid's creature can't block a creature attacking Bob (309.1: a defending player's creatures
    -- block the creatures attacking that player, in a free-for-all game)
    assert.is_false((internal._check_merged_blocks(g, { [wall] = giant, [bears] = giant })))
    assert.is_true(internal._check_merged_blocks(g, { [wall] = giant }))
    g:block_step({ [wall] = giant })
    assert.same({ { wall, giant } }, g:blocks())
  end)
end)

-- the random agents' attacks handed over as copies: the general path (norm_attack, proved)
local function copying(g)
  for _, p in ipairs(g.players) do
    local a = g:agent(p)
    local attack = a.attack
    a.attack = function(...)
      local d, opts = attack(...)
      local out = {}
      for k, v in pairs(d) do out[k] = v end
      return out, opts
    end
  end
  return g
end

-- Ann's combat in a four-player game with range 1 (601): two creatures able to attack, Bob and
-- Dee (her neighbours) to attack
local function ann_attacks()
  local g = arbiter.new_game{ players = { "Ann", "Bob", "Cid", "Dee" }, range = 1, seed = 1 }
  local ann = g.players[1]
  local bear = arbiter.card{ name = "Bear", types = { "Creature" }, power = 2, toughness = 2 }
  local a1 = g:create(bear, { owner = ann, zone = "battlefield" })
  local a2 = g:create(bear, { owner = ann, zone = "battlefield" })
  g:set_active(ann)
  return g, a1, a2
end

describe("an attack on several defending players declared as handed out (500.2, 500.3, 601)", function()
  it("gives the same whole games as the same maps handed over as copies", function()
    for _, opts in ipairs({ { players = 4, range = 1 }, { players = 4 }, { players = 3 } }) do
      for seed = 1, 6 do
        local fast, general = new_game(seed, false, opts), copying(new_game(seed, false, opts))
        fast:play{ max_turns = 800 }
        general:play{ max_turns = 800 }
        assert.equal(general:state_hash(), fast:state_hash())
        assert.equal(general:history_length(), fast:history_length())
        assert.equal(general.turn, fast.turn)
      end
    end
  end)

  it("reads no card of the map g:nearest_legal_attack returned, and declares it in card-id order", function()
    local g, a1, a2 = ann_attacks()
    local bob, dee = g.players[2], g.players[4]
    local near = g:nearest_legal_attack({ [a2] = dee, [a1] = bob })
    assert.equal(0, calls_of(core.kind, function() g:declare_attackers(near) end))
    local order = {}
    for _, ev in ipairs(g:history()) do
      if ev.type == "attack" then order[#order + 1] = { ev.card, ev.target } end
    end
    assert.same({ { a1, bob }, { a2, dee } }, order)
  end)

  it("checks a map changed after g:nearest_legal_attack as any other (601: Cid is out of range)", function()
    local g, a1, a2 = ann_attacks()
    local bob, cid = g.players[2], g.players[3]
    local near = g:nearest_legal_attack({ [a1] = bob })
    near[a2] = cid
    local ok, err = pcall(g.declare_attackers, g, near)
    assert.is_false(ok)
    assert.matches("308", err)
    assert.equal(0, #g:attackers())
    near[a2] = nil
    near[a1] = cid                                        -- a changed defender too
    assert.is_false((pcall(g.declare_attackers, g, near)))
    assert.equal(0, #g:attackers())
  end)
end)

-- the defending players as the APNAP walk finds them without the seat options (no range of
-- influence, attack direction or allies: those games take the walk above): each player on
-- another team than the active player's still in the game (308, 101.4)
local function opponents_walked(g)
  local out, act = {}, g.active_player
  for _, q in ipairs(g:apnap()) do
    if q.team ~= act.team and not q.lost then out[#out + 1] = q.name end
  end
  return out
end

describe("the defenders without the seat options (308, 601): one core call (issue 28, csrc/lcombat.c: GI._defenders, GI._opponent)", function()
  it("are the APNAP walk's opponents still in the game, for every active player, as players lose", function()
    local games = {
      arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1 },
      arbiter.new_game{ players = { "Ann", "Bob", "Cid", "Dee", "Eve" }, seed = 1 },
      arbiter.new_game{ teams = { { "A1", "A2" }, { "B1", "B2" }, { "C1", "C2" } }, seed = 1 },
    }
    for _, g in ipairs(games) do
      local ps = g.players
      for round = 1, 2 do
        for _, p in ipairs(ps) do
          if not p.lost then
            g:begin_turn(p)
            local defs = arbiter.defenders_of(g)
            assert.same(opponents_walked(g), names(defs))
            for _, q in ipairs(defs) do assert.equal(g, select(2, core.kind(q))) end
            local first, n = GI._opponent(g)   -- an attack's default defender, and whether alone
            assert.equal(defs[1], first)
            assert.equal(#defs, n)
            g:end_turn()
          end
        end
        if round == 1 and #ps > 2 then g:lose(ps[2]) end   -- a player leaves: not a defender any more
      end
    end
  end)

  it("are a fresh array each call (a caller may change it)", function()
    local g = arbiter.new_game{ players = { "Ann", "Bob", "Cid" }, seed = 1 }
    g:begin_turn(g.players[1])
    local a = arbiter.defenders_of(g)
    a[1] = nil
    assert.same({ "Bob", "Cid" }, names(arbiter.defenders_of(g)))
  end)
end)
