-- The public Lua-layer methods' self check (init.lua) and g:trigger's quick object tests
-- (effects.lua): the fixed-arity wrappers pass every argument a method takes, and the
-- quick tests reject exactly what check.object rejects, with its messages.
local H = require("helpers")
local arbiter = H.arbiter

describe("fixed-arity method wrappers", function()
  it("pass each argument of a 1-4 parameter method, and a vararg method's all", function()
    local un = require("arbiter.internal")._unchecked
    local Game = require("arbiter.core").game_methods()
    local seen = {}
    -- (Lua 5.1's debug.getinfo tells no arity: every wrapper is a vararg one there, unread)
    local arity = debug.getinfo(print, "u").nparams ~= nil
    for name, f in pairs(arity and un or {}) do
      local info = debug.getinfo(f, "u")
      local k = info.isvararg and "v" or info.nparams
      seen[k] = true
      -- the public method wraps f: its parameters are f's (a vararg f: a vararg wrapper)
      local w = debug.getinfo(Game[name], "u")
      if k == "v" or k > 4 then assert.is_true(w.isvararg, name)
      else assert.equal(k, w.nparams, name); assert.is_false(w.isvararg, name) end
    end
    for n = 1, arity and 4 or 0 do assert.is_true(seen[n], "a method of " .. n .. " parameters") end
    -- the arguments reach the method: 2 (trigger), 3 (gain_life, opponents) parameters
    local g, ann = H.game{ seed = 3 }
    local h = g:trigger{ event = "life", controller = ann, effect = function() end }
    assert.equal("trigger", h.kind)
    local life = ann.life
    g:gain_life(ann, 3)
    assert.equal(life + 3, ann.life)
    assert.equal(ann, g:opponents(g.players[2])[1])
  end)

  it("name the method and its caller's line for a bad self, whatever the arity", function()
    local Game = require("arbiter.core").game_methods()
    for _, name in ipairs({ "apnap", "trigger", "gain_life", "discard", "emit" }) do
      local ok, err = pcall(function() local r = Game[name]({}, 1, 2, 3, 4); return r end)
      assert.is_false(ok)
      assert.matches("calling '" .. name .. "' on bad self", err, 1, true)
      assert.matches("method_wrappers_spec.lua:", err, 1, true)
    end
  end)
end)

describe("g:trigger's object tests", function()
  local function msg(f) local ok, err = pcall(f); assert.is_false(ok); return err end
  it("reject a card controller, a player source and another game's objects", function()
    local g, ann = H.game{ seed = 5 }
    local bear = g:create(H.bear, { owner = ann, zone = "battlefield" })
    local g2 = arbiter.new_game{ players = { "Xena", "Yuri" }, seed = 5 }
    local other = g2:create(H.bear, { owner = g2.players[1], zone = "battlefield" })
    local e = function() end
    local err = msg(function() g:trigger{ event = "draw", controller = bear, effect = e } end)
    assert.matches("bad argument #1 to 'trigger' (player expected, got card", err, 1, true)
    err = msg(function() g:trigger{ event = "draw", controller = g2.players[1], effect = e } end)
    assert.matches("bad argument #1 to 'trigger' (player of another game", err, 1, true)
    err = msg(function() g:trigger{ event = "draw", controller = ann, source = ann, effect = e } end)
    assert.matches("bad argument #1 to 'trigger' (card expected, got player", err, 1, true)
    err = msg(function() g:trigger{ event = "draw", controller = ann, source = other, effect = e } end)
    assert.matches("bad argument #1 to 'trigger' (card of another game", err, 1, true)
    err = msg(function() g:trigger{ event = "draw", controller = ann, source = "x", effect = e } end)
    assert.matches("card expected, got string", err, 1, true)
    -- accepted: its own player and card
    assert.is_table(g:trigger{ event = "draw", controller = ann, source = bear, effect = e })
  end)

  it("registers a trigger with a duration (one action) with its source and controller", function()
    local g, ann = H.game{ seed = 7 }
    local bear = g:create(H.bear, { owner = ann, zone = "battlefield" })
    local got = {}
    local h = g:trigger{ event = "life", controller = ann, source = bear, duration = "end_of_turn",
      effect = function(ev, game, source) got[#got + 1] = { source = source, p = ev.player } end }
    local h2 = g:trigger{ event = "life", controller = ann, effect = function() got.plain = true end }
    assert.is_number(h.id); assert.is_number(h2.id)
    ann.life = 3
    g:settle()
    assert.equal(1, #got)
    assert.equal(bear, got[1].source)          -- the source reached the core through atomic
    assert.equal(ann, got[1].p)
    assert.is_true(got.plain)                  -- no condition: always triggers
    -- a wrong condition type still gets check.func's message
    local ok, err = pcall(function() g:trigger{ event = "life", controller = ann, condition = 5, effect = print } end)
    assert.is_false(ok)
    assert.matches("condition: function expected, got 5", err, 1, true)
  end)
end)
