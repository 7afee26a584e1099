-- scripts/perf_gate.lua — the instruction-count gate (issue 28 item 5): each workload of
-- bench/perf_gate.lua counted under callgrind, per unit of work, against its budget in
-- bench/perf_budgets.txt; more than 10 % over a budget fails. Budgets are lowered (record) when
-- work makes the counts lower; raising one is a decision a commit message must explain.
--   lua5.4 scripts/perf_gate.lua check    (make perf-gate)   prints a table, "N passed, N failed"
--   lua5.4 scripts/perf_gate.lua record   rewrites bench/perf_budgets.txt with today's counts
local LUA = os.getenv("LUA") or "lua5.4"
local BUDGETS = "bench/perf_budgets.txt"
local TOLERANCE = 1.10

-- workload -> units counted (small: callgrind runs ~50x slower than native)
local UNITS = { draw_bulk = 20000, draw_per_call = 5000, draw_replacement = 5000, priority_pass = 5000,
  cast = 300, trigger = 1000, clone = 50, game = 8 }
local ORDER = { "draw_bulk", "draw_per_call", "draw_replacement", "priority_pass", "cast", "trigger", "clone", "game" }

local function instructions(work, k, mode)
  local cmd = string.format(
    "valgrind --tool=callgrind --callgrind-out-file=/dev/null %s bench/perf_gate.lua %s %d %s 2>&1", LUA, work, k, mode)
  local p = assert(io.popen(cmd))
  local out = p:read("*a")
  local ok = p:close()
  local n = out:match("Collected : (%d+)")
  if not ok or not n then error("perf_gate: " .. work .. " failed under callgrind:\n" .. out, 0) end
  return tonumber(n)
end

-- The least of three counts: a process's string hashes are seeded per run (table layouts and
-- collections move a little), and the least is the most repeatable.
local function per_unit(work)
  local k, best = UNITS[work], math.huge
  for _ = 1, 3 do best = math.min(best, (instructions(work, k, "run") - instructions(work, k, "setup")) / k) end
  return best
end

local function read_budgets()
  local b = {}
  local f = io.open(BUDGETS)
  if not f then return b end
  for line in f:lines() do
    local name, n = line:match("^(%S+)%s+(%d+)")
    if name then b[name] = tonumber(n) end
  end
  f:close()
  return b
end

local mode = arg[1]
if mode == "record" then
  local f = assert(io.open(BUDGETS, "w"))
  f:write("# Instruction budgets per unit of work (scripts/perf_gate.lua record; callgrind, lua5.4).\n")
  f:write("# make perf-gate fails when a count exceeds its budget by more than 10 %.\n")
  for _, w in ipairs(ORDER) do
    local n = per_unit(w)
    f:write(string.format("%-18s %d\n", w, math.floor(n + 0.5)))
    print(string.format("%-18s %12.0f", w, n))
  end
  f:close()
elseif mode == "check" then
  local budgets, passed, failed = read_budgets(), 0, 0
  print(string.format("%-18s %12s %12s %7s", "workload", "per unit", "budget", "ratio"))
  for _, w in ipairs(ORDER) do
    local n, b = per_unit(w), budgets[w]
    local ok = b ~= nil and n <= b * TOLERANCE
    if ok then passed = passed + 1 else failed = failed + 1 end
    print(string.format("%-18s %12.0f %12s %7s %s", w, n, b or "none", b and string.format("%.3f", n / b) or "-",
      ok and "ok" or "OVER BUDGET"))
  end
  print(string.format("%d passed, %d failed", passed, failed))
  os.exit(failed == 0 and 0 or 1)
else
  io.stderr:write("usage: lua5.4 scripts/perf_gate.lua check|record\n"); os.exit(2)
end
