-- The binding's per-call fast paths (csrc/lobject.c, lcore.c; issue 28): a game argument checked
-- by its own marks in one function, a proxy of the method's game told by its size and kind, a
-- new proxy's metatable read from the names table, core.card_keys telling cards by their marks.
-- Each gives what the long way gave: the same values, the same refusals with the same messages.
local H = require("spec.helpers")
local core = require("arbiter.core")
local compat = require("arbiter.compat")
local unpack, pack = compat.unpack, compat.pack

describe("binding fast paths", function()
  it("a game method refuses anything but a live game, naming the method and the value", function()
    local g, ann = H.game()
    local c = g:create(H.bear, { owner = ann, zone = "battlefield" })
    for _, case in ipairs({ { ann, "Ann" }, { c, "Grizzly Bears" }, { {}, "table" }, { 3, "number 3" },
      { io.stdout, "file" }, { false, "boolean false" } }) do
      local ok, err = pcall(function() local n = g.history_length(case[1]); return n end)
      assert.is_false(ok)
      assert.matches("bad argument #1 to 'history_length'", err, 1, true)
      assert.matches("game expected, got " .. case[2], err, 1, true)
    end
    assert.equal(0, g.history_length(g) - #g:history())
  end)

  it("a player of the method's game is taken, another game's refused by name", function()
    local GI = require("arbiter.internal")._game
    local g, ann = H.game()
    local other = H.game{ players = { "Xena", "Yuri" } }
    assert.is_false(GI._lost(g, ann))
    local ok, err = pcall(function() local lost = GI._lost(g, other.players[1]); return lost end)
    assert.is_false(ok)
    assert.matches("bad argument #2 to '_lost' (player of another game", err, 1, true)
    assert.matches("Xena", err, 1, true)
    ok, err = pcall(GI._lost, g, ann.hand)
    assert.is_false(ok)
    assert.matches("player expected, got", err, 1, true)
  end)

  it("new proxies get their class metatables: cards, players, zones", function()
    local g, ann = H.game()
    local c = g:create(H.bear, { owner = ann, zone = "hand" })
    assert.equal(core.metatable("arbiter.Card"), debug.getmetatable(c))
    assert.equal(core.metatable("arbiter.Player"), debug.getmetatable(ann))
    assert.equal(core.metatable("arbiter.Zone"), debug.getmetatable(ann.hand))
    assert.equal("Grizzly Bears", c.name)
    assert.equal(c, g:card(c.id))                  -- the same value, not a second proxy
  end)

  it("core.card_keys: cards (of any game) in id order; anything else nil", function()
    local g, ann = H.game()
    local a = g:create(H.bear, { owner = ann, zone = "battlefield" })
    local b = g:create(H.bear, { owner = ann, zone = "battlefield" })
    local g2, xena = H.game{ players = { "Xena", "Yuri" } }
    local x = g2:create(H.bear, { owner = xena, zone = "hand" })
    assert.same({ a, b }, core.card_keys({ [b] = 1, [a] = 2 }))
    assert.same({ x }, core.card_keys({ [x] = true }))
    assert.same({}, core.card_keys({}))
    assert.is_nil(core.card_keys({ [a] = 1, [ann] = 2 }))                -- a player
    assert.is_nil(core.card_keys({ [a] = 1, [ann.hand] = 2 }))           -- a zone
    assert.is_nil(core.card_keys({ [a] = 1, [io.stdout] = 2 }))          -- another userdata
    assert.is_nil(core.card_keys({ [setmetatable({}, debug.getmetatable(a))] = 1 }))
    assert.is_nil(core.card_keys({ [a] = 1, x = 2 }))
  end)

  it("g:attempt and arbiter.atomic give fn's results as they are: none, nils, thousands", function()
    local arbiter = require("arbiter")
    local g, ann = H.game()
    H.deck(g, ann, 3)
    assert.same({ n = 1, true }, pack(g:attempt(function() end)))
    assert.same({ n = 4, true, nil, 2, nil }, pack(g:attempt(function() return nil, 2, nil end)))
    assert.same({ n = 3, g, "x", 7 }, pack(arbiter.atomic(g, function(g2, a, b) return g2, a, b end, "x", 7)))
    local many = {}
    for i = 1, 5000 do many[i] = i end
    local got = pack(g:attempt(function() return unpack(many) end))
    assert.equal(5001, got.n)
    assert.is_true(got[1])
    assert.equal(5000, got[5001])
    local ok, err = g:attempt(function(g2) g2:draw(ann, 2); error("no", 0) end)
    assert.same({ false, "no", 0 }, { ok, err, #ann.hand })      -- undone (422)
    assert.same({ n = 2, true, 2 }, pack(g:attempt(function(g2) -- nested: the inner undone alone
      local inner = g2:attempt(function(g3) g3:draw(ann); error("inner") end)
      g2:draw(ann, 2)
      return inner == false and #ann.hand
    end)))
  end)

  it("a player is always its one value: past the seats kept in user values too, and in a clone", function()
    local names = {}
    for i = 1, 10 do names[i] = "P" .. i end
    local g = H.game{ players = names }
    for round = 1, 2 do                            -- first pushes make the proxies, then reads
      for i, p in ipairs(g.players) do p.life = 30 + i + round end
    end
    local seen = 0
    for _, ev in ipairs(g:history()) do
      if ev.type == "life" then
        seen = seen + 1
        assert.equal(g.players[(seen - 1) % 10 + 1], ev.player)
      end
    end
    assert.equal(20, seen)
    assert.equal(g.players[1], g.active_player)
    local c = g:clone()
    assert.equal(c.players[1], c.active_player)
    assert.not_equal(g.players[1], c.players[1])
    assert.equal(c.players[9], c:history()[9].player)
    assert.equal("P9", c.players[9].name)
  end)

  it("the Lua layer's unchecked methods: the same functions the checked ones call, the check kept", function()
    require("arbiter")                                          -- (init.lua makes the list)
    local unchecked = require("arbiter.internal")._unchecked
    local Game = core.game_methods()
    local g = H.game()
    for _, name in ipairs({ "declare_attackers", "combat_damage", "end_combat" }) do
      assert.is_function(unchecked[name])
      assert.not_equal(Game[name], unchecked[name])          -- the public one checks its self first
      local ok, err = pcall(Game[name], {})
      assert.is_false(ok)
      assert.matches("calling '" .. name .. "' on bad self", err, 1, true)
    end
    -- the same action: combat ends with no combat open, through either (no change, no error)
    local h = g:state_hash()
    Game.end_combat(g)
    local a = g:state_hash()
    unchecked.end_combat(g)
    assert.equal(a, g:state_hash())
    assert.equal(h, a)
  end)
end)
