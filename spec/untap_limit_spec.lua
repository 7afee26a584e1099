-- rules.untap_limit (contract "Banding, turns, players, information"; 418 rule-changing static
-- abilities; the untap step): the player chooses which permanents untap, one at a time,
-- false to stop; the least count in force per type; bad input refused.
local H = require("helpers")
local arbiter = H.arbiter

local land = arbiter.card{ name = "Land", types = { "Land" } }

local function setup(n)
  local g, ann, bob = H.game()
  local lands = {}
  for i = 1, n do lands[i] = g:create(land, { owner = ann, zone = "battlefield" }); lands[i]:tap() end
  return g, ann, bob, lands
end

describe("rules.untap_limit (302: the untap step; Winter Orb)", function()
  it("false stops: the player may untap fewer than the limit", function()
    local g, ann, _, lands = setup(3)
    g:add_static{ affects = ann, rules = { untap_limit = { count = 2, type = "Land" } } }
    local asked = 0
    g:set_agent(ann, { choose = function(_, what, options)
      if what == "untap" then asked = asked + 1; return asked == 1 and options[3] or false end
      return options[1]
    end })
    g:begin_turn(ann); g:untap_step()
    assert.are.equal(2, asked)
    assert.same({ true, true, false }, { lands[1].tapped, lands[2].tapped, lands[3].tapped })
  end)

  it("two effects on one type: the least count applies; no question when no more could untap", function()
    local g, ann, bob, lands = setup(2)
    g:add_static{ rules = { untap_limit = { count = 1, type = "Land" } } }
    g:add_static{ rules = { untap_limit = { count = 3, type = "Land" } } }
    g:begin_turn(ann); g:untap_step()            -- no agent: the first option
    assert.same({ false, true }, { lands[1].tapped, lands[2].tapped })
    local b = g:create(land, { owner = bob, zone = "battlefield" }); b:tap()
    g:set_agent(bob, { choose = function(_, what) error("asked " .. what) end })
    g:begin_turn(bob); g:untap_step()
    assert.is_false(b.tapped)
  end)

  it("616.1: held permanents' untaps replaced by a built-in rule, chosen among the others; it lasts the untapping",
    function()
    local g, ann, _, lands = setup(3)
    g:add_static{ affects = ann, rules = { untap_limit = { count = 1, type = "Land" } } }
    local offered = {}
    g:set_agent(ann, { choose = function(_, what, options)
      if what == "replacement" then offered[#offered + 1] = options; return options[2] end
      return options[1]                            -- untap: the first land
    end })
    local seen = 0
    g:add_replacement{ event = "untap", applies = function(ev) return ev.card == lands[2] end,
      replace = function(ev) seen = seen + 1; return ev end }
    g:begin_turn(ann); g:untap_step()
    assert.same({ false, true, true }, { lands[1].tapped, lands[2].tapped, lands[3].tapped })
    assert.are.equal(1, #offered)                  -- Land 2: both apply, Ann orders them
    local kinds = {}
    for _, o in ipairs(offered[1]) do kinds[#kinds + 1] = o.builtin and o.name or "script" end
    table.sort(kinds)
    assert.same({ "script", "untap limit" }, kinds)
    lands[2]:untap(); lands[3]:untap()             -- the untap step over: nothing holds them
    assert.same({ false, false }, { lands[2].tapped, lands[3].tapped })
    assert.is_true(seen >= 1)
    for _, c in ipairs(lands) do c:tap() end
    g:begin_turn(ann); g:untap_step()              -- the next untap step: one untap limit again
    assert.same({ false, true, true }, { lands[1].tapped, lands[2].tapped, lands[3].tapped })
    assert.are.equal(2, #offered)
    assert.are.equal(2, #offered[2])
  end)

  it("removed, it limits nothing; bad input names the field", function()
    local g, ann, _, lands = setup(2)
    local h = g:add_static{ affects = ann, rules = { untap_limit = { count = 0, type = "Land" } } }
    g:remove_static(h)
    g:begin_turn(ann); g:untap_step()
    assert.same({ false, false }, { lands[1].tapped, lands[2].tapped })
    assert.error_matches(function() g:add_static{ rules = { untap_limit = { count = -1 } } } end, "untap_limit")
    assert.error_matches(function() g:add_static{ rules = { untap_limit = { count = 1, type = 3 } } } end,
      "untap_limit.type")
  end)
end)
