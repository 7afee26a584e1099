-- Combat costs in mana (500.5, Propaganda: "Creatures can't attack you unless their controller
-- pays {2} for each creature he or she controls that's attacking you"): g:add_combat_cost's
-- `cost`, paid per creature as it is declared, through ask_pay's payment path; a cost that
-- can't be paid undoes the declaration (422).
local H = require("helpers")
local forest = require("arbiter.sets.alpha")["Forest"]

local function forests(g, p, n)
  local out = {}
  for i = 1, n do out[i] = g:create(forest, { owner = p, zone = "battlefield" }) end
  return out
end

local function setup()
  local g, ann, bob = H.game()
  local a = g:create(H.bear, { owner = ann, zone = "battlefield" })
  local b = g:create(H.bear, { owner = ann, zone = "battlefield" })
  g:begin_turn(ann)
  g:add_combat_cost{ kind = "attack", cost = "{2}", applies = function(_, c) return c.controller == ann end }
  return g, ann, bob, a, b
end

describe("combat costs in mana (500.5)", function()
  it("{2} per attacking creature, paid as they are declared (mana abilities played while paying)", function()
    local g, ann, bob, a, b = setup()
    local lands = forests(g, ann, 5)
    g:beginning_of_combat()
    g:declare_attackers({ a, b }, { pay = { a, b } })
    assert.same({ a, b }, g:attackers())
    local tapped = 0
    for _, l in ipairs(lands) do if l.tapped then tapped = tapped + 1 end end
    assert.are.equal(4, tapped)
    assert.are.equal(20, bob.life)
  end)

  it("can't pay for both: the declaration is undone whole (422), nothing paid", function()
    local g, _, _, a, b = setup()
    local lands = forests(g, g.players[1], 3)
    g:beginning_of_combat()
    local before = g:state_hash()
    assert.error_matches(function() g:declare_attackers({ a, b }, { pay = { a, b } }) end, "can't pay")
    assert.same({ false, false, false }, { lands[1].tapped, lands[2].tapped, lands[3].tapped })
    assert.are.equal(0, #g:attackers())
    assert.are.equal(before, g:state_hash())
    g:declare_attackers({ a }, { pay = { a } })       -- one is affordable
    assert.same({ a }, g:attackers())
  end)

  it("not paid, the creature can't attack (as any combat cost); a bad cost is refused", function()
    local g, ann, _, a = setup()
    g:beginning_of_combat()
    assert.is_false((g:check_attack({ a })))
    assert.error_matches(function()
      g:add_combat_cost{ kind = "attack", cost = "{Q}", applies = function() return true end }
    end, "add_combat_cost.*cost")
    assert.are.equal(0, ann.mana.green)
  end)
end)
