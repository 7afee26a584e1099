-- A triggered ability's effect(ev, g, source, obj) (docs/API.md g:trigger): obj is the ability
-- on the stack. The binding makes obj's Lua value only for an effect that can read a fourth
-- argument (csrc/lhooks.c h_resolve: a Lua function declaring three parameters or fewer, no
-- vararg, gets nil there unseen); every effect that can read it gets the object, the same value
-- the ability had on the stack before (the stack object's one Lua value, csrc/lstack.c).
local H = require("helpers")
local arbiter = H.arbiter

local mine = arbiter.card{ name = "Mine", types = { "Artifact" } }
local nop = arbiter.card{ name = "Nop", types = { "Instant" }, cost = "{0}", resolve = function() end }

-- a game where Ann's draw triggers `effect` once, and each player's priority agent notes the
-- stack objects it saw (seen[1]: the ability waiting to resolve; Ann holds an instant she could
-- cast, so she is asked)
local function setup(effect)
  local g, ann, bob = H.game()
  H.deck(g, ann, 1)
  g:create(nop, { owner = ann, zone = "hand" })
  local src = g:create(mine, { owner = ann, zone = "battlefield" })
  local seen = {}
  for _, p in ipairs({ ann, bob }) do
    g:set_agent(p, { priority = function(_, game)
      local objs = game:stack_objects()
      if objs[1] and not seen[1] then seen[1] = objs[1] end
    end })
  end
  g:trigger{ event = "draw", controller = ann, source = src, effect = effect }
  g:begin_turn(ann); g:upkeep_step()        -- (in a step: the agents get priority as it waits)
  g:draw(ann)
  return g, ann, src, seen
end

local function check_obj(obj, src, ann)
  assert.is_table(obj)
  assert.equal("ability", obj.kind)
  assert.equal(src, obj.card)
  assert.equal(ann, obj.controller)
  assert.same({}, obj.targets)
end

describe("a triggered ability's effect gets its stack object (410) when it can read it", function()
  it("effect(ev, g, source, obj): the object, the same value the agents saw on the stack", function()
    local got
    local g, ann, src, seen = setup(function(ev, game, source, obj) got = { ev, game, source, obj } end)
    g:settle()
    assert.equal("draw", got[1].type)
    assert.equal(g, got[2])
    assert.equal(src, got[3])
    check_obj(got[4], src, ann)
    assert.equal(seen[1], got[4])
  end)

  it("a vararg effect (...) gets it as its fourth argument", function()
    local got
    local g, ann, src, seen = setup(function(...) got = { n = select("#", ...), ... } end)
    g:settle()
    assert.equal(4, got.n)
    check_obj(got[4], src, ann)
    assert.equal(seen[1], got[4])
  end)

  it("an effect with more parameters gets it too (and nil after it)", function()
    local got, extra = nil, true
    local g, ann, src = setup(function(_, _, _, obj, more) got, extra = obj, more end)
    g:settle()
    check_obj(got, src, ann)
    assert.is_nil(extra)
  end)

  it("a vararg effect with named parameters (ev, g, ...) gets it in its varargs", function()
    local got
    local g, ann, src = setup(function(_, _, ...) got = select(2, ...) end)
    g:settle()
    check_obj(got, src, ann)
  end)

  it("an effect of three parameters resolves the same way; the next ability's object is still whole", function()
    local got, args = nil, nil
    local g, ann, src = setup(function(ev, game, source)
      args = { ev, game, source }
      game:trigger{ event = "life", controller = ev.player, source = source,
        effect = function(_, _, _, obj) got = obj end }
      ev.player.life = ev.player.life + 1
    end)
    g:settle()
    assert.equal("draw", args[1].type)
    assert.equal(ann, args[1].player)
    assert.same({ g, src }, { args[2], args[3] })
    assert.equal(21, ann.life)
    check_obj(got, src, ann)
  end)
end)
