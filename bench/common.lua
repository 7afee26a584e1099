-- bench/common.lua — helpers shared by the benchmarks: module paths, timing, tables.
-- Benchmarks report ratios against a baseline measured in the same run, never absolute
-- times as pass/fail: machines differ, ratios much less so.
local M = {}

-- Find the repository root from this script's path so `lua5.4 bench/x.lua` works from
-- the root (what `make bench` does) and from elsewhere.
local here = (arg and arg[0] or ""):match("^(.*)[/\\]bench[/\\][^/\\]*$")
local root = here and (here .. "/") or ""
package.path = root .. "lua/?.lua;" .. root .. "lua/?/init.lua;" .. package.path
package.cpath = (os.getenv("ARBITER_CPATH") or (root .. "build/?.so")) .. ";" .. package.cpath
M.root = root

M.arbiter = require("arbiter")

--- Parses `--quick` (smaller sizes, for a smoke run) and `--reps N`.
function M.options(defaults)
  local o = {}
  for k, v in pairs(defaults or {}) do o[k] = v end
  local i = 1
  while arg and arg[i] do
    if arg[i] == "--quick" then o.quick = true
    elseif arg[i] == "--reps" then o.reps = tonumber(arg[i + 1]); i = i + 1 end
    i = i + 1
  end
  o.reps = o.reps or (o.quick and 3 or 7)
  return o
end

--- Times fn(state) `reps` times, each on a fresh state from setup() (not timed), after a
--- full collection; returns the minimum and the median CPU seconds (os.clock).
function M.time(reps, setup, fn)
  local t = {}
  for r = 1, reps do
    local state = setup and setup() or nil
    collectgarbage("collect")
    local t0 = os.clock()
    fn(state)
    t[r] = os.clock() - t0
  end
  table.sort(t)
  return t[1], t[math.floor((#t + 1) / 2)]
end

--- Times a case and its baseline in alternation, `reps` times each, so both are measured
--- in the same conditions (a long run's heap and the machine's load drift: a baseline
--- measured once at the start flatters or penalises later cases). Returns the minimum
--- CPU seconds of the case and of the baseline.
function M.time_vs(reps, base_setup, base_fn, setup, fn)
  local best_case, best_base = math.huge, math.huge
  for _ = 1, reps do
    best_base = math.min(best_base, (M.time(1, base_setup, base_fn)))
    best_case = math.min(best_case, (M.time(1, setup, fn)))
  end
  return best_case, best_base
end

--- Memory in KiB held by Lua objects, including the C core (it allocates through Lua's
--- allocator), after a full collection.
function M.kib()
  collectgarbage("collect")
  collectgarbage("collect")
  return collectgarbage("count")
end

--- Prints rows {name, seconds, ratio, target, note} as a table; a target is a number
--- (ratio must be <= target) or nil. Returns the number of missed targets.
function M.report(title, rows, unit_label)
  local missed = 0
  print(title)
  print(string.format("  %-52s %12s %8s %8s  %s", "case", unit_label or "time", "ratio", "target", ""))
  for _, r in ipairs(rows) do
    local verdict = ""
    if r.target then
      if r.ratio <= r.target then verdict = "ok" else verdict = "MISSED"; missed = missed + 1 end
    end
    print(string.format("  %-52s %12s %8s %8s  %s%s", r.name, r.value or "",
      r.ratio and string.format("%.2fx", r.ratio) or "",
      r.target and string.format("<= %.4gx", r.target) or "", verdict,
      r.note and ("  " .. r.note) or ""))
  end
  return missed
end

--- Resident set size of this process in KiB (Linux /proc), or nil elsewhere.
function M.rss_kib()
  collectgarbage("collect")
  local f = io.open("/proc/self/statm", "r")
  if not f then return nil end
  local _, resident = f:read("*l"):match("(%d+)%s+(%d+)")
  f:close()
  return tonumber(resident) * 4   -- pages of 4 KiB
end

function M.ns(seconds, n) return string.format("%.1f ns/op", seconds / n * 1e9) end
function M.us(seconds) return string.format("%.1f us", seconds * 1e6) end

return M
