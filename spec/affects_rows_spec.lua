-- A static ability's `affects` predicate (418: a continuous effect from a static ability applies
-- to the objects it names; 418.5: applied layer by layer whenever the characteristics are
-- computed) is asked a battlefield row at a time: one host call per effect and computation
-- (csrc/characteristics.c eval_row_batched, csrc/lstatic.c arb_l_static_row_hook) instead of one
-- per card. The same cards must be asked in the same order, with the same answers, errors and
-- games as card by card (core._affects_rows(g, false)).
local H = require("helpers")
local arbiter = H.arbiter
local core = require("arbiter.core")
local cards = dofile("bench/soak/cards.lua")

local goblin = arbiter.card{ name = "Goblin", types = { "Creature" }, subtypes = { "Goblin" }, power = 1, toughness = 1 }

-- the game played with rows (the default) and card by card: what play() returns, per mode
local function both(play)
  local out = {}
  for i, rows in ipairs({ true, false }) do
    local g, ann, bob = H.game()
    if not rows then core._affects_rows(g, false) end
    out[i] = play(g, ann, bob)
  end
  return out[1], out[2]
end

describe("static abilities' predicates asked a row at a time (418, 418.5)", function()
  it("a lord's +1/+1 reaches the other Goblins only, with the same calls in the same order", function()
    local rows, one = both(function(g, ann, bob)
      local asked = {}
      local king = g:create(goblin, { owner = ann, zone = "battlefield" })
      local other = g:create(goblin, { owner = bob, zone = "battlefield" })
      local bear = g:create(H.bear, { owner = ann, zone = "battlefield" })
      g:add_static{ source = king, power = 1, toughness = 1,
        affects = function(c, _, src)
          asked[#asked + 1] = c.id
          return c ~= src and c:is("Goblin")
        end }
      g:add_static{ source = bear, toughness = 2,
        affects = function(c) asked[#asked + 1] = -c.id; return c:is("Bear") end }
      local got = { king.power, other.power, other.toughness, bear.power, bear.toughness }
      bear:tap()
      got[#got + 1] = other.power
      got[#got + 1] = table.concat(asked, " ")
      got[#got + 1] = g:state_hash()
      return got
    end)
    assert.are.same(one, rows)
    -- 418: the King itself and the Bear unchanged, the other Goblin 2/2; the Bear's own +0/+2
    assert.are.same({ 1, 2, 2, 2, 4, 2 }, { rows[1], rows[2], rows[3], rows[4], rows[5], rows[6] })
    assert.is_true(#rows[7] > 0)
  end)

  it("a predicate that fails: the same error, and the game as it was (422)", function()
    local rows, one = both(function(g, ann)
      local a = g:create(H.bear, { owner = ann, zone = "battlefield" })
      local b = g:create(H.bear, { owner = ann, zone = "battlefield" })
      local fine = true
      g:add_static{ power = 1,
        affects = function(c) if c == b and not fine then error("no bears past the first") end return true end }
      local before = { g:state_hash(), a.power, b.power }
      fine = false
      -- an action after which the characteristics are computed again (a permanent enters)
      local ok, err = pcall(g.create, g, H.bear, { owner = ann, zone = "battlefield" })
      fine = true
      return { ok, tostring(err):match("^[^\n]*"), g:state_hash() == before[1], before[2], before[3],
        #g.battlefield:cards() }
    end)
    assert.are.same(one, rows)
    assert.is_false(rows[1])
    assert.truthy(rows[2]:find("static effect 'affects' failed: .*no bears past the first"), rows[2])
    assert.is_true(rows[3])                      -- 422: the creation undone with the failed action
    assert.are.same({ 3, 3, 2 }, { rows[4], rows[5], rows[6] })
  end)

  it("whole games of random Alpha decks: the same games (state hash, history, turns)", function()
    local pool = cards.set_pool(require("arbiter.sets.alpha"))
    for seed = 1, 6 do
      local out = {}
      for i, rows in ipairs({ true, false }) do
        local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = seed }
        if not rows then core._affects_rows(g, false) end
        local rng = arbiter.agents.rng(seed * 7919 + 17)
        for k, p in ipairs(g.players) do
          g:create_deck(p, cards.deck(pool, rng))
          g:shuffle(p.library)
          g:set_agent(p, arbiter.agents.random(seed * 2 + k))
        end
        g:start()
        g:play{ max_turns = 400 }
        out[i] = table.concat({ g:state_hash(), g:history_length(), g.turn }, " ")
      end
      assert.are.equal(out[2], out[1], "seed " .. seed)
    end
  end)
end)
