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

-- The absolute path of a program on PATH (the counted process gets no PATH of its own).
local function which(prog)
  local p = assert(io.popen("command -v " .. prog .. " 2>/dev/null"))
  local path = p:read("*l")
  p:close()
  return assert(path, "perf_gate: " .. prog .. " not found")
end

local VALGRIND, LUA_BIN = which("valgrind"), which(LUA)

-- The counted process runs with time() fixed (build/fixed_time.so) in an environment of its
-- own (env -i): Lua 5.4 seeds its string hashes with the time and a few addresses, the stack's
-- among them, which the environment's size moves. With a new seed each second, table layouts
-- moved a count by up to ~15 % between runs of the same code (draw_bulk: 226, 239, 304 a card);
-- with both fixed (a relative preload path: the same bytes in every checkout), the same build
-- counts exactly the same in every run. Only the work is counted: callgrind dumps its counts at
-- each entry of clock() (--dump-before=clock), and bench/perf_gate.lua calls os.clock() right
-- before and right after the work, so the second part is the work alone. (A count of the whole
-- run minus one of the set-up alone moved with the process's exit, by up to ~10 % of a
-- draw's count between two builds that differed in code the workload never runs.)
local function instructions(work, k)
  local out = os.tmpname()
  local cmd = string.format("env -i LD_PRELOAD=./build/fixed_time.so %s --tool=callgrind --dump-before=clock "
    .. "--callgrind-out-file=%s %s bench/perf_gate.lua %s %d run 2>&1", VALGRIND, out, LUA_BIN, work, k)
  local p = assert(io.popen(cmd))
  local log = p:read("*a")
  local ok = p:close()
  local f = io.open(out .. ".2")
  local n = f and f:read("*a"):match("\ntotals: (%d+)")
  if f then f:close() end
  for _, suffix in ipairs({ "", ".1", ".2" }) do os.remove(out .. suffix) end
  if not ok or not n then error("perf_gate: " .. work .. " failed under callgrind:\n" .. log, 0) end
  return tonumber(n)
end

local function per_unit(work)
  local k = UNITS[work]
  return instructions(work, k) / k
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
