-- GI._priority_view(g, p) (lstack.c): agents.simple_priority's reads at every priority pass in
-- one call. It must answer what the general reads answer: the first player in index order
-- other than p who has not lost, that player's life (p.life: the team's), and #stack objects.
local H = require("helpers")
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions
local arbiter = H.arbiter

local bolt = arbiter.card{ name = "Bolt", types = { "Instant" }, cost = "{R}", targets = { "creature or player" },
  resolve = function(obj, g, source) if obj.targets[1] then g:damage(source, obj.targets[1], 3) end end }

-- the general reads (what simple_priority read before the accessor)
local function general(g, p)
  local foe
  for _, q in ipairs(g.players) do if q ~= p and not q.lost then foe = foe or q end end
  return foe, foe and foe.life, #g:stack_objects()
end

local function same(g)
  for _, p in ipairs(g.players) do
    local foe, life, n = GI._priority_view(g, p)
    local foe2, life2, n2 = general(g, p)
    assert.equal(foe2, foe)
    assert.equal(life2, life)
    assert.equal(n2, n)
  end
end

describe("priority (116): GI._priority_view, simple_priority's reads in one call", function()
  it("answers the first opponent still in, its life and the stack's size, as the general reads do", function()
    local g = H.game{ players = { "Ann", "Bob", "Cid", "Dee" } }
    local ann, bob, cid = g.players[1], g.players[2], g.players[3]
    same(g)
    g:lose_life(bob, 7)
    g:lose_life(cid, 2)
    same(g)
    assert.equal(13, select(2, GI._priority_view(g, ann)))
    g:concede(bob)                      -- Bob is out: Ann's first opponent is Cid
    same(g)
    assert.equal(cid, (GI._priority_view(g, ann)))
    g:begin_turn(ann)
    g:add_mana(ann, "{R}")
    g:cast(ann, g:create(bolt, { owner = ann, zone = "hand" }), { targets = { cid } })
    same(g)
    assert.equal(1, select(3, GI._priority_view(g, ann)))
  end)

  it("answers nil when every other player has lost", function()
    local g = H.game()
    local ann, bob = g.players[1], g.players[2]
    g:concede(bob)
    assert.is_nil((GI._priority_view(g, ann)))
    same(g)
  end)
end)
