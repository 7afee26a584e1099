-- `make test-all`: the whole spec suite on each Lua named on the command line (lua5.1 ...
-- luajit), each with its own build of the module (build/lua/<name>/arbiter/core.so). Prints
-- each version's "<name>: N passed, N failed", then the summed "N passed, N failed" CI reads.
-- usage: lua5.4 scripts/testall.lua lua5.1 lua5.2 lua5.3 lua5.4 luajit
local passed, failed, lines = 0, 0, {}

-- Portability checks first (each counts as one test): every Lua file parses as Lua 5.1
-- (no //, bit operators, goto...), and no 5.3-only global or field is used outside
-- arbiter.compat (scripts/portable.luacheckrc: luacheck's "min" standard library).
local function check(name, cmd)
  local p = assert(io.popen(cmd .. " 2>&1"))
  local out = p:read("*a")
  p:close()
  local ok = out == ""
  io.write(ok and ("portable: " .. name .. ": ok\n") or ("portable: " .. name .. ": FAILED\n" .. out
    .. "(one source runs on Lua 5.1-5.4 and LuaJIT: no //, bit operators or goto; math.type, table.unpack,"
    .. " utf8... through lua/arbiter/compat.lua)\n"))
  if ok then passed = passed + 1 else failed = failed + 1 end
  lines[#lines + 1] = string.format("portable %s: %s", name, ok and "ok" or "FAILED")
end
local FILES = "$(git ls-files '*.lua' 2>/dev/null || find lua spec examples bench scripts -name '*.lua')"
check("every Lua file parses as Lua 5.1", "for f in " .. FILES .. "; do luac5.1 -p \"$f\"; done")
check("no 5.3-only library use outside arbiter.compat", "luacheck --config scripts/portable.luacheckrc -q"
  .. " --formatter plain lua spec examples bench scripts --only 111 112 113 143")
for _, lua in ipairs(arg) do
  local cpath = "build/lua/" .. lua .. "/?.so"
  print("== specs on " .. lua)
  -- ARBITER_CPATH reaches busted (runspecs passes --cpath) and the examples that honor it;
  -- LUA_INIT (LUA_INIT_5_x first on 5.2+) preloads this Lua's build in every interpreter of
  -- that version the specs start, whatever cpath a script sets (the README's examples).
  local v = lua:match("^lua(%d%.%d)$")
  local init_var = (v and v ~= "5.1") and ("LUA_INIT_" .. v:gsub("%.", "_")) or "LUA_INIT"
  local init = string.format("if (rawget(_G, \"jit\") and \"luajit\" or \"lua\" .. _VERSION:sub(5)) == %q then "
    .. "package.preload[\"arbiter.core\"] = package.loadlib(%q, \"luaopen_arbiter_core\") end",
    lua, "build/lua/" .. lua .. "/arbiter/core.so")
  local cmd = "ARBITER_ALL_LUAS=1 ARBITER_CPATH='" .. cpath .. "' " .. init_var .. "='" .. init .. "'"
    .. " lua5.4 scripts/runspecs.lua " .. lua .. " /usr/bin/busted --ignore-lua"
  local p = assert(io.popen(cmd .. " 2>&1"))
  local last
  for line in p:lines() do
    io.write(line, "\n")
    local s, f = line:match("^(%d+) passed, (%d+) failed")
    if s then last = { tonumber(s), tonumber(f) } end
  end
  local ok = p:close()
  local s, f = last and last[1] or 0, last and last[2] or 1
  if not ok and f == 0 then f = 1 end
  passed, failed = passed + s, failed + f
  lines[#lines + 1] = string.format("%s: %d passed, %d failed", lua, s, f)
end
print(table.concat(lines, "\n"))
print(string.format("%d passed, %d failed", passed, failed))
os.exit(failed == 0 and passed > 0 and 0 or 1)
