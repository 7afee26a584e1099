-- The "draws" event (contract "Version 3: the details"): g:draw(p, n) emits a replaceable
-- "draws" event {player, amount} for the whole instruction first (423.2: the instruction's n
-- draws are separate; this one event stands for the instruction): observers run before the
-- first card is drawn, a replacement of it replaces the whole instruction.
local H = require("helpers")

describe("the 'draws' event (423.6: a replacement of the whole instruction)", function()
  it("is seen once per instruction, before the first card is drawn", function()
    local g, ann = H.game()
    H.deck(g, ann, 5)
    local seen = {}
    g:on("draws", function(ev) seen[#seen + 1] = { ev.player, ev.amount, #ann.hand } end)
    local ndraw = 0
    g:on("draw", function() ndraw = ndraw + 1 end)
    g:draw(ann, 3)
    assert.same({ { ann, 3, 0 } }, seen)
    assert.are.equal(3, ndraw)
    assert.are.equal(3, #ann.hand)
  end)

  it("replaced, the whole instruction is: no card drawn, no draw event", function()
    local g, ann = H.game()
    H.deck(g, ann, 5)
    g:add_replacement{ event = "draws", replace = function() end }
    local got = g:draw(ann, 2)
    assert.are.equal(0, #got)
    assert.are.equal(0, #ann.hand)
    assert.are.equal(5, #ann.library)
  end)

  it("a replacement may change the amount ('draw that many plus one')", function()
    local g, ann = H.game()
    H.deck(g, ann, 5)
    g:add_replacement{ event = "draws", replace = function(ev) ev.amount = ev.amount + 1; return ev end }
    g:draw(ann, 2)
    assert.are.equal(3, #ann.hand)
  end)

  it("with options (an optional draw) too; a trigger on it waits like any", function()
    local g, ann = H.game()
    H.deck(g, ann, 5)
    local n = 0
    g:trigger{ event = "draws", controller = ann, effect = function() n = n + 1 end }
    g:draw(ann, 2, { optional = true })     -- no agent: declines each
    assert.are.equal(0, #ann.hand)
    g:settle()
    assert.are.equal(1, n)
  end)
end)

describe("g:draw(p, n) while scripts watch named events (423.6: the \"draws\" event first): in C (lmove.c "
  .. "draws_body) as the Lua layer's", function()
  local arbiter = require("arbiter")
  local _, set_game = dofile("bench/game_decks.lua")(arbiter, "")

  -- seed's Alpha game with a "draws" replacement (one more card for an instruction of 2, none for one of 3)
  -- and, with watch, a draw observer; at each upkeep its player draws 1 to 3 cards by g:draw(p, k, opts)
  local function played(seed, opts, watch)
    local g = set_game("alpha", seed)
    local ann, drawn, n = g.players[1], {}, 0
    g:add_replacement{ event = "draws", applies = function(ev) return ev.amount >= 2 end,
      replace = function(ev) if ev.amount == 3 then return nil end ev.amount = ev.amount + 1 return ev end }
    if watch then g:on("draw", function() n = n + 1 end) end
    g:trigger{ event = "step", step = "upkeep", controller = ann, effect = function(ev, game)
      local k = game.turn % 3 + 1
      local got = opts and game:draw(ev.player, k, opts) or game:draw(ev.player, k)
      local ids = { k }
      for i, c in ipairs(got) do ids[i + 1] = c.id end
      drawn[#drawn + 1] = table.concat(ids, " ")
    end }
    g:play{ max_turns = 30 }
    return g:state_hash(), g:history_length(), drawn, n
  end

  it("the same cards drawn and the same games as g:draw(p, n, {}) (the Lua layer's path): 6 Alpha games, "
    .. "draws watched or not", function()
    local calls = 0
    for seed = 1, 6 do
      local watch = seed % 2 == 0
      local h1, n1, d1, w1 = played(seed, nil, watch)
      local h2, n2, d2, w2 = played(seed, {}, watch)
      assert.are.same(d2, d1)
      assert.are.equal(h2, h1)
      assert.are.equal(n2, n1)
      assert.are.equal(w2, w1)
      calls = calls + #d1
    end
    assert.is_true(calls > 60, calls)
  end)
end)
