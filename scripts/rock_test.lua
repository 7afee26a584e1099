-- scripts/rock_test.lua — `luarocks test` (the rockspec's test section) and `make rock-test`:
-- the specs against the installed rock, not the checkout's build (issue 31 item 4).
--   1. a copy of the checkout's files (git ls-files: uncommitted changes in, ignored files out)
--      is installed with `luarocks make --tree TMP` (no server needed: a local build);
--   2. the rock's modules are checked to load from TMP only (arbiter, arbiter.core, a set card);
--   3. busted runs spec/ with package.path and package.cpath naming TMP's tree, spec/ (the
--      specs' helpers) and the Lua's own directories (busted itself): lua/ and build/ are on
--      neither, so a module missing from the rock fails its specs.
-- Nothing is installed on the system (no package manager runs, unlike make test): busted
-- (Debian's lua-busted, or the busted rock) and luarocks must be there already.
-- Ends with "N passed, N failed".
--   lua5.4 scripts/rock_test.lua [busted args]    (luarocks runs it with its configured Lua)
local lua = arg[-1] or "lua"
local V = _VERSION:match("%d+%.%d+")

local function q(s) return "'" .. tostring(s):gsub("'", "'\\''") .. "'" end

local function run(cmd)
  local ok, how, code = os.execute(cmd)
  if type(ok) == "number" then return ok == 0 end    -- Lua 5.1
  return ok == true and how == "exit" and code == 0
end

local function read(cmd)
  local p = assert(io.popen(cmd))
  local s = p:read("*a")
  p:close()
  return (s:gsub("%s+$", ""))
end

local function die(msg)
  io.stderr:write("rock_test: " .. msg .. "\n")
  print("0 passed, 1 failed")
  os.exit(1)
end

local gen = dofile("scripts/rockspec.lua")
local rockspec = gen.PACKAGE .. "-scm-1.rockspec"
local busted = read("command -v busted 2>/dev/null")
if busted == "" then die("busted is not installed (Debian: lua-busted; or luarocks install busted)") end
if read("command -v luarocks 2>/dev/null") == "" then die("luarocks is not installed") end

local T = read("mktemp -d")
local function cleanup() run("rm -rf " .. q(T)) end
local tree = T .. "/tree"

-- 1. install a copy of the checkout
print("rock_test: luarocks --lua-version=" .. V .. " --tree " .. tree .. " make " .. rockspec)
local copy = "mkdir -p " .. q(T .. "/src") .. " && git ls-files -co --exclude-standard -z"
  .. " | xargs -0 -r cp -P --parents -t " .. q(T .. "/src")
if not run(copy) then cleanup(); die("could not copy the checkout") end
if not run("cd " .. q(T .. "/src") .. " && luarocks --lua-version=" .. V .. " --tree " .. q(tree)
    .. " make " .. rockspec .. " >" .. q(T .. "/make.log") .. " 2>&1") then
  io.stderr:write(read("tail -n 30 " .. q(T .. "/make.log")) .. "\n")
  cleanup(); die("luarocks make failed")
end

-- 2. the modules load from the tree, and from nowhere else
local share, lib = tree .. "/share/lua/" .. V, tree .. "/lib/lua/" .. V
local lpath = share .. "/?.lua;" .. share .. "/?/init.lua;spec/?.lua"
local cpath = lib .. "/?.so"
local probe = [[
  package.path = %q .. ";" .. package.path:gsub("%%./%%?[^;]*;?", "")
  package.cpath = %q .. ";" .. package.cpath:gsub("%%./%%?[^;]*;?", "")
  local tree = %q
  local function searchpath(name, path)   -- package.searchpath is Lua 5.2+
    for pat in path:gmatch("[^;]+") do
      local file = pat:gsub("%%?", (name:gsub("%%.", "/")))
      local f = io.open(file)
      if f then f:close() return file end
    end
  end
  for _, m in ipairs({ "arbiter", "arbiter.sets.alpha.lightning_bolt", "arbiter.cards.lure" }) do
    local f = assert(searchpath(m, package.path), m .. " not found")
    assert(f:sub(1, #tree) == tree, m .. " loads from " .. f .. ", not the installed tree")
  end
  local so = assert(searchpath("arbiter.core", package.cpath), "arbiter.core not found")
  assert(so:sub(1, #tree) == tree, "arbiter.core loads from " .. so)
  local arbiter = require("arbiter")
  assert(arbiter.VERSION, "no arbiter.VERSION")
  print("rock_test: the installed rock loads from " .. tree .. " (arbiter " .. arbiter.VERSION .. ")")
]]
local pf = assert(io.open(T .. "/probe.lua", "w"))
pf:write(string.format(probe, lpath, cpath, tree))
pf:close()
if not run(q(lua) .. " " .. q(T .. "/probe.lua")) then
  cleanup(); die("the installed rock doesn't load from its tree")
end

-- 3. the specs against the tree (specs that start other Luas in a fresh process still use
-- the per-Lua builds of `make test-all` where they exist: spec/helpers.lua; the command line's
-- spec runs the installed bin/arbiter)
local extra = {}
for i = 1, #arg do extra[#extra + 1] = q(arg[i]) end
-- spec/cli_spec.lua runs the command LuaRocks installed (its wrapper sets the tree's paths)
local cmd = "ARBITER_BIN=" .. q(tree .. "/bin/arbiter") .. " " .. q(lua) .. " " .. q(busted)
  .. " --ignore-lua --lpath=" .. q(lpath) .. " --cpath=" .. q(cpath)
  .. " -o utfTerminal " .. table.concat(extra, " ") .. " 2>&1"
local p = assert(io.popen(cmd))
local out = p:read("*a")
local ok = p:close()
cleanup()
io.write(out)
local s, f, e = out:match("(%d+) success%a* / (%d+) failures? / (%d+) errors?")
local passed, failed = tonumber(s) or 0, (tonumber(f) or 0) + (tonumber(e) or 0)
if not s or (not ok and failed == 0) then failed = failed + 1 end
print(string.format("%d passed, %d failed", passed, failed))
os.exit(failed == 0 and passed > 0 and 0 or 1)
