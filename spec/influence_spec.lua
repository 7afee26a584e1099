-- Range of influence and attack direction as game options (CompRules 2005-2008: 601 limited
-- range of influence, 604 attack left / attack right): consulted by attack legality (308), target
-- legality and g:opponents ("each opponent"), one check in csrc/influence.c.
local K = require("spec.sets.alpha.kit")
local arbiter = K.arbiter

local function four(opts)
  opts.players = { "Ann", "Bob", "Cid", "Dee" }
  local g, ann, bob, cid, dee = K.H.game(opts)
  for _, p in ipairs(g.players) do K.H.deck(g, p, 10); g:set_agent(p, K.agent()) end
  return g, ann, bob, cid, dee
end

local function names(ps)
  local out = {}
  for i, p in ipairs(ps) do out[i] = p.name end
  return out
end

-- Ann's combat with one Grizzly Bears able to attack
local function ann_combat(g, ann)
  local bears = K.bf(g, "Grizzly Bears", ann)
  g:begin_turn(ann); g:untap_step(); g:upkeep_step(); g:draw_step(); g:main_phase()
  g:beginning_of_combat()
  return bears
end

describe("attack left / attack right (604)", function()
  it("attack = \"left\": Ann may attack only Bob, the next player in turn order", function()
    local g, ann, bob, cid, dee = four{ attack = "left" }
    local bears = ann_combat(g, ann)
    assert.is_true((g:check_attack({ [bears] = bob })))
    local ok, why = g:check_attack({ [bears] = cid })
    assert.is_false(ok)
    assert.truthy(why:find("604", 1, true))
    assert.is_false((g:check_attack({ [bears] = dee })))
    local attacked
    g:on("attack", function(ev) attacked = ev.target end)
    g:declare_attackers({ bears })                      -- an array: the one player Ann may attack
    assert.equal(bob, attacked)
  end)

  it("attack = \"right\": only Dee; once Dee has left the game, Cid", function()
    local g, ann, bob, cid, dee = four{ attack = "right" }
    local bears = ann_combat(g, ann)
    assert.same({ false, false, true }, { (g:check_attack({ [bears] = bob })), (g:check_attack({ [bears] = cid })),
      (g:check_attack({ [bears] = dee })) })
    g:lose(dee)
    assert.same({ false, true }, { (g:check_attack({ [bears] = bob })), (g:check_attack({ [bears] = cid })) })
  end)

  -- the defenders the legal declarations name (an array declaration: the one possible defender)
  local function defenders(g, only)
    local seen = {}
    for _, decl in ipairs(g:legal_attacks()) do
      for k, d in pairs(decl) do seen[type(k) == "number" and only.name or d.name] = true end
    end
    local out = {}
    for _, n in ipairs({ "Bob", "Cid", "Dee" }) do if seen[n] then out[#out + 1] = n end end
    return out
  end

  it("the legal declarations (the core's solver) name only the attackable player", function()
    local g, ann, bob = four{ attack = "left" }
    ann_combat(g, ann)
    assert.same({ "Bob" }, defenders(g, bob))
    local h, hann = four{}
    ann_combat(h, hann)
    assert.same({ "Bob", "Cid", "Dee" }, defenders(h, bob))
  end)
end)

describe("range of influence (601)", function()
  it("range = 1: Ann may attack her neighbours Bob and Dee, not Cid across the table", function()
    local g, ann, bob, cid, dee = four{ range = 1 }
    local bears = ann_combat(g, ann)
    assert.same({ true, false, true }, { (g:check_attack({ [bears] = bob })), (g:check_attack({ [bears] = cid })),
      (g:check_attack({ [bears] = dee })) })
  end)

  it("range = 1: Ann can't target Cid nor Cid's creature; she can target Bob's", function()
    local g, ann, bob, cid = four{ range = 1 }
    local cids, bobs = K.bf(g, "Grizzly Bears", cid), K.bf(g, "Grizzly Bears", bob)
    g:begin_turn(ann); g:untap_step(); g:upkeep_step(); g:draw_step(); g:main_phase()
    K.lands(g, ann, "UBBBB")
    local recall = K.hand(g, "Ancestral Recall", ann)
    assert.has_error(function() g:cast(ann, recall, { targets = { cid } }) end)
    assert.equal("hand", recall.zone)                   -- 422: nothing changed
    local terror = K.hand(g, "Terror", ann)
    assert.has_error(function() g:cast(ann, terror, { targets = { cids } }) end)
    g:cast(ann, terror, { targets = { bobs } })
    g:settle()
    assert.same({ "battlefield", "graveyard" }, { cids.zone, bobs.zone })
  end)

  it("g:opponents (\"each opponent\") holds the opponents in range; one leaving brings the next in", function()
    local g, ann, bob = four{ range = 1 }
    assert.same({ "Bob", "Dee" }, names(g:opponents(ann)))
    local open_table = four{}
    assert.same({ "Bob", "Cid", "Dee" }, names(open_table:opponents(open_table.players[1])))
    g:lose(bob)
    assert.same({ "Cid", "Dee" }, names(g:opponents(ann)))
    assert.is_true(g:in_range(ann, g.players[3]))
    local copy = g:clone()
    assert.same({ "Cid", "Dee" }, names(copy:opponents(copy.players[1])))
  end)
end)

describe("bad options (issue 33): a clear error naming the option (601, 603 options)", function()
  it("a range below 1, an unknown direction, a direction leaving a player no one to attack", function()
    assert.has_error(function() arbiter.new_game{ players = { "A", "B", "C" }, range = 0 } end,
      "bad argument #1 to 'new_game' (range must be an integer of at least 1 (601: the seats a player reaches), got 0)")
    assert.has_error(function() arbiter.new_game{ players = { "A", "B", "C" }, attack = "up" } end,
      "bad argument #1 to 'new_game' (attack must be \"left\", \"right\", \"adjacent\" or \"any\", got \"up\")")
    local ok, err = pcall(arbiter.new_game, { teams = { { "A1", "A2" }, { "B1", "B2" } }, attack = "left" })
    assert.is_false(ok)
    assert.truthy(tostring(err):find("attack = \"left\" leaves A1 no one to attack", 1, true))
  end)

  it("a range table naming a player without a range or someone who isn't playing; allies that don't "
    .. "partition the players, or given with teams (607)", function()
    local P = { "A", "B", "C", "D" }
    local function err(opts)
      local ok, e = pcall(arbiter.new_game, opts)
      assert.is_false(ok)
      return tostring(e)
    end
    assert.truthy(err{ players = P, range = { A = 1, B = 1, C = 1 } }:find("range names no range for player D", 1, true))
    assert.truthy(err{ players = P, range = { A = 1, B = 1, C = 1, D = 1, Z = 2 } }:find("range names \"Z\", who is no player", 1, true))
    assert.truthy(err{ players = P, range = { A = 1, B = 0, C = 1, D = 1 } }:find("range.B must be an integer of at least 1", 1, true))
    assert.truthy(err{ players = P, allies = { { "A", "B" }, { "C" } } }:find("allies leave out D", 1, true))
    assert.truthy(err{ players = P, allies = { { "A", "B" }, { "B", "C", "D" } } }:find("allies name B twice", 1, true))
    assert.truthy(err{ players = P, allies = { { "A", "B" }, { "C", "X" } } }:find("allies[2] names \"X\", who is no player", 1, true))
    assert.truthy(err{ players = P, allies = { { "A", "B", "C", "D" } } }:find("allies must be a list of at least two lists", 1, true))
    assert.truthy(err{ teams = { { "A", "B" }, { "A", "D" } } }:find("teams name A twice: they must partition", 1, true))
    assert.truthy(err{ teams = { { "A", "B" }, { "C", "D" } }, allies = { { "A", "B" }, { "C", "D" } } }
      :find("allies and teams can't be given together", 1, true))
    local g = arbiter.new_game{ players = P, allies = { { "A", "C" }, { "B", "D" } } }   -- allies across the table
    assert.same({ "B", "D" }, (function()
      local out = {}
      for _, q in ipairs(g:opponents(g.players[1])) do out[#out + 1] = q.name end
      return out
    end)())
    g:lose(g.players[2]); g:lose(g.players[4])
    assert.same({ "A", "C" }, { g:result().winners[1].name, g:result().winners[2].name })
  end)
end)
