-- Runs the busted specs and ends with the line CI reads: "N passed, N failed".
-- usage: lua5.4 scripts/runspecs.lua lua5.4 /usr/bin/busted --ignore-lua [busted args]
-- SPEC_JOBS=N splits the spec files into N runs at once (make valgrind: a memcheck run is
-- single-threaded and CI has two cores); the counts are summed, the outputs printed in order.
local cmd = {}
for i = 1, #arg do cmd[#cmd + 1] = arg[i] end
local cpath = os.getenv("ARBITER_CPATH")
if cpath then cmd[#cmd + 1] = "--cpath=" .. cpath end
local jobs = tonumber(os.getenv("SPEC_JOBS") or "1") or 1

-- Each spec file's weight: its CPU seconds under valgrind as last measured (scripts/spec_times.txt,
-- `make spec-times`); a file not measured yet weighs its bytes at the measured files' seconds a byte.
local function weights(files)
  local secs, known_s, known_b = {}, 0, 0
  local h = io.open("scripts/spec_times.txt")
  if h then
    for line in h:lines() do
      local t, f = line:match("^([%d.]+) (%S+)$")
      if t then secs[f] = tonumber(t) end
    end
    h:close()
  end
  for _, f in ipairs(files) do
    if secs[f[1]] then known_s, known_b = known_s + secs[f[1]], known_b + f[2] end
  end
  local per_byte = known_b > 0 and known_s / known_b or 1
  for _, f in ipairs(files) do f[2] = secs[f[1]] or f[2] * per_byte end
end

-- Specs that collect the whole heap run first in their run: busted keeps every finished file's
-- closures (~1 MB a file, 190 MB by the end of the suite), and a full collection walks all of it
-- (spec/memory_spec.lua's ~100 took 24 s late in a run, 0.3 s first; under valgrind 50-100 times more).
local collects = {}
local function collects_first(a, b)
  for _, f in ipairs({ a, b }) do
    if collects[f] == nil then
      local h = assert(io.open(f, "rb")); collects[f] = h:read("*a"):find("collectgarbage", 1, true) ~= nil; h:close()
    end
  end
  if collects[a] ~= collects[b] then return collects[a] end
  return a < b
end

-- The spec files, heaviest first, each dealt to the shard with the least weight so far.
local function shards(n)
  local files = {}
  local p = assert(io.popen("find spec -name '*_spec.lua' | sort"))
  for f in p:lines() do
    local h = assert(io.open(f, "rb")); files[#files + 1] = { f, h:seek("end") }; h:close()
  end
  p:close()
  weights(files)
  table.sort(files, function(a, b) return a[2] > b[2] or (a[2] == b[2] and a[1] < b[1]) end)
  local out, load = {}, {}
  for i = 1, n do out[i], load[i] = {}, 0 end
  for _, f in ipairs(files) do
    local k = 1
    for i = 2, n do if load[i] < load[k] then k = i end end
    out[k][#out[k] + 1], load[k] = f[1], load[k] + f[2]
  end
  for i = 1, n do table.sort(out[i], collects_first) end
  return out
end

-- A shard's "<seconds> <file>" lines (scripts/spec_times.lua), removed once read.
local function read_times(path)
  local lines, h = {}, io.open(path)
  if h then
    for line in h:lines() do lines[#lines + 1] = line end
    h:close(); os.remove(path)
  end
  return lines
end

-- Each run's output and whether it exited 0.
local function run_all()
  local base = table.concat(cmd, " ")
  if jobs <= 1 then
    -- the whole suite: its files named, those that collect the heap first (above)
    local named = false
    for i = 1, #arg do named = named or arg[i]:find("^spec") ~= nil or arg[i]:find("_spec%.lua$") ~= nil end
    if not named then base = base .. " " .. table.concat(shards(1)[1], " ") end
    local p = assert(io.popen(base .. " -o utfTerminal 2>&1"))
    local out = p:read("*a")
    return { { out = out, ok = p:close() } }
  end
  local tmp, parts = os.tmpname(), {}
  for i, files in ipairs(shards(jobs)) do
    -- SPEC_JOBS=1 inside: a spec that runs this script (spec/runner_spec.lua) runs it plainly
    -- scripts/spec_times.lua: utfTerminal's output, and each file's CPU seconds in <tmp>.<i>.times
    parts[#parts + 1] = string.format("(SPEC_JOBS=1 SPEC_TIMES_OUT=%s.%d.times %s -o scripts/spec_times.lua %s"
      .. " >%s.%d 2>&1; echo $? >%s.%d.rc) &", tmp, i, base, table.concat(files, " "), tmp, i, tmp, i)
  end
  os.execute(table.concat(parts, " ") .. " wait")
  local runs = {}
  for i = 1, jobs do
    local h = assert(io.open(tmp .. "." .. i)); local out = h:read("*a"); h:close()
    local r = assert(io.open(tmp .. "." .. i .. ".rc")); local rc = r:read("*n"); r:close()
    os.remove(tmp .. "." .. i); os.remove(tmp .. "." .. i .. ".rc")
    runs[i] = { out = out, ok = rc == 0, times = read_times(tmp .. "." .. i .. ".times") }
  end
  os.remove(tmp)
  return runs
end

local passed, failed, all_ok = 0, 0, true
local runs = run_all()
for _, r in ipairs(runs) do
  local out = r.out
  io.write(out)
  local s, f, e = out:match("(%d+) success%a* / (%d+) failures? / (%d+) errors?")
  local p, fl = tonumber(s) or 0, (tonumber(f) or 0) + (tonumber(e) or 0)
  if not s then fl = fl + 1 end
  -- A pending spec is a failure: a guard that turns a rules regression into "pending" would
  -- otherwise pass the run (issue 32: tests fail loudly).
  local pend = tonumber(out:match("(%d+) pending") or "0")
  if pend > 0 then
    print(string.format("runspecs: %d pending spec(s): a pending spec fails the run", pend))
    fl = fl + pend
  end
  -- A run that exits non-zero with every spec passing (valgrind's error exit
  -- code, a crash at exit) still fails: count it. (os.exit(nil) would exit 0.)
  if not r.ok and fl == 0 then
    print("runspecs: the spec runner exited with an error status")
    fl = 1
  end
  passed, failed, all_ok = passed + p, failed + fl, all_ok and r.ok
end
-- How the shards balanced (their CPU seconds), and with SPEC_TIMES_SAVE=path every file's time
-- saved for the next runs' dealing (make spec-times: scripts/spec_times.txt under valgrind).
if jobs > 1 then
  local all = {}
  for i, r in ipairs(runs) do
    local sum = 0
    for _, line in ipairs(r.times) do sum = sum + tonumber(line:match("^%S+")); all[#all + 1] = line end
    print(string.format("runspecs: shard %d: %d files, %.0f s of CPU", i, #r.times, sum))
  end
  local save = os.getenv("SPEC_TIMES_SAVE")
  if save then
    table.sort(all, function(a, b) return a:match("%S+$") < b:match("%S+$") end)
    local h = assert(io.open(save, "w")); h:write(table.concat(all, "\n"), "\n"); h:close()
  end
end
print(string.format("%d passed, %d failed", passed, failed))
os.exit(all_ok and failed == 0 and passed > 0 and 0 or 1)
