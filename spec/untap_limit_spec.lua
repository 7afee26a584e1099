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
