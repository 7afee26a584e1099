-- spec/combat_now_spec.lua — combat's own steps in one core call each (csrc/lcombat_now.c,
-- issue 28 speed): the declaration g:nearest_legal_attack / _block proved, declared while the
-- game is in its declare step (the turn's own declarations: 500.2, 500.3), with the step's
-- settle; and g:end_combat (the end of combat step, 003 "Step by Step": creatures leave
-- combat, "until end of combat" effects end). These specs show they give the same games as
-- the general path (the same declarations handed over as copies; the end of combat's four
-- calls in an atomic one, as before), and that a failure leaves the game as it was (422).
local H = require("helpers")
local arbiter = H.arbiter
local GI = require("arbiter.internal")._game

local MENACE = "can't be blocked except by two or more creatures"

local calls_of = H.calls_of

local function first_line(err) return (tostring(err):match("^[^\n]*")) end

-- two like games: fn(now) and old(before) both fail with the same error (its first line; the
-- traceback differs), matching msg, and now is as it was, still in step (422)
local function fails_alike(now, before, fn, old, msg, step)
  local h, n = now:state_hash(), now:history_length()
  local ok, err = pcall(fn, now)
  local ok2, err2 = pcall(old, before)
  assert.is_false(ok)
  assert.is_false(ok2)
  assert.matches(msg, first_line(err))
  assert.equal(first_line(err2), first_line(err))
  assert.equal(h, now:state_hash())
  assert.equal(n, now:history_length())
  assert.equal(step, now.step)
  assert.equal(before:state_hash(), now:state_hash())
end

local copy = H.copy_declaration

-- Ann's attackers (k of them; some with menace or Lure) and Bob's blockers, triggers on the
-- declarations; agents declaring the nearest legal attack (all of Ann's creatures) and block
-- (each of Bob's blocks the first attacker), as handed out, or copies of them (general path)
local function board(k, copies, plain)
  local g, ann, bob = H.game{ seed = 5 }
  local function cr(p, name, abil)
    return g:create(arbiter.card{ name = name, types = { "Creature" }, power = 2, toughness = 2,
      abilities = abil or {} }, { owner = p, zone = "battlefield", sick = false })
  end
  local atk, blk = {}, {}
  for i = 1, k do atk[i] = cr(ann, "A" .. i, not plain and (i == 2 and { MENACE } or i == 3 and { "lure" }) or nil) end
  for i = 1, 3 do blk[i] = cr(bob, "B" .. i, not plain and i == 1 and { "blocks each combat if able" } or nil) end
  g:trigger{ event = "attack", controller = ann, effect = function(_, game) game:gain_life(game.players[1], 1) end }
  g:trigger{ event = "block", controller = bob, effect = function(_, game) game:gain_life(game.players[2], 2) end }
  local hand = copies and copy or function(d) return d end
  g:set_agent(ann, { attack = function(_, game) return hand(game:nearest_legal_attack(atk)) end })
  g:set_agent(bob, { block = function(_, game)
    local wish = {}
    for i = 1, #blk do wish[blk[i]] = atk[1] end
    return hand(game:nearest_legal_block(wish))
  end })
  g:begin_turn(ann)
  return g, atk, blk
end

local function steps(g)
  local out = {}
  for _, ev in ipairs(H.events(g, "step")) do out[#out + 1] = ev.step end
  return out
end

describe("the turn's proved declarations, declared with the step's settle in one core call (500.2, 500.3)", function()
  it("give the same game as the same declarations handed over as copies (the general path)", function()
    for _, k in ipairs({ 1, 4, 70 }) do          -- (70: more pairs than the core call takes: the general path)
      local fast, atk = board(k, false)
      local general = board(k, true)
      local now = calls_of(GI._declare, function() fast:combat_phase() end)
      local before = calls_of(GI._declare, function() general:combat_phase() end)
      assert.equal(2, before)                    -- the general path: a declaration call each
      assert.equal(k > 64 and 1 or 0, now)       -- the proved ones: none (past 64 pairs: the attack's)
      assert.equal(general:state_hash(), fast:state_hash())
      assert.equal(general:history_length(), fast:history_length())
      assert.same(steps(general), steps(fast))
      assert.equal(20 + k, fast.players[1].life)  -- each attack trigger resolved
      assert.equal(k, #H.events(fast, "attack"))
      assert.equal(3, #H.events(fast, "block"))  -- (Lure: each blocks A3; else A1)
      if k > 1 then assert.is_true(atk[k].tapped) end   -- (alone, A1 dies blocked)
    end
  end)

  it("the same attack, declared by a script in the step: the same events and count as the general path", function()
    local function run(copies)
      local g, atk = board(4, copies)
      g:set_agent(g.players[1], { attack = function() return {} end })
      g:beginning_of_combat()
      local out = {}
      -- in the declare attackers step (the agent is asked there): nearest, then declare
      g:set_agent(g.players[1], { attack = function(_, game)
        local near = game:nearest_legal_attack(atk)
        out.n = game:declare_attackers(copies and copy(near) or near)
        out.step = game.step
        return {}
      end })
      g:attack_step()
      return g, out
    end
    local fast, f = run(false)
    local general, o = run(true)
    assert.equal(4, f.n)                         -- how many attack, as the general path answers
    assert.equal(o.n, f.n)
    assert.equal("declare_attackers", f.step)
    assert.equal(general:state_hash(), fast:state_hash())
    assert.equal(general:history_length(), fast:history_length())
    assert.equal(4, #fast:attackers())
  end)

  it("a failure while declaring undoes the declaration and the settle, with the general path's error (422)", function()
    local function run(copies, kind)
      local g, atk, blk = board(3, copies, true)   -- (no requirement: declaring none is legal)
      g:on(kind, function() error("no " .. kind .. " today") end)
      local seen = {}
      local function try(game, fn)
        local h, n = game:state_hash(), game:history_length()
        local ok, err = pcall(fn)
        seen.ok, seen.err = ok, first_line(err)
        seen.same = h == game:state_hash() and n == game:history_length()
      end
      g:set_agent(g.players[1], { attack = function(_, game)
        if kind == "block" then return (game:nearest_legal_attack(atk)) end
        local near = game:nearest_legal_attack(atk)
        try(game, function() game:declare_attackers(copies and copy(near) or near) end)
        return {}
      end })
      g:set_agent(g.players[2], { block = function(_, game)
        local near = game:nearest_legal_block({ [blk[2]] = atk[1] })
        try(game, function() game:declare_blockers(copies and copy(near) or near) end)
        return {}
      end })
      g:combat_phase()
      return g, seen
    end
    for _, kind in ipairs({ "attack", "block" }) do
      local fast, f = run(false, kind)
      local general, o = run(true, kind)
      assert.is_false(f.ok)
      assert.is_true(f.same)                     -- the game as it was
      assert.matches("observer %(" .. kind .. "%) failed: .*no " .. kind .. " today", f.err)
      assert.equal(o.err, f.err)
      assert.equal(general:state_hash(), fast:state_hash())
    end
  end)

  it("outside its declare step the proved declaration enters the steps first (003), as before", function()
    local g, ann = H.game()
    local a = g:create(arbiter.card{ name = "A", types = { "Creature" }, power = 2, toughness = 2 },
      { owner = ann, zone = "battlefield", sick = false })
    g:begin_turn(ann)
    g:upkeep_step()
    local near = g:nearest_legal_attack({ a })
    assert.is_false(GI._declare_now(g, false, near, { [a] = g.players[2] }))   -- not in the step: nothing
    assert.equal(0, #g:attackers())
    assert.equal(1, g:declare_attackers(near))
    assert.equal("declare_attackers", g.step)
    assert.same({ "upkeep", "beginning_of_combat", "declare_attackers" }, steps(g))
  end)
end)

describe("declaring no block while no creature may block (500.3, 500.4)", function()
  -- Ann attacks with a flyer; Bob's creatures: tapped, "can't block", no flying or reach, and
  -- (must) one that "blocks each combat if able" and can block (reach)
  local function unblockable(able)
    local g, ann, bob = H.game{ seed = 3 }
    local function cr(p, name, abil, tapped)
      local c = g:create(arbiter.card{ name = name, types = { "Creature" }, power = 2, toughness = 2,
        abilities = abil or {} }, { owner = p, zone = "battlefield", sick = false })
      if tapped then c:tap() end
      return c
    end
    cr(ann, "Flyer", { "flying" })
    cr(bob, "Tapped", { "reach", "blocks each combat if able" }, true)
    cr(bob, "Pacifist", { "reach", "can't block" })
    cr(bob, "Walker", { "blocks each combat if able" })
    if able then cr(bob, "Archer", { "reach", "blocks each combat if able" }) end
    g:set_agent(ann, { attack = function(_, game) return (game:nearest_legal_attack(game:permanents(ann, "Creature"))) end })
    g:begin_turn(ann)
    return g
  end

  it("is legal, known without the solver: the same game as the general path", function()
    local fast, general = unblockable(false), unblockable(false)
    fast:beginning_of_combat(); general:beginning_of_combat()
    fast:attack_step(); general:attack_step()
    assert.is_true(GI._none_can_block(fast))
    assert.is_true(fast:check_block({}))       -- the solver's verdict agrees
    -- (a table with a metatable: read as a script's declaration, by the general path)
    assert.equal(0, calls_of(GI._block, function() fast:block_step({}) end))
    assert.is_true(calls_of(GI._block, function() general:block_step(setmetatable({}, {})) end) > 0)
    assert.equal(general:state_hash(), fast:state_hash())
    assert.equal(general:history_length(), fast:history_length())
    assert.equal("declare_blockers", fast.step)
    assert.same({}, fast:blocks())
  end)

  it("while a creature may block, no block is checked as ever (a requirement it can obey: illegal)", function()
    for _, blocks in ipairs({ {}, setmetatable({}, {}) }) do
      local g = unblockable(true)
      g:beginning_of_combat()
      g:attack_step()
      assert.is_false(GI._none_can_block(g))
      assert.is_false((g:check_block({})))
      local h = g:state_hash()
      local ok, err = pcall(g.block_step, g, blocks)
      assert.is_false(ok)
      assert.matches("illegal block: 500.4", err)
      assert.equal(h, g:state_hash())
    end
  end)
end)

describe("g:combat_damage in one core call (502.2, 502.2b: first strike, 502.9: trample)", function()
  -- first strike, double strike, trample over two blockers (a division asked), a blocker of
  -- any number of creatures (its controller divides), an observer of damage; life: Bob's
  local function fight(life, in_turn)
    local g, ann, bob = H.game{ seed = 9 }
    local function cr(p, name, pw, t, abil)
      return g:create(arbiter.card{ name = name, types = { "Creature" }, power = pw, toughness = t,
        abilities = abil or {} }, { owner = p, zone = "battlefield", sick = false })
    end
    local fs, ds = cr(ann, "First", 3, 3, { "first strike" }), cr(ann, "Double", 2, 2, { "double strike" })
    local tr, plain = cr(ann, "Trampler", 5, 5, { "trample" }), cr(ann, "Plain", 2, 2)
    local b1, b2, wall = cr(bob, "B1", 1, 2), cr(bob, "B2", 1, 1), cr(bob, "Wall", 1, 4, { "can block any number of creatures" })
    local dealt = 0
    g:on("damage", function(ev) dealt = dealt + ev.amount end)
    g:trigger{ event = "zone_change", controller = bob, effect = function(_, game) game:gain_life(bob, 1) end }
    bob.life = life
    if in_turn then g:begin_turn(ann); g:upkeep_step() end
    g:declare_attackers({ fs, ds, tr, plain })
    g:declare_blockers({ [b1] = tr, [b2] = tr, [wall] = { fs, plain } })
    return g, function() return dealt end
  end

  it("gives the game the steps' own calls gave, in and outside a turn, ended or not", function()
    for _, case in ipairs({ { 20, false }, { 20, true }, { 2, true } }) do
      local now, dealt = fight(case[1], case[2])
      local before, dealt2 = fight(case[1], case[2])
      local one = calls_of(GI._damage_step, function() now:combat_damage() end)
      GI._combat_damage_calls(before)
      assert.equal(0, one)                       -- (the steps' own calls: none made)
      assert.equal(before:state_hash(), now:state_hash())
      assert.equal(before:history_length(), now:history_length())
      assert.same(steps(before), steps(now))
      assert.equal(dealt2(), dealt())
      assert.is_true(dealt() > 0)
      assert.equal(case[1] == 2, now:result() ~= nil)   -- (2 life: over in the first strike step)
    end
  end)

  it("the turn's damage step (g:damage_step: the step entered in the same call) as g:_step, then g:combat_damage", function()
    for _, case in ipairs({ { 20, false }, { 20, true }, { 2, true }, { 20, true, true }, { 20, false, true } }) do
      local now, dealt = fight(case[1], case[2])
      local before, dealt2 = fight(case[1], case[2])
      if case[3] then GI._damage_in_lua(now, true); GI._damage_in_lua(before, true) end   -- (the Lua path)
      now:damage_step()
      GI._step(before, "combat_damage")
      before:combat_damage()
      assert.equal(before:state_hash(), now:state_hash())
      assert.equal(before:history_length(), now:history_length())
      assert.same(steps(before), steps(now))
      assert.equal(before.step, now.step)
      assert.equal(dealt2(), dealt())
      assert.is_true(dealt() > 0)
    end
  end)

  it("a failure undoes the whole step with the steps' calls' error (422)", function()
    local function failing()
      local g = fight(20, true)
      g:on("damage", function(ev) if ev.amount == 5 or ev.amount == 3 then error("no damage today") end end)
      return g
    end
    fails_alike(failing(), failing(), function(g) return g:combat_damage() end, GI._combat_damage_calls, "no damage today",
      "declare_blockers")
  end)
end)

-- g:end_combat as it was: the step entered unless in it, then three core calls, in an atomic one
local function old_end_combat(g)
  return GI._atomic(g, function(game)
    if GI._step_name(game) ~= "end_of_combat" then GI._combat_step(game, "end_of_combat") end
    GI._end_combat(game)
    GI._end_durations(game, "end_of_combat")
    game:settle()
  end)
end

describe("g:end_combat in one core call (003 'Step by Step': end of combat)", function()
  -- a fought combat, "until end of combat" effects, an "at end of combat" trigger
  local function fought(in_turn)
    local g, ann, bob = H.game()
    local function cr(p, name, pw)
      return g:create(arbiter.card{ name = name, types = { "Creature" }, power = pw, toughness = 3 },
        { owner = p, zone = "battlefield", sick = false })
    end
    local a, b, c = cr(ann, "A", 2), cr(bob, "B", 1), cr(ann, "C", 1)
    if in_turn then g:begin_turn(ann); g:upkeep_step() end
    g:add_static{ affects = a, abilities = "trample", duration = "end_of_combat" }
    g:add_replacement{ event = "damage", duration = "end_of_combat", replace = function(ev) return ev end }
    g:trigger{ event = "step", controller = ann, condition = function(ev) return ev.step == "end_of_combat" end,
      effect = function(_, game) game:gain_life(ann, 3) end }
    g:declare_attackers({ a, c })
    g:declare_blockers({ [b] = a })
    g:combat_damage()
    return g, a, c
  end

  it("gives the game the four calls gave, outside a turn and in one", function()
    for _, in_turn in ipairs({ false, true }) do
      local now, a, c = fought(in_turn)
      local before = fought(in_turn)
      now:end_combat()
      old_end_combat(before)
      assert.equal(before:state_hash(), now:state_hash())
      assert.equal(before:history_length(), now:history_length())
      assert.same(steps(before), steps(now))
      assert.is_falsy(a.attacking or c.attacking)
      assert.is_false(a:has("trample"))          -- "until end of combat" ended
      assert.equal(20 + 3, now.players[1].life)   -- the trigger resolved
      assert.equal(20 - 1, now.players[2].life)
      assert.equal(in_turn and "end_of_combat" or nil, now.step)
    end
  end)

  -- (the turn's step takes the one-call path; the next test compares it with g:_step + g:end_combat)
  it("a turn's combat phase ends its 'until end of combat' effects and deals its damage", function()
    local g, ann = H.game()
    local a = g:create(arbiter.card{ name = "A", types = { "Creature" }, power = 2, toughness = 2 },
      { owner = ann, zone = "battlefield", sick = false })
    g:add_static{ affects = a, abilities = "flying", duration = "end_of_combat" }
    g:set_agent(ann, { attack = function() return { a } end })
    g:begin_turn(ann)
    g:combat_phase()
    assert.is_false(a:has("flying"))
    assert.equal(18, g.players[2].life)
  end)

  it("the turn's end of combat step (the step entered in the same call) as g:_step, then g:end_combat", function()
    for _, in_turn in ipairs({ false, true }) do
      local now, a = fought(in_turn)
      local before = fought(in_turn)
      now:end_of_combat_step()
      GI._step(before, "end_of_combat")
      before:end_combat()
      assert.equal(before:state_hash(), now:state_hash())
      assert.equal(before:history_length(), now:history_length())
      assert.same(steps(before), steps(now))
      assert.equal(before.step, now.step)
      assert.is_false(a:has("trample"))
    end
  end)

  it("a failure leaves the game as it was, with the four calls' error (422)", function()
    local function failing()
      local g = fought(true)
      g:trigger{ event = "step", controller = g.players[2],
        condition = function(ev) return ev.step == "end_of_combat" end,
        effect = function() error("no end today") end }
      return g
    end
    fails_alike(failing(), failing(), function(g) return g:end_combat() end, old_end_combat, "no end today", "combat_damage")
  end)
end)
