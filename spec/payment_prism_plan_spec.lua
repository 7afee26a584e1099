-- Celestial Prism ("{2}, {T}: Add one mana of any color", a mana ability with a mana cost, 409.1f)
-- in arbiter._can_pay's plan (lua/arbiter/mana.lua, plan_pays with costs: plan_converter): a
-- color still short after the other colors is made by the first untapped converter that makes it
-- (battlefield order: the first option), its {2} paid first from what is left (generic: the pool's
-- colorless, then W..G, then the first unused source's first ability), as the tried payment does
-- (422: undone). Random boards of Alpha's sources, one to three Prisms (some tapped), Black Lotus,
-- mana in the pool: the plan against the trial, cost by cost. A trigger of our own on taps (it
-- waits for the stack, 410.3: the plan still answers) counts its condition's calls: none while
-- the plan answers, some while the trial taps. 407: a cost is paid in full or not at all.
local H = require("spec.helpers")
local arbiter = H.arbiter
local I = require("arbiter.internal")
local alpha = require("arbiter.sets.alpha")

local SOURCES = { "Plains", "Island", "Swamp", "Mountain", "Forest", "Tundra", "Bayou", "Plateau", "Sol Ring",
  "Black Lotus", "Llanowar Elves", "Birds of Paradise", "Mox Ruby", "Mox Sapphire", "Mana Vault" }
local COSTS = { "{W}", "{U}", "{B}", "{R}", "{G}", "{W}{U}", "{U}{B}", "{B}{R}", "{R}{G}", "{G}{W}", "{1}{U}", "{2}{B}",
  "{U}{U}", "{W}{W}{B}", "{1}{R}{G}", "{3}{W}", "{B}{G}{U}", "{4}", "{2}{U}{R}", "{G}{G}" }

local function lcg(seed)
  local s = seed
  return function(n) s = (s * 1103 + 12345) % 65536; return s % n + 1 end
end

local function board(seed)
  local r = lcg(seed + 9000)
  local g, ann = H.game{ seed = seed }
  for _ = 1, r(6) do
    local c = g:create(alpha[SOURCES[r(#SOURCES)]], { owner = ann, zone = "battlefield", sick = r(4) == 1 })
    if r(6) == 1 then c:tap() end
  end
  for _ = 1, r(3) do
    local c = g:create(alpha["Celestial Prism"], { owner = ann, zone = "battlefield" })
    if r(5) == 1 then c:tap() end
  end
  if r(3) == 1 then g:add_mana(ann, ({ "{1}", "{W}", "{2}", "{U}{B}", "{R}", "{G}{G}" })[r(6)]) end
  local calls = { n = 0 }
  g:trigger{ event = "tap", controller = g.players[2], condition = function() calls.n = calls.n + 1; return false end,
    effect = function() end }
  return g, ann, calls
end

describe("Celestial Prism in the payment's plan: _can_pay answers as the tried payment (409.1f, 407)", function()
  it("on 500 random boards: the same answers, the converter's costs planned", function()
    local compared, planned, yes, no = 0, 0, 0, 0
    for seed = 1, 500 do
      local g, ann, calls = board(seed)
      local avail = I._available(g, ann)
      for _, text in ipairs(COSTS) do
        local cost = assert(arbiter.parse_cost(text))
        if not I._affordable(cost, avail, 0) then
          local before = g:state_hash()
          calls.n = 0
          local fast = I._can_pay(g, ann, cost, 0)
          local by_plan = calls.n == 0
          calls.n = 0
          local tried = I._payment_tried(g, ann, cost, 0)
          assert.equal(tried, fast, text .. " seed " .. seed)
          assert.equal(before, g:state_hash())
          compared = compared + 1
          if by_plan and calls.n > 0 then planned = planned + 1 end   -- (the trial taps: the plan didn't)
          if fast then yes = yes + 1 else no = no + 1 end
        end
      end
    end
    -- (without plan_converter the boards with an untapped Prism were tried: 747 planned)
    assert.is_true(planned >= 4000 and yes >= 300 and no >= 300, compared .. " compared, " .. planned
      .. " planned where the trial taps, " .. yes .. " payable, " .. no .. " not")
  end)
end)
