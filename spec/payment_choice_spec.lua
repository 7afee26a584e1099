-- The core's fast payment (csrc/mana.c, arb_mana_pay_simple) with sources that have a choice of
-- kinds: a dual land (two basic land types, 212.6e: two "{T}: add" abilities) and Birds of
-- Paradise (five). It plays them as the general path (lua/arbiter/mana.lua, arbiter._pay_mana)
-- does: the pool first, then colored symbols in W U B R G order, each from the first unused
-- source of that color (its first ability making it), then generic from the first source (its
-- first ability), battlefield order; where the sources differ the player has a real choice
-- (409.1f: mana abilities are played while paying; 406.1) and the fast path declines, so the
-- general path asks. 407: a cost that can't be paid in full isn't paid; 422: nothing changes.
local H = require("spec.helpers")
local arbiter = H.arbiter
local I = require("arbiter.internal")
local GI = I._game

local function land(name, subtypes) return arbiter.card{ name = name, types = { "Land" }, subtypes = subtypes } end
local DEFS = {
  land("Tundra", { "Plains", "Island" }), land("Plateau", { "Mountain", "Plains" }),
  land("Bayou", { "Swamp", "Forest" }), land("Plains", { "Plains" }), land("Island", { "Island" }),
  land("Forest", { "Forest" }),
  arbiter.card{ name = "Birds", types = { "Creature" }, power = 0, toughness = 1, activated = {
    { cost = "{T}", mana = "{W}" }, { cost = "{T}", mana = "{U}" }, { cost = "{T}", mana = "{B}" },
    { cost = "{T}", mana = "{R}" }, { cost = "{T}", mana = "{G}" } } },
}
local COSTS = { "{W}", "{U}", "{1}", "{2}", "{W}{U}", "{U}{U}", "{1}{W}", "{2}{R}", "{B}{G}", "{W}{W}{W}", "{3}" }

local function lcg(seed)
  local s = seed
  return function(n) s = (s * 1103 + 12345) % 65536; return s % n + 1 end
end

-- the board of `seed`: a game where Ann has up to five sources (a few of one kind: copies,
-- some sick or tapped) and maybe mana in her pool; the questions Ann is asked go to `asked`
local function board(seed, asked)
  local g, ann = H.game()
  local r = lcg(seed)
  local kinds = { DEFS[r(#DEFS)], DEFS[r(#DEFS)] }
  for _ = 1, r(5) do
    local c = g:create(r(3) == 1 and DEFS[r(#DEFS)] or kinds[r(2)], { owner = ann, zone = "battlefield", sick = r(4) == 1 })
    if r(6) == 1 then c:tap() end
  end
  if r(4) == 1 then g:add_mana(ann, ({ "{W}", "{U}", "{1}" })[r(3)]) end
  g:set_agent(ann, { choose = function(_, what, o) asked[#asked + 1] = what .. #o; return o[1] end })
  return g, ann
end

-- Ann's sources tapped, in the order the history's "mana" events name them, and her pool
local function taps(g, ann)
  local out = {}
  for _, ev in ipairs(H.events(g, "mana")) do out[#out + 1] = ev.card and ev.card.id or "-" end
  local m = ann.mana
  out[#out + 1] = table.concat({ m.white, m.blue, m.black, m.red, m.green, m.colorless }, " ")
  return out
end

describe("the core's fast payment with a dual land and Birds of Paradise pays as the general path (409.1f)", function()
  it("same sources in the same order, same pool; declines where the player chooses or can't pay (409.1f, 407)", function()
    local fast, asks, short = 0, 0, 0
    for seed = 1, 80 do
      for _, text in ipairs(COSTS) do
        local cost = assert(arbiter.parse_cost(text))
        -- the general path: `only` every permanent of Ann's (the same sources, no fast path)
        local asked = {}
        local g1, a1 = board(seed, asked)
        local only = {}
        for _, c in ipairs(g1:permanents(a1)) do only[c] = true end
        local ok = pcall(I._atomic, g1, I._pay_mana, a1, cost, 0, "spec", nil, only)
        -- the core's fast payment on the same board
        local none = {}
        local g2, a2 = board(seed, none)
        local before = g2:state_hash()
        local paid = GI._pay_simple(g2, a2, cost.white, cost.blue, cost.black, cost.red, cost.green, cost.generic,
          I._mana_code_of)
        assert.same({}, none)                                      -- the core asks nothing
        if paid then
          fast = fast + 1
          assert.is_true(ok, text .. " seed " .. seed)
          assert.same({}, asked, text .. " seed " .. seed)         -- no real choice was skipped
          assert.same(taps(g1, a1), taps(g2, a2), text .. " seed " .. seed)
          assert.equal(g1:state_hash(), g2:state_hash(), text .. " seed " .. seed)
        else
          assert.equal(before, g2:state_hash())                    -- declined: nothing changed (422)
          if #asked > 0 then asks = asks + 1 end
          if not ok then short = short + 1 end
        end
      end
    end
    -- all three cases occur: paid by the core, a question left to the general path, not payable
    assert.is_true(fast >= 150 and asks >= 20 and short >= 50, fast .. " paid, " .. asks .. " asked, " .. short .. " short")
  end)

  it("Tundra and Birds for {W}: a choice, declined; {G} from a Bayou's second ability; {U}{U} refused (212.6e, 407)",
    function()
    local g, ann = H.game()
    local t = g:create(DEFS[1], { owner = ann, zone = "battlefield" })
    local b = g:create(DEFS[7], { owner = ann, zone = "battlefield" })
    local bayou = g:create(DEFS[3], { owner = ann, zone = "battlefield" })
    -- {W}: the Tundra and Birds both make it (different abilities: a real choice, 409.1f)
    assert.is_false(GI._pay_simple(g, ann, 1, 0, 0, 0, 0, 0, I._mana_code_of))
    assert.is_false(t.tapped or b.tapped)
    -- {G} with Birds tapped: only the Bayou, its second ability ("{T}: add {G}": its Forest type)
    b:tap()
    assert.is_true(GI._pay_simple(g, ann, 0, 0, 0, 0, 1, 0, I._mana_code_of))
    assert.is_true(bayou.tapped)
    assert.same({ 0, 0, 0, 0, 0, 0 }, { ann.mana.white, ann.mana.blue, ann.mana.black, ann.mana.red,
      ann.mana.green, ann.mana.colorless })                        -- {G} made and spent
    -- {U}{U} with one Tundra left: can't pay (407), nothing tapped
    assert.is_false(GI._pay_simple(g, ann, 0, 2, 0, 0, 0, 0, I._mana_code_of))
    assert.is_false(t.tapped)
    -- {1}: the Tundra's first ability ({W}, its Plains type) makes the mana, then it is spent
    assert.is_true(GI._pay_simple(g, ann, 0, 0, 0, 0, 0, 1, I._mana_code_of))
    assert.is_true(t.tapped)
    local last = H.events(g, "mana")
    assert.equal(1, last[#last].amount)
    assert.equal(t, last[#last].card)
  end)
end)
