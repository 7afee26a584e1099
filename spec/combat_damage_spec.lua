-- Combat damage (502.2): the core's damage step (csrc/combat_damage.c, taken when nobody has a
-- division to choose) against the Lua path (lua/arbiter/combat_damage.lua's assign, forced with
-- g:_damage_in_lua(true)), and the division questions: an attacker blocked by several
-- creatures (its controller) and a blocker blocking several attackers (its controller).
local arbiter = require("arbiter")
local core = require("arbiter.core")
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions

local NBOARDS = tonumber(os.getenv("ARBITER_DAMAGE_BOARDS") or "") or 400
local SEED = tonumber(os.getenv("ARBITER_DAMAGE_SEED") or "") or 5022

local function rng(seed)     -- 0 .. n-1, the same numbers on every Lua
  local r = require("arbiter.agents").rng(seed)
  return function(n) return r(n) - 1 end
end

local function pick(r, list) return list[r(#list) + 1] end

-- an event as a string: its fields in key order, cards by id, players by index
local function show(v)
  local kind = core.kind(v)
  if kind == "card" then return "#" .. v.id
  elseif kind == "player" then return "P" .. v.index
  elseif type(v) == "table" and v.toughness then    -- ev.last (413.2): what the card was
    return "{" .. v.power .. "/" .. v.toughness .. " damage " .. v.damage .. "}"
  end
  return tostring(v)
end
local function event_string(ev)
  local ks = {}
  for k in pairs(ev) do ks[#ks + 1] = k end
  table.sort(ks)
  for i, k in ipairs(ks) do ks[i] = k .. "=" .. show(ev[k]) end
  return table.concat(ks, ",")
end

-- A random board resolved by g:combat_damage(): attackers and blockers with first strike,
-- double strike and trample, damage already marked, single blocks or several blockers per
-- attacker and blockers of two attackers, blockers removed or tapped after blocks,
-- prevention and doubling replacements, first strike gained or lost between the steps.
-- Returns what the game became.
-- walls: blockers of power 0 that block two attackers, half of them tramplers (502.9b: a
-- trampler's lethal damage less what the other attackers assign to its blocker).
-- wrap: the seeded agents' choose wrapped in another function (true), so the engine can't know
-- their answer by its position (division.ask_index) and asks with the options and ctx made;
-- nil: on even seeds (both kinds of questions compared)
local function play(seed, in_lua, walls, wrap)
  local r = rng(seed)
  local g = arbiter.new_game{players = {"Ann", "Bob"}, seed = seed}
  GI._damage_in_lua(g, in_lua)
  local ann, bob = g.players[1], g.players[2]
  local all, n = {}, 0
  local function cr(p, extra)
    n = n + 1
    local abil = {}
    for _, a in ipairs({"first strike", "double strike", "trample"}) do
      if r(walls and a == "trample" and p == ann and 2 or 4) == 0 then abil[#abil + 1] = a end
    end
    if extra then abil[#abil + 1] = extra end
    local power = r(6)
    if walls then power = p == ann and 1 + r(4) or 0 end
    local c = g:create(arbiter.card{name = "C" .. n, types = {"Creature"}, power = power, toughness = 1 + r(5),
      abilities = abil}, {owner = p, zone = "battlefield"})
    all[#all + 1] = c
    return c
  end
  local atk, blk = {}, {}
  for i = 1, 1 + r(4) do atk[i] = cr(ann) end
  for i = 1, r(6) do blk[i] = cr(bob, r(walls and 1 or 4) == 0 and "can block an additional creature" or nil) end
  for _, c in ipairs(all) do
    if r(4) == 0 and c.toughness > 1 then g:damage(nil, c, 1 + r(c.toughness - 1)) end
  end
  if r(3) == 0 then   -- seeded agents: the same answers in both runs
    if wrap == nil then wrap = seed % 2 == 0 end
    for i, p in ipairs({ann, bob}) do
      local a = arbiter.agents.random(seed + i - 1)
      local choose = a.choose
      g:set_agent(p, wrap and {may = a.may, choose = function(...) return choose(...) end} or a)
    end
  end
  g:declare_attackers(atk)
  local wish, spread = {}, not walls and r(2) == 0
  for i, b in ipairs(blk) do
    if spread then                           -- at most one blocker per attacker
      if atk[i] then wish[b] = atk[i] end
    elseif r(3) > 0 then
      local a1, a2 = pick(r, atk), pick(r, atk)
      wish[b] = a1 ~= a2 and (walls or r(2) == 0) and {a1, a2} or a1
    end
  end
  g:declare_blockers((g:nearest_legal_block(wish)))
  if #blk > 0 and r(5) == 0 then g:move(pick(r, blk), "graveyard") end
  if #blk > 0 and r(5) == 0 then                 -- CompRules 306.2b: it still deals damage
    local b = pick(r, blk)
    if b.zone == "battlefield" then b:tap() end
  end
  if r(4) == 0 then
    local who = r(3) == 0 and bob or pick(r, all)
    g:add_replacement{event = "damage", applies = function(ev) return ev.target == who end,
      replace = function() end}
  end
  if r(4) == 0 then
    local src = pick(r, all)
    g:add_replacement{event = "damage", applies = function(ev) return ev.source == src end,
      replace = function(ev) ev.amount = ev.amount * 2; return ev end}
  end
  if r(3) == 0 then                          -- 502.2c: gained or lost between the steps
    local src, other, gain = pick(r, atk), pick(r, all), r(2) == 0
    g:trigger{event = "damage", controller = ann, condition = function(ev) return ev.source == src end,
      effect = function()
        if gain then other:grant("first strike") elseif src:has("first strike") then src:revoke("first strike") end
      end}
  end
  g:combat_damage()
  local out = {}
  for _, ev in ipairs(g:history()) do out[#out + 1] = event_string(ev) end
  for _, c in ipairs(all) do out[#out + 1] = show(c) .. ":" .. c.zone .. ":" .. c.damage end
  out[#out + 1] = "life " .. ann.life .. " " .. bob.life
  out[#out + 1] = "hash " .. g:state_hash()
  return table.concat(out, "\n")
end

-- Counts the divisions asked while fn runs: those asked with the question made (division.ask)
-- and those whose answer was known by its position (division.ask_index answering). Returns
-- fn's results (raised again), then the two counts.
local division = require("arbiter.division")
local function count_questions(fn)
  local raw_ask, raw_index = division.ask, division.ask_index
  local asked, by_index = 0, 0
  division.ask = function(...) asked = asked + 1; return raw_ask(...) end
  division.ask_index = function(...)
    local k = raw_index(...)
    if k then by_index = by_index + 1 end
    return k
  end
  local ok, res = pcall(fn)
  division.ask, division.ask_index = raw_ask, raw_index
  assert(ok, res)
  return res, asked, by_index
end

-- Counts the damage steps the core dealt while counting() says so: the step's own call
-- (GI._damage_step, true when dealt) and g:combat_damage's one call (GI._combat_damage_now,
-- the steps it dealt: csrc/lcombat.c). Returns a function that puts both back.
local function count_core_steps(add, counting)
  local raw, raw_now = GI._damage_step, GI._combat_damage_now
  GI._damage_step = function(...)
    local done = raw(...)
    if done and counting() then add(1) end
    return done
  end
  GI._combat_damage_now = function(...)
    local steps = raw_now(...)
    if counting() then add(steps) end
    return steps
  end
  return function() GI._damage_step, GI._combat_damage_now = raw, raw_now end
end

-- Plays boards n (play(s, in_lua, walls)) by the core's step and by the Lua path and compares
-- them; returns the core's steps and the questions its steps asked (division.ask and
-- division.ask_index).
local function compare(n, walls)
  local in_c, asked, counting = 0, 0, false
  local restore = count_core_steps(function(k) in_c = in_c + k end, function() return counting end)
  local ok, err = pcall(function()
    for s = SEED, SEED + n - 1 do
      counting = true
      local c_game, a, b = count_questions(function() return play(s, false, walls) end)
      asked = asked + a + b
      counting = false
      local lua_game = play(s, true, walls)
      if c_game ~= lua_game then
        error("board " .. s .. " differs:\nC path:\n" .. c_game .. "\nLua path:\n" .. lua_game, 0)
      end
    end
  end)
  restore()
  assert(ok, err)
  if os.getenv("DBG") then print(in_c, asked) end
  return in_c, asked
end

describe("502.2 combat damage: the core's step and the Lua path make the same game", function()
  it("on " .. NBOARDS .. " random boards (history, damage, zones, life, state hash)", function()
    local in_c, asked = compare(NBOARDS)
    -- both kinds of steps were compared: without a question, and with the divisions the core's
    -- step asked (csrc/combat_damage.c's arb_dmg_ask: the same questions in the same order)
    assert.is_true(in_c > NBOARDS, "steps dealt in C: " .. in_c)
    assert.is_true(asked > NBOARDS / 10, "questions asked by the core's steps: " .. asked)
  end)
end)

describe("502.2 a large attack: the core's step and the Lua path make the same game", function()
  -- 40 attackers (more than the core's small list of attackers in card-id order: it walks every
  -- card then), with first strike, double strike and trample, 14 blockers, some blocking two
  -- attackers or two blocking one; random agents divide
  local function big(in_lua, seed)
    local r = rng(seed)
    local g = arbiter.new_game{players = {"Ann", "Bob"}, seed = seed}
    GI._damage_in_lua(g, in_lua)
    local ann, bob = g.players[1], g.players[2]
    bob.life = 500
    local all = {}
    local function cr(p, abil)
      all[#all + 1] = g:create(arbiter.card{name = "C", types = {"Creature"}, power = 1 + r(5),
        toughness = 1 + r(5), abilities = abil}, {owner = p, zone = "battlefield", sick = false})
      return all[#all]
    end
    local atk, blk = {}, {}
    for i = 1, 40 do
      atk[i] = cr(ann, ({{}, {"first strike"}, {"double strike"}, {"trample"}})[1 + r(4)])
      if i % 3 == 0 then blk[#blk + 1] = cr(bob, {"can block an additional creature"}) end
    end
    blk[#blk + 1] = cr(bob, {})
    g:set_agent(ann, arbiter.agents.random(seed))
    g:set_agent(bob, arbiter.agents.random(seed + 1))
    g:declare_attackers(atk)
    local wish = {}
    for i, b in ipairs(blk) do wish[b] = i % 2 == 0 and {atk[i], atk[i + 20]} or atk[math.floor((i + 1) / 2)] end
    g:declare_blockers((g:nearest_legal_block(wish)))
    local n = g:history_length()
    g:combat_damage()
    local out = {g:state_hash(), g:history_length() - n, bob.life}
    for _, c in ipairs(all) do out[#out + 1] = c.zone .. ":" .. c.damage end
    return table.concat(out, " ")
  end

  it("on 20 boards of 40 attackers", function()
    local in_c = 0
    local restore = count_core_steps(function(k) in_c = in_c + k end, function() return true end)
    local ok, err = pcall(function()
      for seed = 1, 20 do
        local c_game, asked, by_index = count_questions(function() return big(false, seed) end)
        assert.equal(big(true, seed), c_game, "board " .. seed)
        assert.is_true(asked + by_index > 0)
      end
    end)
    restore()
    assert(ok, err)
    assert.is_true(in_c >= 20, "steps dealt in C: " .. in_c)
  end)
end)

describe("502.9b trample: lethal damage less what other attackers assign at the same time", function()
  -- boards where a 0-power blocker blocks two attackers, half of them tramplers: the core deals
  -- the step when the trampler's power is at most its blocker's lethal damage less the other
  -- attacker's, and the Lua path asks; both make the same game
  it("on " .. math.floor(NBOARDS / 2) .. " random boards of walls blocking two attackers", function()
    local in_c, asked = compare(math.floor(NBOARDS / 2), true)
    assert.is_true(in_c > NBOARDS / 2, "steps dealt in C: " .. in_c)
    assert.is_true(asked > NBOARDS / 20, "questions asked by the core's steps: " .. asked)
  end)

  local function board(bp, bt, x_power, t_power)
    local g = arbiter.new_game{players = {"Ann", "Bob"}, seed = 7}
    local ann, bob = g.players[1], g.players[2]
    local function cr(p, name, pw, t, abil)
      return g:create(arbiter.card{name = name, types = {"Creature"}, power = pw, toughness = t,
        abilities = abil or {}}, {owner = p, zone = "battlefield", sick = false})
    end
    local x = cr(ann, "Plain", x_power, 1)
    local t = cr(ann, "Trampler", t_power, t_power, {"trample"})
    local b = cr(bob, "Blocker", bp, bt, {"can block an additional creature"})
    g:declare_attackers({x, t})
    g:declare_blockers({[b] = {x, t}})
    return g, ann, bob, x, t, b
  end

  it("502.9e's example: a 2/2 blocking a 1/1 and a 3/3 trampler: 1 and 1 to it, 2 to the player", function()
    local g, _, bob, x, t, b = board(2, 2, 1, 3)
    local dealt = {}
    g:on("damage", function(ev) dealt[#dealt + 1] = {ev.source, ev.target, ev.amount} end)
    g:combat_damage()
    assert.same({{x, b, 1}, {t, b, 1}, {t, bob, 2}, {b, x, 1}, {b, t, 1}}, dealt)
    assert.equal(18, bob.life)
    assert.equal("graveyard", b.zone)
  end)

  it("the trampler's question: lethal accounts for the other attacker's damage; asked after it", function()
    local g, ann, bob, _, t, b = board(0, 3, 1, 4)
    local ctx_seen
    g:set_agent(ann, {choose = function(_, what, options, ctx)
      if what == "damage" then ctx_seen = ctx end
      return options[1]
    end})
    g:combat_damage()
    assert.equal(t, ctx_seen.source)
    assert.equal(2, ctx_seen.lethal[b])        -- toughness 3, less the 1 the other attacker assigns
    assert.same({[b] = 2, [bob] = 2}, ctx_seen.default)
    assert.equal(18, bob.life)
    assert.equal("graveyard", b.zone)
  end)

  it("502.9e: the attacker without trample is asked first even when the trampler came first", function()
    local g = arbiter.new_game{players = {"Ann", "Bob"}, seed = 7}
    local ann, bob = g.players[1], g.players[2]
    local function cr(p, name, pw, t, abil)
      return g:create(arbiter.card{name = name, types = {"Creature"}, power = pw, toughness = t,
        abilities = abil or {}}, {owner = p, zone = "battlefield", sick = false})
    end
    local t = cr(ann, "Trampler", 4, 4, {"trample"})          -- the lower card id
    local x1 = cr(ann, "Plain", 2, 2)
    local b1 = cr(bob, "Wall", 0, 3, {"can block an additional creature"})
    local b2 = cr(bob, "Other Wall", 0, 3)
    g:declare_attackers({t, x1})
    g:declare_blockers({[b1] = {t, x1}, [b2] = x1})   -- x1 has two blockers: its division is asked
    local order = {}
    g:set_agent(ann, {choose = function(_, what, options, ctx)
      if what == "damage" then order[#order + 1] = {ctx.source, ctx.lethal[b1]} end
      return options[1]
    end})
    g:combat_damage()
    assert.equal(2, #order)
    assert.equal(x1, order[1][1])              -- asked first, though its card id is higher
    assert.equal(3, order[1][2])
    assert.equal(t, order[2][1])
    assert.equal(1, order[2][2])               -- 3 toughness less the 2 the other attacker assigns
    assert.equal(17, bob.life)                 -- 1 to the wall, 3 trample over
  end)

  -- a 0/4 with 1 damage marked blocks a 1/1 and a trampler: its lethal for the trampler is 2
  local function marked(t_power)
    local g, _, bob, x, t, b = board(0, 4, 1, t_power)
    g:damage(nil, b, 1)
    local dealt = {}
    g:on("damage", function(ev) if ev.combat then dealt[#dealt + 1] = {ev.source, ev.target, ev.amount} end end)
    local _, asked, by_index = count_questions(function() g:combat_damage() end)
    return dealt, asked + by_index, bob, x, t, b
  end

  it("damage already marked and the other attacker's both count: 3 power is 1 more than lethal", function()
    local dealt, asked, bob, x, t, b = marked(3)
    assert.equal(1, asked)                   -- a division to choose: no agent, the default
    assert.same({{x, b, 1}, {t, b, 2}, {t, bob, 1}}, dealt)
    assert.equal(19, bob.life)
    assert.equal("graveyard", b.zone)
  end)

  it("power at most what is left of lethal: no question, the core deals it all to the blocker", function()
    local dealt, asked, bob, x, t, b = marked(2)
    assert.equal(0, asked)
    assert.same({{x, b, 1}, {t, b, 2}}, dealt)
    assert.equal(20, bob.life)
    assert.equal("graveyard", b.zone)
  end)

  it("refused: damage to the player before the blocker has its lethal less the other's damage", function()
    local g, ann, bob, _, t, b = board(0, 3, 1, 4)
    local before = g:state_hash()
    g:set_agent(ann, {choose = function(_, what, options)
      if what == "damage" then return {[b] = 1, [bob] = 3} end   -- lethal here is 2
      return options[1]
    end})
    local ok, err = pcall(g.combat_damage, g)
    assert.is_false(ok)
    assert.matches("502.9b", err)
    assert.equal(before, g:state_hash())     -- the step is undone (422)
    assert.equal(20, bob.life)
    assert.equal(0, t.damage)
  end)
end)

describe("502.2 damage division questions", function()
  local function setup()
    local g = arbiter.new_game{players = {"Ann", "Bob"}, seed = 3}
    local ann, bob = g.players[1], g.players[2]
    local n = 0
    local function cr(p, pw, t, abil)
      n = n + 1
      return g:create(arbiter.card{name = "C" .. n, types = {"Creature"}, power = pw, toughness = t,
        abilities = abil or {}}, {owner = p, zone = "battlefield"})
    end
    return g, ann, bob, cr
  end

  -- Bob's blocker (power 3) blocks two 2/2 attackers: 2 is lethal to the first, 1 to the other.
  local function two_blocked()
    local g, ann, bob, cr = setup()
    local a1, a2 = cr(ann, 2, 2), cr(ann, 2, 2)
    local b = cr(bob, 3, 10, {"can block an additional creature"})
    g:declare_attackers({a1, a2})
    g:declare_blockers({[b] = {a1, a2}})
    return g, ann, bob, a1, a2, b
  end

  it("a blocker blocking several attackers: its controller's agent divides its damage", function()
    local g, _, bob, a1, a2, b = two_blocked()
    local asked, who
    g:set_agent(bob, {choose = function(p, what, options, ctx)
      if what == "damage" then
        asked, who = ctx, p
        for _, o in ipairs(options) do      -- all 3 to the second attacker
          if o[1].amount == 0 then return o end
        end
      end
      return options[1]
    end})
    g:combat_damage()
    assert.equal(bob, who)
    assert.equal(b, asked.blocker)
    assert.equal(3, asked.power)
    assert.same({a1, a2}, asked.attackers)
    assert.equal("battlefield", a1.zone)
    assert.equal(0, a1.damage)
    assert.equal("graveyard", a2.zone)
    assert.equal(4, b.damage)                -- both attackers dealt theirs
  end)

  it("without an agent: the default, lethal to each attacker in order, the rest to the last", function()
    local g, _, _, a1, a2, b = two_blocked()
    local dealt = {}
    g:on("damage", function(ev) if ev.source == b then dealt[#dealt + 1] = {ev.target, ev.amount} end end)
    g:combat_damage()
    assert.same({{a1, 2}, {a2, 1}}, dealt)
    assert.equal("graveyard", a1.zone)
    assert.equal("battlefield", a2.zone)
    assert.equal(1, a2.damage)
  end)

  it("one blocker per attacker, no trample: no question is asked (the core deals the step)", function()
    local g, ann, bob, cr = setup()
    local a1, a2 = cr(ann, 3, 3), cr(ann, 5, 5, {"trample"})
    local b1, b2 = cr(bob, 1, 1), cr(bob, 1, 5)
    g:declare_attackers({a1, a2})
    g:declare_blockers({[b1] = a1, [b2] = a2})    -- the trampler's 5 is its blocker's lethal 5
    local n = 0
    local agent = {choose = function(_, _, options) n = n + 1; return options[1] end}
    g:set_agent(ann, agent); g:set_agent(bob, agent)
    g:combat_damage()
    assert.equal(0, n)
    assert.equal(20, bob.life)
    assert.equal("graveyard", b1.zone)
    assert.equal("graveyard", b2.zone)
  end)

  it("502.9b: a trampler with more than lethal damage is asked; the default tramples over", function()
    local g, ann, bob, cr = setup()
    local a = cr(ann, 5, 5, {"trample"})
    local b2, b3 = cr(bob, 1, 2), cr(bob, 1, 2)
    g:declare_attackers({a})
    g:declare_blockers({[b2] = a, [b3] = a})
    local asked
    g:set_agent(ann, {choose = function(_, _, options, ctx) asked = ctx; return options[1] end})
    g:combat_damage()
    assert.same({b2, b3, bob}, asked.recipients)
    assert.same({[b2] = 2, [b3] = 2, [bob] = 1}, asked.default)
    assert.equal(19, bob.life)               -- 5 tramples: 2 + 2 lethal, 1 over
    assert.equal("graveyard", b2.zone)
    assert.equal("graveyard", b3.zone)
  end)
end)

describe("502.2 any division (003 'Step by Step': piled on one creature, spread, or anything in between)", function()
  local function setup(seed)
    local g = arbiter.new_game{players = {"Ann", "Bob"}, seed = seed or 3}
    local ann, bob = g.players[1], g.players[2]
    local n = 0
    local function cr(p, pw, t, abil)
      n = n + 1
      return g:create(arbiter.card{name = "C" .. n, types = {"Creature"}, power = pw, toughness = t,
        abilities = abil or {}}, {owner = p, zone = "battlefield"})
    end
    return g, ann, bob, cr
  end
  local function answer(g, p, a)
    local seen = {}
    g:set_agent(p, {choose = function(_, what, options, ctx)
      if what ~= "damage" then return options[1] end
      seen[#seen + 1] = {options = options, ctx = ctx}
      if type(a) == "function" then return a(options, ctx) end
      return a
    end})
    return seen
  end
  local function dealt_by(g, src)
    local out = {}
    for _, ev in ipairs(g:history()) do
      if ev.type == "damage" and ev.source == src then out[#out + 1] = {ev.target, ev.amount} end
    end
    return out
  end
  -- Ann's 5/5 blocked by two of Bob's 3/3s
  local function five_vs_two(abil)
    local g, ann, bob, cr = setup()
    local a = cr(ann, 5, 5, abil)
    local b1, b2 = cr(bob, 3, 3), cr(bob, 3, 3)
    g:declare_attackers({a})
    g:declare_blockers({[b1] = a, [b2] = a})
    return g, ann, bob, a, b1, b2
  end

  it("a 5-power attacker blocked by two creatures assigns 4 and 1 (a map answer)", function()
    local g, ann, _, a, b1, b2 = five_vs_two()
    local seen = answer(g, ann, function(_, ctx) return {[ctx.recipients[1]] = 4, [ctx.recipients[2]] = 1} end)
    g:combat_damage()
    assert.equal(1, #seen)
    assert.same({{b1, 4}, {b2, 1}}, dealt_by(g, a))
    assert.equal("graveyard", b1.zone)
    assert.equal(1, b2.damage)
  end)

  it("the question describes every division without listing them: recipients, amount, lethal, default", function()
    local g, ann, _, a, b1, b2 = five_vs_two()
    g:damage(nil, b1, 1)                      -- lethal accounts for damage already marked
    local seen = answer(g, ann, function(options) return options[1] end)
    g:combat_damage()
    local ctx = seen[1].ctx
    assert.equal(a, ctx.source)
    assert.equal(a, ctx.attacker)
    assert.equal(5, ctx.amount)
    assert.same({b1, b2}, ctx.recipients)
    assert.same({[b1] = 2, [b2] = 3}, ctx.lethal)
    assert.same({[b1] = 2, [b2] = 3}, ctx.default)   -- today's default: lethal in order, the rest to the last
    assert.is_false(ctx.trample)
    assert.equal(3, #seen[1].options)                -- the default and all-on-one per blocker
    assert.same({{b1, 2}, {b2, 3}}, dealt_by(g, a))
  end)

  it("a large power has the same small question, and any division of it is accepted", function()
    local g, ann, bob, cr = setup()
    local a = cr(ann, 100, 100)
    local bs = {cr(bob, 1, 50), cr(bob, 1, 50), cr(bob, 1, 50)}
    g:declare_attackers({a})
    g:declare_blockers({[bs[1]] = a, [bs[2]] = a, [bs[3]] = a})
    local seen = answer(g, ann, {{target = bs[3], amount = 37}, {target = bs[1], amount = 33},
      {target = bs[2], amount = 30}})          -- the options' array form, in any order
    g:combat_damage()
    assert.equal(4, #seen[1].options)
    assert.same({33, 30, 37}, {bs[1].damage, bs[2].damage, bs[3].damage})
  end)

  it("a blocker blocking several attackers: the defending player divides it any way", function()
    local g, ann, bob, cr = setup()
    local a1, a2 = cr(ann, 2, 2), cr(ann, 2, 4)
    local b = cr(bob, 5, 10, {"can block an additional creature"})
    g:declare_attackers({a1, a2})
    g:declare_blockers({[b] = {a1, a2}})
    local seen = answer(g, bob, {[a1] = 1, [a2] = 4})
    g:combat_damage()
    assert.equal(b, seen[1].ctx.blocker)
    assert.same({a1, a2}, seen[1].ctx.recipients)
    assert.same({{a1, 1}, {a2, 4}}, dealt_by(g, b))
    assert.equal("graveyard", a2.zone)
    assert.equal("battlefield", a1.zone)
  end)

  it("502.9b trample: lethal to every blocker, then the rest anywhere among them and the player", function()
    local g, ann, bob, a, b1, b2 = five_vs_two({"trample"})
    local seen = answer(g, ann, function(_, ctx) return {[b1] = 3, [b2] = 3, [ctx.player] = -1} end)
    assert.has_error(function() g:combat_damage() end)     -- a negative amount
    g:set_agent(ann, nil)
    answer(g, ann, {[b1] = 5})                             -- all on one blocker: no damage to Bob
    g:combat_damage()
    assert.equal(bob, seen[1].ctx.player)
    assert.same({b1, b2, bob}, seen[1].ctx.recipients)
    assert.same({{b1, 5}}, dealt_by(g, a))
    assert.equal(20, bob.life)
  end)

  it("502.9b trample with one blocker and power beyond its lethal damage: asked; more may stay on it", function()
    local g, ann, bob, cr = setup()
    local a, b = cr(ann, 6, 6, {"trample"}), cr(bob, 2, 2)
    g:declare_attackers({a})
    g:declare_blockers({[b] = a})
    answer(g, ann, {[b] = 4, [bob] = 2})
    g:combat_damage()
    assert.same({{b, 4}, {bob, 2}}, dealt_by(g, a))
    assert.equal(18, bob.life)
  end)

  -- An option answered as the engine made it is taken without M.check's copy (division.lua's
  -- unchanged_option, issue 28); an edited one is read like any answer: the same divisions.
  it("502.2 an option answered unchanged is that division: the default, or all of it on one", function()
    for k, want in ipairs({ {3, 2}, {5, 0}, {0, 5} }) do
      local g, ann, _, a, b1, b2 = five_vs_two()
      answer(g, ann, function(options) return options[k] end)
      g:combat_damage()
      local got = {}
      for _, d in ipairs(dealt_by(g, a)) do got[d[1] == b1 and 1 or 2] = d[2] end
      assert.same(want, {got[1] or 0, got[2] or 0})
      assert.equal(want[2] >= 3 and "graveyard" or "battlefield", b2.zone)
    end
  end)

  it("502.9b trample: the default option unchanged sends the rest to the player; an option edited "
    .. "in place into another legal division is that division", function()
    local g, ann, bob, a, b1, b2 = five_vs_two({"trample"})
    answer(g, ann, function(options) return options[1] end)
    g:combat_damage()
    assert.same({{b1, 3}, {b2, 2}}, dealt_by(g, a))      -- 5 power: lethal 3, then 2 (none left over)
    assert.equal(20, bob.life)
    local g2, ann2, bob2, cr = setup()
    local t, c1 = cr(ann2, 7, 7, {"trample"}), cr(bob2, 2, 2)
    local c2 = cr(bob2, 2, 2)
    g2:declare_attackers({t})
    g2:declare_blockers({[c1] = t, [c2] = t})
    local seen = answer(g2, ann2, function(options) return options[1] end)
    g2:combat_damage()
    assert.same({{c1, 2}, {c2, 2}, {bob2, 3}}, dealt_by(g2, t))
    assert.equal(17, bob2.life)
    assert.equal(3, #seen[1].options[1])
    local g3, ann3, bob3, t3, d1, d2 = five_vs_two({"trample"})
    answer(g3, ann3, function(options)
      local o = options[2]                       -- all on the first blocker, edited: 3, 2, nothing to Bob
      o[1].amount, o[2].amount = 3, 2
      return o
    end)
    g3:combat_damage()
    assert.same({{d1, 3}, {d2, 2}}, dealt_by(g3, t3))
    assert.equal(20, bob3.life)
  end)

  -- refused by content: the call raises naming the rule, and the game is as it was (422)
  local refused = {
    { "a division that deals 50", function(_, ctx) return {[ctx.recipients[1]] = 50} end, "502.2", "50" },
    { "a division that doesn't add up", function(_, ctx) return {[ctx.recipients[1]] = 2, [ctx.recipients[2]] = 2} end,
      "502.2", "assigns 4" },
    { "an option edited in place", function(options) options[1][1].amount = 50; return options[1] end, "502.2", "50" },
    { "the question's ctx edited first", function(_, ctx)
      ctx.amount = 50; ctx.recipients[3] = ctx.source
      return {[ctx.recipients[1]] = 50} end, "502.2", "50" },
    { "a creature outside the combat", function(_, _, by) return {[by] = 5} end, "not among", "Bystander" },
    { "the attacker itself", function(_, ctx) return {[ctx.source] = 5} end, "not among", "recipients" },
    { "the defending player without trample", function(_, ctx)
      local r = ctx.recipients
      return {[r[1]] = 3, [r[2]] = 1, [r[1].controller] = 1} end,
      "not among", "Bob" },
    { "a fraction", function(_, ctx) return {[ctx.recipients[1]] = 2.5, [ctx.recipients[2]] = 2.5} end,
      "integer", "2.5" },
    { "not a table", function() return "all of it" end, "division", "\"all of it\"" },
    { "a recipient twice", function(_, ctx) return {{target = ctx.recipients[1], amount = 2},
      {target = ctx.recipients[1], amount = 3}} end, "twice", "C2" },
    { "an array entry that isn't a table", function() return {5} end, "entry 1", "5" },
  }
  for _, case in ipairs(refused) do
    it("refused: " .. case[1], function()
      local g, ann, bob, a = five_vs_two()
      local by = g:create(arbiter.card{name = "Bystander", types = {"Creature"}, power = 1, toughness = 1},
        {owner = bob, zone = "battlefield"})
      local h, life = g:state_hash(), bob.life
      answer(g, ann, function(options, ctx) return case[2](options, ctx, by) end)
      local ok, err = pcall(g.combat_damage, g)
      assert.is_false(ok)
      for i = 3, #case do assert.is_truthy(tostring(err):find(case[i], 1, true), tostring(err)) end
      assert.equal(h, g:state_hash())
      assert.equal(life, bob.life)
      assert.equal(0, #dealt_by(g, a))
    end)
  end

  it("refused with trample: damage to the player before a blocker has lethal (502.9b)", function()
    local g, ann, bob, a, b1, b2 = five_vs_two({"trample"})
    local h = g:state_hash()
    answer(g, ann, {[b1] = 3, [b2] = 1, [bob] = 1})
    local ok, err = pcall(g.combat_damage, g)
    assert.is_false(ok)
    assert.is_truthy(err:find("502.9b", 1, true), err)
    assert.is_truthy(err:find("lethal 3", 1, true), err)
    assert.equal(h, g:state_hash())
    assert.equal(0, #dealt_by(g, a))
  end)

  it("arbiter.check_division: the engine's check, for a UI before it answers", function()
    local g, ann, bob, a, b1, b2 = five_vs_two({"trample"})
    local ctx
    answer(g, ann, function(options, c) ctx = c; return options[1] end)
    g:combat_damage()
    assert.same({{target = b1, amount = 3}, {target = b2, amount = 2}, {target = bob, amount = 0}},
      arbiter.check_division(ctx, {[b1] = 3, [b2] = 2}))
    local ok, msg = arbiter.check_division(ctx, {[b1] = 3, [b2] = 1, [bob] = 1})
    assert.is_false(ok)
    assert.is_truthy(msg:find("502.9b", 1, true))
    assert.has_error(function() arbiter.check_division(nil, {}) end,
      "bad argument #1 to 'check_division' (table expected, got nil)")
    local bad = {source = a, amount = "5", recipients = {}, lethal = {}}
    assert.has_error(function() arbiter.check_division(bad, {}) end,
      'bad argument #1 to \'check_division\' (ctx.amount (an integer) expected, got "5")')
  end)

  it("a host through the driver answers any division; a refused one leaves the question pending", function()
    local g, ann, bob, a, b1, b2 = five_vs_two()
    g:set_agent(ann, arbiter.agents.host())
    local d = g:driver(function(game) return game:combat_damage() end)
    local q = d:resume()
    assert.equal("choose", q.kind)
    assert.equal("damage", q.what)
    assert.same({b1, b2}, q.ctx.recipients)
    assert.equal(5, q.ctx.amount)
    local ok, err = pcall(d.answer, d, {[b1] = 50})
    assert.is_false(ok)
    assert.is_truthy(err:find("'answer'", 1, true) and err:find("502.2", 1, true), err)
    assert.is_truthy(err:find("assigns 50", 1, true), err)
    d:answer({[b1] = 4, [b2] = 1})
    assert.is_nil(d:resume())
    assert.same({{b1, 4}, {b2, 1}}, dealt_by(g, a))
    assert.equal("graveyard", b1.zone)
    assert.equal(1, b2.damage)
    assert.equal(20, bob.life)
  end)

  it("a recorded game with a division of the agent's own replays bit for bit", function()
    local g = arbiter.new_game{players = {"Ann", "Bob"}, seed = 8, record = true}
    local ann, bob = g.players[1], g.players[2]
    local big = arbiter.card{name = "Big", types = {"Creature"}, power = 7, toughness = 7, abilities = {"trample"}}
    local small = arbiter.card{name = "Small", types = {"Creature"}, power = 1, toughness = 3}
    local a = g:create(big, {owner = ann, zone = "battlefield"})
    local b1 = g:create(small, {owner = bob, zone = "battlefield"})
    local b2 = g:create(small, {owner = bob, zone = "battlefield"})
    g:set_agent(ann, {choose = function(_, what, options, ctx)
      if what == "damage" then return {[ctx.recipients[1]] = 3, [ctx.recipients[2]] = 4} end
      return options[1]
    end})
    g:declare_attackers({a})
    g:declare_blockers({[b1] = a, [b2] = a})
    g:combat_damage()
    assert.equal(20, bob.life)
    assert.equal("graveyard", b2.zone)
    local g2, err = arbiter.replay(g:recording())
    assert.is_nil(err)
    assert.equal(g:state_hash(), g2:state_hash())
  end)
end)

-- The core's step asks from C (csrc/lcombat.c's ask_division): a host's question through the
-- driver (lua/arbiter/driver.lua: the question unwinds the run, the answer re-runs it) gives the
-- same division as an agent's answer.
describe("502.2 a division asked by the core's step, answered by a host through the driver", function()
  local function board(agent)
    local g = arbiter.new_game{players = {"Ann", "Bob"}, seed = 3}
    local ann, bob = g.players[1], g.players[2]
    local function cr(p, pw, t)
      return g:create(arbiter.card{name = "C" .. pw .. t, types = {"Creature"}, power = pw, toughness = t},
        {owner = p, zone = "battlefield"})
    end
    local a, b1, b2 = cr(ann, 5, 5), cr(bob, 3, 3), cr(bob, 2, 3)
    g:declare_attackers({a})
    g:declare_blockers({[b1] = a, [b2] = a})
    g:set_agent(ann, agent)
    return g, a, b1, b2
  end
  it("the question comes to the host, and its answer is the step's division", function()
    local g, a, b1, b2 = board(arbiter.agents.host())
    local d = g:driver(function(game) return game:combat_damage() end)
    local q = d:resume()
    assert.equal("damage", q.what)
    assert.same({b1, b2}, q.ctx.recipients)
    d:answer({[b1] = 1, [b2] = 4})
    assert.is_nil(d:resume())
    assert.same({1, 4}, {b1.damage, b2.zone == "graveyard" and 4 or b2.damage})
    local ref, ra, r1, r2 = board({choose = function(_, what, options)
      if what == "damage" then return {{target = options[1][1].target, amount = 1},
        {target = options[1][2].target, amount = 4}} end
      return options[1]
    end})
    ref:combat_damage()
    assert.equal(ref:state_hash(), g:state_hash())
    assert.same({r1.zone, r2.zone, ra.damage}, {b1.zone, b2.zone, a.damage})
  end)
end)

describe("502.2 a division's answer may read the game, not change it (422)", function()
  it("an agent that makes a card while it answers: the step raises, naming the question, and is undone", function()
    local g = arbiter.new_game{players = {"Ann", "Bob"}, seed = 3}
    local ann, bob = g.players[1], g.players[2]
    local function cr(p, pw, t)
      return g:create(arbiter.card{name = "C", types = {"Creature"}, power = pw, toughness = t},
        {owner = p, zone = "battlefield"})
    end
    local a, b1, b2 = cr(ann, 5, 5), cr(bob, 3, 3), cr(bob, 3, 3)
    g:declare_attackers({a})
    g:declare_blockers({[b1] = a, [b2] = a})
    local read
    g:set_agent(ann, {choose = function(_, what, options)
      if what == "damage" then read = b1.toughness; cr(ann, 1, 1) end
      return options[1]
    end})
    local before = g:state_hash()
    local ok, err = pcall(g.combat_damage, g)
    assert.is_false(ok)
    assert.matches('choose("damage") changed the game', err, 1, true)
    assert.equal(3, read)                      -- reading was fine
    assert.equal(before, g:state_hash())
    assert.equal(1, #g:permanents(ann))
    assert.same({0, 0}, {b1.damage, b2.damage})
  end)
end)

-- The random, default and simple agents answer a division by its position among the options
-- only (agents' _option_index): the engine then makes neither the options nor the ctx
-- (division.ask_index; csrc/lcombat.c's ask_by_index makes option k's amounts). The same
-- answers, the same draws: the same game as when their choose is called with the question.
describe("502.2 a division answered by its position is the agent's own answer", function()
  it("on " .. NBOARDS .. " random boards: the random agents as they are and wrapped", function()
    local by_index, asked_wrapped = 0, 0
    for s = SEED, SEED + NBOARDS - 1 do
      local plain, a, b = count_questions(function() return play(s, false, false, false) end)
      assert.equal(0, a)                          -- no question made: only positions asked
      by_index = by_index + b
      local wrapped, c = count_questions(function() return play(s, false, false, true) end)
      asked_wrapped = asked_wrapped + c
      assert.equal(wrapped, plain, "board " .. s)
    end
    assert.is_true(by_index > NBOARDS / 20, "divisions answered by position: " .. by_index)
    assert.is_true(asked_wrapped > NBOARDS / 50, "divisions asked of wrapped agents: " .. asked_wrapped)
  end)

  -- a 7/7 (trample or not) blocked by a 2/2, a 3/3 (and a 4/4): the damage it deals to each
  -- blocker, then to Bob
  local function divided(agent, trample, blockers)
    local g = arbiter.new_game{players = {"Ann", "Bob"}, seed = 11}
    local ann, bob = g.players[1], g.players[2]
    local function cr(p, pw, t, abil)
      return g:create(arbiter.card{name = "C", types = {"Creature"}, power = pw, toughness = t, abilities = abil},
        {owner = p, zone = "battlefield", sick = false})
    end
    local a = cr(ann, 7, 7, trample and {"trample"} or {})
    local bs = {}
    for i = 1, blockers do bs[i] = cr(bob, i + 1, i + 1) end
    g:set_agent(ann, agent)
    g:declare_attackers({a})
    local decl = {}
    for _, b in ipairs(bs) do decl[b] = a end
    g:declare_blockers(decl)
    local out = {}
    for i = 1, blockers + 1 do out[i] = 0 end
    g:on("damage", function(ev)
      if ev.source == a then
        for i, b in ipairs(bs) do if ev.target == b then out[i] = ev.amount end end
        if ev.target == bob then out[blockers + 1] = ev.amount end
      end
    end)
    local _, asked, by_index = count_questions(function() g:combat_damage() end)
    return out, asked, by_index, g:state_hash()
  end
  local function wrap(a)
    local choose = a.choose
    return {may = a.may, choose = function(...) return choose(...) end}
  end

  it("the default and simple agents: the default division (options[1]), no question made", function()
    for _, trample in ipairs({false, true}) do
      for _, make in ipairs({function() return arbiter.agents.default end, arbiter.agents.simple}) do
        local out, asked, by_index, hash = divided(make(), trample, 2)
        assert.same({0, 1}, {asked, by_index})
        assert.same(trample and {2, 3, 2} or {2, 5, 0}, out)   -- lethal to each, the rest last
        local out2, asked2, by_index2, hash2 = divided(wrap(make()), trample, 2)
        assert.same({1, 0}, {asked2, by_index2})
        assert.same(out, out2)
        assert.equal(hash, hash2)
      end
    end
  end)

  it("the random agent: the same options drawn as when asked (2 and 3 blockers, trample or not)", function()
    local seen = {}
    for seed = 1, 12 do
      for _, trample in ipairs({false, true}) do
        for blockers = 2, 3 do
          local out, asked, by_index, hash = divided(arbiter.agents.random(seed), trample, blockers)
          assert.same({0, 1}, {asked, by_index})
          local out2, _, _, hash2 = divided(wrap(arbiter.agents.random(seed)), trample, blockers)
          assert.same(out2, out)
          assert.equal(hash2, hash)
          seen[table.concat(out, ",")] = true
        end
      end
    end
    local n = 0
    for _ in pairs(seen) do n = n + 1 end
    assert.is_true(n >= 6, "different divisions drawn: " .. n)   -- not always the default
  end)

  it("a recording game asks with the question made (its amounts noted) and replays to the same game", function()
    local g = arbiter.new_game{players = {"Ann", "Bob"}, seed = 5, record = true}
    local ann, bob = g.players[1], g.players[2]
    g:set_agent(ann, arbiter.agents.random(3))
    local function cr(p, pw, t)
      return g:create(arbiter.card{name = "C", types = {"Creature"}, power = pw, toughness = t},
        {owner = p, zone = "battlefield", sick = false})
    end
    local a, b1, b2 = cr(ann, 5, 5), cr(bob, 2, 2), cr(bob, 3, 3)
    g:declare_attackers({a})
    g:declare_blockers({[b1] = a, [b2] = a})
    local _, asked, by_index = count_questions(function() g:combat_damage() end)
    assert.same({1, 0}, {asked, by_index})
    local noted
    for _, s in ipairs(g:recording().steps) do
      for _, c in ipairs(s.choices) do if c.what == "damage" then noted = c end end
    end
    assert.is_table(noted)
    local g2 = assert(arbiter.replay(g:recording()))
    assert.equal(g:state_hash(), g2:state_hash())
  end)
end)
