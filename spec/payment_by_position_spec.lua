-- A payment's source answered by position (lua/arbiter/mana.lua's pick_source, ask.lua's
-- internal._ask_index): where the sources that could pay a symbol differ, the player chooses
-- one (409.1f: mana abilities are played while paying; 406.1). An agent of arbiter.agents whose
-- choose answers by the number of options only (random, default, simple) is answered without
-- the options or the ctx made: the same source, the same draws, so the same game as when its
-- choose is asked with the options. Not during a recording (each answer noted by its index),
-- and a payment tried (arbiter._can_pay) asks nobody and takes the first (422: undone).
local H = require("spec.helpers")
local arbiter = H.arbiter
local I = require("arbiter.internal")

local function land(name, subtypes) return arbiter.card{ name = name, types = { "Land" }, subtypes = subtypes } end
local DEFS = {
  land("Tundra", { "Plains", "Island" }), land("Plateau", { "Mountain", "Plains" }),
  land("Bayou", { "Swamp", "Forest" }), land("Plains", { "Plains" }), land("Island", { "Island" }),
  land("Forest", { "Forest" }),
  arbiter.card{ name = "Birds", types = { "Creature" }, power = 0, toughness = 1, activated = {
    { cost = "{T}", mana = "{W}" }, { cost = "{T}", mana = "{U}" }, { cost = "{T}", mana = "{B}" },
    { cost = "{T}", mana = "{R}" }, { cost = "{T}", mana = "{G}" } } },
}
local COSTS = { "{W}", "{U}", "{1}", "{2}", "{W}{U}", "{1}{W}", "{2}{R}", "{B}{G}", "{W}{W}", "{3}" }

local function lcg(seed)
  local s = seed
  return function(n) s = (s * 1103 + 12345) % 65536; return s % n + 1 end
end

