-- One source, every Lua (issue 16.1): the same seed and calls give the same game, bit for bit,
-- on Lua 5.1, 5.2, 5.3, 5.4 and LuaJIT 2.1. spec/portable_game.lua plays a whole game (card
-- scripts, a replacement, a trigger, combat, random agents) here and in a fresh process of
-- every installed Lua that has its build of the module (`make test-all` makes them all:
-- build/lua/<lua>/arbiter/core.so; `make test` has 5.4's own build/arbiter/core.so), and
-- every digest (the state hash after each turn, the end state and result) must be the same.
local LUA = require("arbiter.compat").interpreter
local play = dofile("spec/portable_game.lua")
local LUAS = { "lua5.1", "lua5.2", "lua5.3", "lua5.4", "luajit" }

local function exists(path)
  local f = io.open(path)
  if f then f:close() end
  return f ~= nil
end

local function cpath_of(lua)
  if exists("build/lua/" .. lua .. "/arbiter/core.so") then return "build/lua/" .. lua .. "/?.so" end
  if lua == "lua5.4" and exists("build/arbiter/core.so") then return "build/?.so" end
  return nil
end

local function installed(lua)
  local r = os.execute("command -v " .. lua .. " >/dev/null 2>&1")
  return r == true or r == 0                           -- 5.2+: true; 5.1: the status
end

local function run(lua, cpath)
  local p = assert(io.popen(lua .. " spec/portable_game.lua '" .. cpath .. "' 2>&1"))
  local out = p:read("*a")
  p:close()
  return out
end

describe("one source, every Lua (issue 16)", function()
  it("a whole game with card scripts and combat: the same digest on every installed Lua", function()
    local here = play(require("arbiter"))
    assert.truthy(here:match("\nend %x+/%d+ turn %d+ "), here)
    assert.is_true(select(2, here:gsub("\n", "")) >= 5, "a game of a few turns at least")
    local ran = {}
    for _, lua in ipairs(LUAS) do
      local cpath = cpath_of(lua)
      if cpath and installed(lua) then
        assert.are.equal(here, run(lua, cpath), lua .. " played another game")
        ran[#ran + 1] = lua
      end
    end
    assert.truthy(table.concat(ran, " "):find(LUA, 1, true), "the running Lua's own build: " .. LUA)
    if os.getenv("ARBITER_ALL_LUAS") then                    -- make test-all: every Lua
      assert.are.equal(table.concat(LUAS, " "), table.concat(ran, " "))
    end
  end)
end)
