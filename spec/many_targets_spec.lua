-- No cap on a spell's targets (409.1c: "any number of targets"; contract "Version 3 additions":
-- "a spell's variable targets have no fixed cap"). The core keeps the first 8 in the stack
-- object's record and the rest in a journaled side array: a cast with many targets resolves,
-- hashes, clones and is undone whole (422) like one with a few.
local H = require("helpers")
local arbiter = H.arbiter

local mountain = arbiter.card{ name = "Mountain", types = { "Land" }, supertypes = { "Basic" },
  subtypes = { "Mountain" } }
local bf = H.bf
local function hand(g, def, p) return g:create(def, { owner = p, zone = "hand" }) end

-- Volcanic Eruption-like: destroy X target lands
local eruption = arbiter.card{ name = "Eruption", types = { "Sorcery" }, cost = "{X}",
  targets = { { what = "land", count = "x" } },
  resolve = function(obj, g) for _, t in ipairs(obj.targets) do if t then g:destroy(t) end end end }
-- "any number of target players and/or creatures" (count = "any")
local sparks = arbiter.card{ name = "Sparks", types = { "Sorcery" }, cost = "{R}",
  targets = { { what = "creature or player", count = "any" } },
  resolve = function(obj, g) for _, t in ipairs(obj.targets) do if t then g:damage(obj.card, t, 1) end end end }
local wisp = arbiter.card{ name = "Wisp", types = { "Creature" }, cost = "{1}", power = 1, toughness = 1 }

local function lands(g, p, n)
  local out = {}
  for i = 1, n do out[i] = bf(g, mountain, p) end
  return out
end

describe("no cap on a spell's targets (409.1c, 413)", function()
  it("count = \"x\" with X = 12: twelve targets held, listed and destroyed on resolution", function()
    local g, ann, bob = H.game()
    local ls = lands(g, bob, 12)
    g:add_mana(ann, "{12}")
    local s = hand(g, eruption, ann)
    local obj = g:cast(ann, s, { x = 12, targets = ls })
    assert.are.equal(12, #obj.targets)
    for i = 1, 12 do assert.are.equal(ls[i], obj.targets[i]) end
    g:settle()
    assert.are.equal(0, g:count_permanents(bob, "Land"))
    assert.are.equal(12, g:count(bob.graveyard, "Land"))
  end)

  it("a target beyond the eighth that left play is gone on resolution (413): the others still destroyed", function()
    local g, ann, bob = H.game()
    local ls = lands(g, bob, 11)
    g:add_mana(ann, "{11}")
    g:cast(ann, hand(g, eruption, ann), { x = 11, targets = ls })
    g:move(ls[10], "hand")             -- a new object (217.1c)
    local obj = g:stack_objects()[1]
    assert.is_false(obj.targets[10])
    assert.are.equal(ls[11], obj.targets[11])
    g:settle()
    assert.are.same({ "hand", "graveyard", "graveyard" }, { ls[10].zone, ls[9].zone, ls[11].zone })
  end)

  it("a cast with 12 targets that fails is undone whole (422): the same state hash, no mana spent", function()
    local g, ann, bob = H.game()
    local ls = lands(g, bob, 12)
    g:add_mana(ann, "{11}")                     -- one short of X = 12
    local s = hand(g, eruption, ann)
    local before = g:state_hash()
    assert.has_error(function() g:cast(ann, s, { x = 12, targets = ls }) end)
    assert.are.equal(before, g:state_hash())
    assert.are.same({ "hand", 11 }, { s.zone, ann.mana.colorless })
    -- and one undone by an enclosing attempt after it succeeded
    g:add_mana(ann, "{1}")
    before = g:state_hash()
    local ok = g:attempt(function() g:cast(ann, s, { x = 12, targets = ls }); error("no") end)
    assert.is_false(ok)
    assert.are.equal(before, g:state_hash())
    assert.are.equal(0, #g:stack_objects())
    -- the side array was rolled back too: a new cast reads its own targets
    local obj = g:cast(ann, s, { x = 12, targets = { ls[12], ls[11], ls[10], ls[9], ls[8], ls[7], ls[6], ls[5],
      ls[4], ls[3], ls[2], ls[1] } })
    assert.are.equal(ls[1], obj.targets[12])
    assert.are.equal(ls[3], obj.targets[10])
  end)

  it("targets beyond the eighth reach the state hash, and a clone keeps them", function()
    local function setup(last)
      local g, ann, bob = H.game()
      local ls = lands(g, bob, 10)
      g:add_mana(ann, "{9}")
      local ts = {}
      for i = 1, 8 do ts[i] = ls[i] end
      ts[9] = ls[last]
      g:cast(ann, hand(g, eruption, ann), { x = 9, targets = ts })
      return g
    end
    local a, b = setup(9), setup(10)
    assert.are_not.equal(a:state_hash(), b:state_hash())
    local c = b:clone()
    assert.are.equal(b:state_hash(), c:state_hash())
    assert.are.equal("Mountain", c:stack_objects()[1].targets[9].name)
    assert.are.equal(b:stack_objects()[1].targets[9].id, c:stack_objects()[1].targets[9].id)
  end)

  it("count = \"any\": the agent picks more than eight, one at a time, until it says done", function()
    local g, ann, bob = H.game()
    for _ = 1, 10 do bf(g, wisp, bob) end
    g:set_agent(ann, { choose = function(_, what, options)
      if what ~= "target" then return options[1] end
      for _, o in ipairs(options) do if o ~= "done" and o ~= ann then return o end end
      return "done"
    end })
    g:add_mana(ann, "{R}")
    local obj = g:cast(ann, hand(g, sparks, ann))
    assert.are.equal(11, #obj.targets)             -- bob and his ten Wisps
    g:settle()
    assert.are.same({ 19, 0 }, { bob.life, g:count_permanents(bob, "Creature") })
  end)
end)
