-- Combat damage (502.2): the core's damage step (csrc/combat_damage.c, taken when nobody has a
-- division to choose) against the Lua path (lua/arbiter/combat.lua's assign, forced with
-- g:_damage_in_lua(true)), and the division questions: an attacker blocked by several
-- creatures (its controller) and a blocker blocking several attackers (its controller).
local arbiter = require("arbiter")
local core = require("arbiter.core")

local NBOARDS = tonumber(os.getenv("ARBITER_DAMAGE_BOARDS") or "") or 400
local SEED = tonumber(os.getenv("ARBITER_DAMAGE_SEED") or "") or 5022

local function rng(seed)
  local s = seed
  return function(n)    -- 0 .. n-1
    s = (s * 6364136223846793005 + 1442695040888963407) & 0x7fffffffffffffff
    return (s >> 33) % n
  end
end

local function pick(r, list) return list[r(#list) + 1] end

-- an event as a string: its fields in key order, cards by id, players by index
local function show(v)
  local kind = core.kind(v)
  if kind == "card" then return "#" .. v.id
  elseif kind == "player" then return "P" .. v.index end
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
local function play(seed, in_lua)
  local r = rng(seed)
  local g = arbiter.new_game{players = {"Ann", "Bob"}, seed = seed}
  g:_damage_in_lua(in_lua)
  local ann, bob = g.players[1], g.players[2]
  local all, n = {}, 0
  local function cr(p, extra)
    n = n + 1
    local abil = {}
    for _, a in ipairs({"first strike", "double strike", "trample"}) do
      if r(4) == 0 then abil[#abil + 1] = a end
    end
    if extra then abil[#abil + 1] = extra end
    local c = g:create(arbiter.card{name = "C" .. n, types = {"Creature"}, power = r(6), toughness = 1 + r(5),
      abilities = abil}, {owner = p, zone = "battlefield"})
    all[#all + 1] = c
    return c
  end
  local atk, blk = {}, {}
  for i = 1, 1 + r(4) do atk[i] = cr(ann) end
  for i = 1, r(6) do blk[i] = cr(bob, r(4) == 0 and "can block an additional creature" or nil) end
  for _, c in ipairs(all) do
    if r(4) == 0 and c.toughness > 1 then g:damage(nil, c, 1 + r(c.toughness - 1)) end
  end
  if r(3) == 0 then   -- seeded agents: the same answers in both runs
    g:set_agent(ann, arbiter.agents.random(seed))
    g:set_agent(bob, arbiter.agents.random(seed + 1))
  end
  g:declare_attackers(atk)
  local wish, spread = {}, r(2) == 0
  for i, b in ipairs(blk) do
    if spread then                           -- at most one blocker per attacker
      if atk[i] then wish[b] = atk[i] end
    elseif r(3) > 0 then
      local a1, a2 = pick(r, atk), pick(r, atk)
      wish[b] = a1 ~= a2 and r(2) == 0 and {a1, a2} or a1
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

describe("502.2 combat damage: the core's step and the Lua path make the same game", function()
  it("on " .. NBOARDS .. " random boards (history, damage, zones, life, state hash)", function()
    local methods = core.game_methods()
    local raw = methods._damage_step
    local in_c, asked = 0, 0
    methods._damage_step = function(...)
      local done = raw(...)
      if done then in_c = in_c + 1 else asked = asked + 1 end
      return done
    end
    local ok, err = pcall(function()
      for s = SEED, SEED + NBOARDS - 1 do
        local c_game, lua_game = play(s, false), play(s, true)
        if c_game ~= lua_game then
          error("board " .. s .. " differs:\nC path:\n" .. c_game .. "\nLua path:\n" .. lua_game, 0)
        end
      end
    end)
    methods._damage_step = raw
    assert(ok, err)
    if os.getenv("DBG") then print(in_c, asked) end
    -- both kinds of steps were compared: dealt by the core, and left to the players' choices
    assert.is_true(in_c > NBOARDS // 2, "steps dealt in C: " .. in_c)
    assert.is_true(asked > NBOARDS // 10, "steps with a choice: " .. asked)
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

  it("one blocker per attacker and a trampler: no question is asked (the core deals the step)", function()
    local g, ann, bob, cr = setup()
    local a1, a2 = cr(ann, 3, 3), cr(ann, 5, 5, {"trample"})
    local b1, b2, b3 = cr(bob, 1, 1), cr(bob, 1, 2), cr(bob, 1, 2)
    g:declare_attackers({a1, a2})
    g:declare_blockers({[b1] = a1, [b2] = a2, [b3] = a2})
    local n = 0
    local agent = {choose = function(_, _, options) n = n + 1; return options[1] end}
    g:set_agent(ann, agent); g:set_agent(bob, agent)
    g:combat_damage()
    assert.equal(0, n)
    assert.equal(19, bob.life)               -- 5 tramples: 2 + 2 lethal, 1 over
    assert.equal("graveyard", b1.zone)
    assert.equal("graveyard", b2.zone)
    assert.equal("graveyard", b3.zone)
  end)
end)
