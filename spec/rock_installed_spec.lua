-- `luarocks test` tests the installed rock (issue 31 item 4): the rockspec's test section runs
-- scripts/rock_test.lua, which installs the rock with `luarocks make --tree` into a temporary
-- tree and runs the specs with only that tree on the module paths (`make rock` runs
-- `luarocks test` on a few specs, this one among them; `make rock-test` on all of them).
-- Under `make test` these check the test section; under `luarocks test` they also check the
-- modules were loaded from the installed tree.
local gen = dofile("scripts/rockspec.lua")

local function read(file)
  local f = assert(io.open(file))
  local s = f:read("*a")
  f:close()
  return s
end

-- package.searchpath (Lua 5.2+), for every Lua: the first file of path naming module
local function searchpath(name, path)
  for pat in path:gmatch("[^;]+") do
    local file = pat:gsub("%?", (name:gsub("%.", "/")))
    local f = io.open(file)
    if f then f:close() return file end
  end
end

describe("luarocks test", function()
  it("the rockspec's test section runs scripts/rock_test.lua, which installs into a temporary tree", function()
    local t = {}
    assert(require("arbiter.compat").load(read(gen.PACKAGE .. "-scm-1.rockspec"), "=rockspec", "t", t))()
    assert.are.same({ type = "command", script = "scripts/rock_test.lua" }, t.test)
    local src = read("scripts/rock_test.lua")
    assert.truthy(src:find("luarocks --lua-version=", 1, true))
    assert.truthy(src:find('" make " .. rockspec', 1, true))
    assert.truthy(src:find("--tree", 1, true))
    -- it never installs system packages (make test's scripts/deps.sh does; luarocks test must not)
    assert.falsy(src:find("apt%-get") or src:find("deps%.sh") or src:find("sudo"))
  end)

  it("arbiter and arbiter.core load from where package.path and package.cpath say, and a game plays", function()
    local lua_file = assert(searchpath("arbiter", package.path))
    local so = assert(searchpath("arbiter.core", package.cpath))
    local arbiter = require("arbiter")
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 3 }
    local bolt = require("arbiter.sets.alpha")["Lightning Bolt"]
    g:create(bolt, { owner = g.players[1], zone = "hand" })
    assert.are.equal(1, #g.players[1].hand)
    -- installed: both in the same tree, neither in the checkout's lua/ or build/
    local share = lua_file:match("^(.*)/share/lua/%d%.%d/arbiter/init%.lua$")
    if share then
      assert.are.equal(share, so:match("^(.*)/lib/lua/%d%.%d/arbiter/core%.so$"))
    else
      assert.are.equal("lua/arbiter/init.lua", lua_file)
      -- the checkout's build: make test's, or make test-all's per-Lua one (build/lua/<version>/)
      -- (or make asan's build/asan/arbiter/core.so)
      assert.is_truthy(so == "build/arbiter/core.so" or so:match("^build/lua/[^/]+/arbiter/core%.so$")
        or so == "build/asan/arbiter/core.so", so)
    end
  end)
end)
