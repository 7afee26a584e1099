-- `make test-all`: the whole spec suite on each Lua named on the command line (lua5.1 ...
-- luajit), each with its own build of the module (build/lua/<name>/arbiter/core.so). Prints
-- each version's "<name>: N passed, N failed", then the summed "N passed, N failed" CI reads.
-- usage: lua5.4 scripts/testall.lua lua5.1 lua5.2 lua5.3 lua5.4 luajit
local passed, failed, lines = 0, 0, {}
for _, lua in ipairs(arg) do
  local cpath = "build/lua/" .. lua .. "/?.so"
  print("== specs on " .. lua)
  -- ARBITER_CPATH reaches busted (runspecs passes --cpath) and the examples the specs run.
  local cmd = "ARBITER_CPATH='" .. cpath .. "' lua5.4 scripts/runspecs.lua " .. lua .. " /usr/bin/busted --ignore-lua"
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