-- Ann's board of `seed` (up to six sources of the kinds above, some tapped), her agent `agent`
local function board(seed, agent)
  local g, ann = H.game()
  local r = lcg(seed)
  for _ = 1, r(6) do
    local c = g:create(DEFS[r(#DEFS)], { owner = ann, zone = "battlefield" })
    if r(6) == 1 then c:tap() end
  end
  if agent then g:set_agent(ann, agent) end
  return g, ann
end

-- the sources the history's "mana" events name, in order, and the pool
local function taps(g, ann)
  local out = {}
  for _, ev in ipairs(H.events(g, "mana")) do out[#out + 1] = ev.card and ev.card.id or "-" end
  local m = ann.mana
  out[#out + 1] = table.concat({ m.white, m.blue, m.black, m.red, m.green, m.colorless }, " ")
  return out
end

-- the general path's payment (`only`: every permanent of Ann's, so the core's fast path doesn't
-- answer first): true when paid
local function pay(g, ann, text)
  local only = {}
  for _, c in ipairs(g:permanents(ann)) do only[c] = true end
  return (pcall(I._atomic, g, I._pay_mana, ann, assert(arbiter.parse_cost(text)), 0, "spec", nil, only))
end

-- agent a's choose behind a function of its own: not known to answer by position, so it is
-- asked with the options (its draws are the same); asked[what] counts the questions
local function wrapped(a, asked)
  return { choose = function(p, what, options, ctx)
    asked[what] = (asked[what] or 0) + 1
    return a.choose(p, what, options, ctx)
  end }
end

describe("a payment's source answered by position (409.1f)", function()
  it("random and default agents: the same sources, pool, game and later draws as asked with the options", function()
    local asked, paid = {}, 0
    for seed = 1, 60 do
      for _, text in ipairs(COSTS) do
        for _, make in ipairs({ function() return arbiter.agents.random(seed) end,
                                function() return arbiter.agents.default end }) do
          local a1, a2 = make(), make()
          local g1, ann1 = board(seed, a1)                 -- answered by position
          local g2, ann2 = board(seed, wrapped(a2, asked)) -- asked with the options
          local ok1, ok2 = pay(g1, ann1, text), pay(g2, ann2, text)
          assert.equal(ok2, ok1, text .. " seed " .. seed)
          if ok1 then paid = paid + 1 end
          assert.same(taps(g2, ann2), taps(g1, ann1), text .. " seed " .. seed)
          assert.equal(g2:state_hash(), g1:state_hash(), text .. " seed " .. seed)
          -- the same draws so far: the next answer of each agent is the same
          local opts = {}
          for i = 1, 97 do opts[i] = i end
          assert.equal(a2.choose(ann2, "next", opts, {}), a1.choose(ann1, "next", opts, {}))
        end
      end
    end
    -- real choices were made (the wrapped agent was asked), and many costs were paid
    assert.is_true((asked.mana or 0) >= 100 and paid >= 500, (asked.mana or 0) .. " asked, " .. paid .. " paid")
  end)

  it("Tundra and Plains for {W}: the random agent's pick by position taps the same land as its asked pick", function()
    for seed = 1, 20 do
      local picks = {}
      for k, agent in ipairs({ arbiter.agents.random(seed), wrapped(arbiter.agents.random(seed), {}) }) do
        local g, ann = H.game()
        local tundra = g:create(DEFS[1], { owner = ann, zone = "battlefield" })
        g:create(DEFS[4], { owner = ann, zone = "battlefield" })
        g:set_agent(ann, agent)
        assert.is_true(pay(g, ann, "{W}"))
        picks[k] = tundra.tapped
      end
      assert.equal(picks[2], picks[1], "seed " .. seed)
    end
  end)

  it("a payment tried (can_cast) asks no agent and answers as the first option would (422: undone)", function()
    local g, ann = H.game()
    g:create(DEFS[1], { owner = ann, zone = "battlefield" })   -- Tundra
    g:create(DEFS[4], { owner = ann, zone = "battlefield" })   -- Plains
    g:set_agent(ann, { choose = function() error("asked during a tried payment") end })
    local before = g:state_hash()
    assert.is_true(I._payment_tried(g, ann, assert(arbiter.parse_cost("{W}{1}")), 0))
    assert.is_false(I._payment_tried(g, ann, assert(arbiter.parse_cost("{W}{W}{W}")), 0))
    assert.equal(before, g:state_hash())
  end)

  it("while recording, the agent is asked with the options and the answer noted by index; it replays", function()
    local spell = arbiter.card{ name = "Spell", types = { "Sorcery" }, cost = "{W}{W}{1}" }
    for seed = 1, 10 do
      local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1, record = true }
      local ann = g.players[1]
      for _, k in ipairs({ 1, 4, 7, 1, 2 }) do g:create(DEFS[k], { owner = ann, zone = "battlefield" }) end
      local card = g:create(spell, { owner = ann, zone = "hand" })
      g:set_agent(ann, arbiter.agents.random(seed))   -- (by position when not recording)
      g:cast(ann, card)
      local noted = 0
      for _, step in ipairs(g:recording().steps) do
        for _, c in ipairs(step.choices) do
          if c.what == "mana" then noted = noted + 1; assert.is_number(c.answer.index) end
        end
      end
      assert.is_true(noted >= 1, noted .. " noted")
      local replayed, err = arbiter.replay(g:recording())
      assert.is_truthy(replayed, err)
      assert.equal(g:state_hash(), replayed:state_hash())
    end
  end)

  it("ask_choose: the random agent answered by position gives the answers it gives when asked", function()
    local g1, ann1 = H.game()
    local g2, ann2 = H.game()
    local asked = {}
    g1:set_agent(ann1, arbiter.agents.random(3))
    g2:set_agent(ann2, wrapped(arbiter.agents.random(3), asked))
    local opts = { "white", "blue", "black", "red", "green" }
    for n = 1, 40 do
      local o = { require("arbiter.compat").unpack(opts, 1, n % 5 + 1) }
      assert.equal(arbiter.ask_choose(g2, ann2, "color", o), arbiter.ask_choose(g1, ann1, "color", o))
    end
    assert.equal(40, asked.color)
  end)
end)
