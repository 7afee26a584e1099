-- One source, every Lua (issue 16.1): the same seed and calls give the same game, bit for bit,
-- on Lua 5.1, 5.2, 5.3, 5.4 and LuaJIT 2.1. spec/portable_game.lua plays a whole game (card
-- scripts, a replacement, a trigger, combat, random agents) here and in a fresh process of
-- every installed Lua that has its build of the module (`make test-all` makes them all:
-- build/lua/<lua>/arbiter/core.so; `make test` has 5.4's own build/arbiter/core.so), and
-- every digest (the state hash after each turn, the end state and result) must be the same.
local LUA = require("arbiter.compat").interpreter
local play = dofile("spec/portable_game.lua")
local H = require("helpers")

describe("one source, every Lua (issue 16)", function()
  it("a whole game with card scripts and combat: the same digest on every installed Lua", function()
    local here = play(require("arbiter"))
    assert.truthy(here:match("\nend %x+/%d+ turn %d+ "), here)
    assert.is_true(select(2, here:gsub("\n", "")) >= 5, "a game of a few turns at least")
    local ran = H.on_every_lua("spec/portable_game.lua", function(lua, out)
      assert.are.equal(here, out, lua .. " played another game")
    end)
    assert.truthy(ran:find(LUA, 1, true), "the running Lua's own build: " .. LUA)
    if os.getenv("ARBITER_ALL_LUAS") then                    -- make test-all: every Lua
      assert.are.equal(table.concat(H.LUAS, " "), ran)
    end
  end)
end)
