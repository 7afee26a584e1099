-- Damage dealt at once as one event per recipient ("damage_dealt": "whenever you're dealt
-- damage" triggers once for a combat damage step, Living Artifact; 502.2, 410), and the untapped
-- lands a player controlled as the turn began (Power Surge; the turn's beginning, before its
-- untap step, 502.1 / 003 "Step by Step").
local H = require("helpers")
local arbiter = H.arbiter

local giant = arbiter.card{ name = "Hill Giant", types = { "Creature" }, power = 3, toughness = 3 }
local striker = arbiter.card{ name = "Striker", types = { "Creature" }, power = 1, toughness = 1,
  abilities = { "first strike" } }
local land = arbiter.card{ name = "Mountain", types = { "Land" }, supertypes = { "Basic" }, subtypes = { "Mountain" } }
local bf = H.bf

local function dealt(g)
  local out = {}
  for _, ev in ipairs(H.events(g, "damage_dealt")) do out[#out + 1] = { ev.target, ev.amount, ev.combat or false } end
  return out
end

describe("\"damage_dealt\": damage dealt at once, one event per recipient (502.2, 410)", function()
  local function fight(g, ann, bob, attackers, blocks)
    g:begin_turn(bob); g:beginning_of_combat()
    g:attack_step(attackers); g:block_step(blocks or {}); g:damage_step()
    return ann
  end

  it("a combat damage step: the attackers' damage to a player is one event with the total; a trigger fires once", function()
    local g, ann, bob = H.game()
    local n = 0
    g:trigger{ event = "damage_dealt", controller = ann, condition = function(ev) return ev.target == ann end,
      effect = function() n = n + 1 end }
    local a = { bf(g, H.bear, bob), bf(g, H.bear, bob), bf(g, giant, bob) }
    fight(g, ann, bob, a)
    assert.are.same({ { ann, 7, true } }, dealt(g))
    assert.are.same({ 13, 1 }, { ann.life, n })
  end)

  it("first strike makes two steps, two batches; a creature dealt damage by two blockers gets one event", function()
    local g, ann, bob = H.game()
    g:trigger{ event = "damage_dealt", controller = ann, effect = function() end }
    local s, big = bf(g, striker, bob), bf(g, giant, bob)
    local b1, b2 = bf(g, H.bear, ann), bf(g, H.bear, ann)
    fight(g, ann, bob, { s, big }, { [b1] = big, [b2] = big })
    local to_ann, to_giant = {}, {}
    for _, d in ipairs(dealt(g)) do
      if d[1] == ann then to_ann[#to_ann + 1] = d[2] elseif d[1] == big then to_giant[#to_giant + 1] = d[2] end
    end
    assert.are.same({ { 1 }, { 4 } }, { to_ann, to_giant })
    local evs = H.events(g, "damage_dealt")
    assert.are.equal(ann, evs[1].target)               -- the first-strike step's batch came first
  end)

  it("g:damage is one event; none when the damage is prevented, and none while nothing listens", function()
    local g, ann = H.game()
    g:damage(nil, ann, 2)
    assert.are.same({}, dealt(g))                   -- nothing listens: nothing recorded
    local h = g:on("damage_dealt", function() end)
    g:damage(nil, ann, 2)
    local r = g:add_replacement{ event = "damage", replace = function(ev) ev.amount = 0 return ev end }
    g:damage(nil, ann, 5)
    g:remove_replacement(r)
    assert.are.same({ { ann, 2, false } }, dealt(g))
    g:off(h)
  end)
end)

describe("g:untapped_lands_at_turn_start(p) (the turn's beginning, before its untap step: 502.1)", function()
  it("counts what each player controlled untapped as the turn began, stolen lands for their new controller", function()
    local g, ann, bob = H.game()
    local m = { bf(g, land, ann), bf(g, land, ann), bf(g, land, ann), bf(g, land, bob) }
    m[1]:tap()
    g:gain_control(m[3], bob)
    g:begin_turn(ann)
    assert.are.same({ 1, 2 }, { g:untapped_lands_at_turn_start(ann), g:untapped_lands_at_turn_start(bob) })
    g:untap_step()
    m[2]:tap(); bf(g, land, ann)                    -- later changes don't change it
    assert.are.equal(1, g:untapped_lands_at_turn_start(ann))
    assert.error_matches(function() g:untapped_lands_at_turn_start("Ann") end,
      "bad argument #1 to 'untapped_lands_at_turn_start'", 1, true)
  end)
end)
