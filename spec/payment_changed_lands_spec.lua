-- Lands whose abilities an effect changed, paying (409.1f): a land made another basic land type
-- (Evil Presence's "Enchanted land is a Swamp", Phantasmal Terrain: 212.6e, it loses its own
-- mana abilities and taps for the new type's; add_static{subtypes}), a land granted a mana
-- ability (add_static{activated}), so that two lands of different printed types make the same
-- mana the same way. The whole payment (arbiter._pay_mana) with the core's fast path allowed
-- (internal._fast_payments = true) against the general path alone (false), random agents
-- answering any question: the same taps, pool, hash, failure (407) and later draws.
local H = require("spec.helpers")
local arbiter = H.arbiter
local I = require("arbiter.internal")

local function land(name, subtypes) return arbiter.card{ name = name, types = { "Land" }, subtypes = subtypes } end
local DEFS = {
  land("Changed Plains", { "Plains" }), land("Changed Island", { "Island" }), land("Changed Swamp", { "Swamp" }),
  land("Changed Mountain", { "Mountain" }), land("Changed Forest", { "Forest" }),
  land("Changed Tundra", { "Plains", "Island" }),
  land("Changed Waste", nil),
}
local TYPES = { "Plains", "Island", "Swamp", "Mountain", "Forest" }
local MANA = { "{W}", "{U}", "{B}", "{R}", "{G}" }
local COSTS = { "{B}", "{B}{B}", "{1}", "{2}", "{1}{B}", "{W}{B}", "{U}", "{G}{G}", "{2}{R}", "{W}{U}{B}", "{3}" }

local function lcg(seed)
  local s = seed
  return function(n) s = (s * 1103 + 12345) % 65536; return s % n + 1 end
end

-- the board of `seed`: Ann's two to six lands, one or two of them made another type, maybe one
-- granted a "{T}: add" ability, maybe one tapped; a random agent of the seed answers her
local function board(seed)
  local g, ann = H.game()
  local r = lcg(seed)
  local lands = {}
  for i = 1, r(5) + 1 do
    lands[i] = g:create(DEFS[r(#DEFS)], { owner = ann, zone = "battlefield" })
  end
  for _ = 1, r(3) do
    -- one basic land type (Evil Presence), or two (a dual's pair: the core pays with a choice source)
    local target, k = lands[r(#lands)], r(#TYPES)
    local kinds = r(2) == 1 and { TYPES[k] } or { TYPES[k], TYPES[k % #TYPES + 1] }
    g:add_static{ subtypes = kinds, affects = function(c) return c == target end }
  end
  if r(4) == 1 then
    local target, mana = lands[r(#lands)], MANA[r(#MANA)]
    g:add_static{ activated = { { cost = "{T}", mana = mana } }, affects = function(c) return c == target end }
  end
  if r(5) == 1 then lands[r(#lands)]:tap() end
  local agent = arbiter.agents.random(seed)
  g:set_agent(ann, agent)
  return g, ann, agent
end

local function taps(g, ann)
  local out = {}
  for _, ev in ipairs(H.events(g, "mana")) do out[#out + 1] = (ev.card and ev.card.id or "-") .. " " .. tostring(ev.mana) end
  local m = ann.mana
  out[#out + 1] = table.concat({ m.white, m.blue, m.black, m.red, m.green, m.colorless }, " ")
  return out
end

-- how often the core's fast payment paid (pay_simple, the upvalue of arbiter._pay_mana that
-- calls it, wrapped while the spec runs): the comparison means something only if it did. The
-- wrapper returns all it gets: LuaJIT's traces may keep an upvalue never assigned in the source
-- after debug.setupvalue restores it, so it must be harmless in later specs.
local core_paid = 0
local function swap_pay_simple(make)
  for i = 1, math.huge do
    local name, fn = debug.getupvalue(I._pay_mana, i)
    assert(name, "arbiter._pay_mana calls pay_simple")
    if name == "pay_simple" then debug.setupvalue(I._pay_mana, i, make(fn)); return fn end
  end
end
local function counted(fn)
  return function(...)
    local paid, slot, n, pre = fn(...)     -- (pre: the picks asked when it sends the payment back)
    if paid then core_paid = core_paid + 1 end
    return paid, slot, n, pre
  end
end

local function pay(seed, cost, fast)
  local g, ann, agent = board(seed)
  local was = I._fast_payments
  I._fast_payments = fast
  local ok, err = pcall(I._atomic, g, I._pay_mana, ann, cost, 0, "spec", nil, nil)
  I._fast_payments = was
  local err_text = not ok and tostring(err):match("short.*$") or nil
  return { ok, err_text, taps(g, ann), g:state_hash(), agent.choose(ann, "next", { 1, 2, 3, 4, 5, 6, 7 }) }
end

describe("paying with lands whose abilities an effect changed: the fast path pays as the general path (409.1f, 212.6e)", function()
  it("same taps, pool, hash, failure and later draws", function()
    local paid, failed = 0, 0
    local original = swap_pay_simple(counted)
    local ok, err = pcall(function()
      for seed = 1, 120 do
        for _, text in ipairs(COSTS) do
          local cost = assert(arbiter.parse_cost(text))
          local general, fast = pay(seed, cost, false), pay(seed, cost, true)
          assert.same(general, fast, text .. " seed " .. seed)
          if general[1] then paid = paid + 1 else failed = failed + 1 end
        end
      end
    end)
    swap_pay_simple(function() return original end)   -- (no busted `finally`: the Windows runner lacks it)
    assert(ok, err)
    assert.is_true(paid >= 300 and failed >= 100 and core_paid >= 60, paid .. " paid, " .. failed .. " failed, "
      .. core_paid .. " by the core")
  end)
  -- the core can't tell copies by name when another definition has the name (namesake): two
  -- copies of such a source must not send back a payment the player was asked about already
  it("copies the core can't tell apart after a real choice: asked once, as the general path asks (409.1f)", function()
    local function dork(name, mana)
      return arbiter.card{ name = name, types = { "Creature" }, power = 0, toughness = 1,
        activated = { { cost = "{T}", mana = mana } } }
    end
    local elf = dork("Changed Elf", "{G}")
    local first = dork("Changed Birds", "{W}")         -- the name's first definition made a card
    local other = H.game()
    other:create(first, { owner = other.players[1], zone = "battlefield" })
    local birds = dork("Changed Birds", "{W}")         -- a namesake: the core tells its copies by name only
    local function run(seed, fast)
      local g, ann = H.game()
      for _, d in ipairs({ elf, birds, birds }) do g:create(d, { owner = ann, zone = "battlefield", sick = false }) end
      local agent = arbiter.agents.random(seed)
      g:set_agent(ann, agent)
      I._fast_payments = fast
      local ok = pcall(I._atomic, g, I._pay_mana, ann, assert(arbiter.parse_cost("{2}")), 0, "spec", nil, nil)
      I._fast_payments = true
      return { ok, taps(g, ann), agent.choose(ann, "next", { 1, 2, 3, 4, 5, 6, 7 }) }
    end
    for seed = 1, 20 do
      local general = run(seed, false)
      assert.is_true(general[1])
      assert.same(general, run(seed, true), "seed " .. seed)
    end
  end)
end)
