-- scripts/bench_report.lua — every headline figure of docs/PERFORMANCE.md measured in ONE run, each
-- with its anchor measured in the same run (issue 28 item 6): draws against the plain-Lua loop
-- (bench/draw.lua), whole games and Alpha games against the plain-Lua loop (bench/game.lua), a
-- priority pass, a cast and a trigger against their baselines (bench/perf_gate.lua's workloads,
-- timed natively), clones and playouts against a whole game (bench/playouts.lua), the C solver
-- (build/solver_bench) against a bare-C pass over the pairs and against CBC on the same boards
-- (written as 0/1 programs by bench/solver_lp.c), and the callgrind counts of `make perf-gate`.
-- Prints one markdown report; each bench runs in a process of its own, one after the other.
--   lua5.4 scripts/bench_report.lua [--quick] [--out FILE] [--doc FILE] [--no-cbc] [--no-callgrind]
--                                    [--sizes 8,20,100] [--cbc-sec N]
-- --doc FILE replaces the text between FILE's "<!-- bench-report:begin -->" and
-- "<!-- bench-report:end -->" lines with the report (make bench-report DOC=docs/PERFORMANCE.md).
-- Run from the repository root after `make all build/solver_bench build/fixed_time.so` (make
-- bench-report does that, and installs CBC and valgrind through scripts/deps.sh).
local LUA = os.getenv("LUA") or "lua5.4"

local opt = { sizes = nil, cbc_sec = nil }
do
  local i = 1
  while arg[i] do
    local a = arg[i]
    if a == "--quick" then opt.quick = true
    elseif a == "--no-cbc" then opt.no_cbc = true
    elseif a == "--no-callgrind" then opt.no_callgrind = true
    elseif a == "--out" or a == "--doc" or a == "--sizes" or a == "--cbc-sec" then
      opt[a:sub(3):gsub("-", "_")] = assert(arg[i + 1], a .. ": a value"); i = i + 1
    else io.stderr:write("bench_report: unknown argument " .. a .. "\n"); os.exit(2) end
    i = i + 1
  end
end
local function have(prog)   -- os.execute: true on 5.2+, 0 on 5.1
  local r = os.execute("command -v " .. prog .. " >/dev/null 2>&1")
  return r == true or r == 0
end
local missing = {}
if not opt.no_cbc and not have("cbc") then opt.no_cbc = true; missing[#missing + 1] = "CBC (cbc)" end
if not opt.no_callgrind and not have("valgrind") then opt.no_callgrind = true; missing[#missing + 1] = "valgrind" end
local Q = opt.quick and " --quick" or ""
local SIZES = opt.sizes or (opt.quick and "8,20,100" or "8,20,100,200")
local CBC_SEC = tonumber(opt.cbc_sec) or (opt.quick and 20 or 60)

-- Runs a shell command; returns its standard output (and whether it exited 0).
local function sh(cmd)
  local p = assert(io.popen(cmd .. " 2>&1"))
  local out = p:read("*a")
  local ok = p:close()
  return out, ok
end
local function line(cmd) return (sh(cmd):match("^[^\n]*")) end
local function progress(what) io.stderr:write("bench_report: " .. what .. "\n") end
local function load_avg() return (line("cat /proc/loadavg"):match("^(%S+ %S+ %S+)")) or "?" end
local function num(s) return tonumber((s or ""):gsub(",", ""), 10) end
local function fmt_int(n)
  local s = string.format("%d", math.floor(n + 0.5))
  return (s:reverse():gsub("(%d%d%d)", "%1,"):reverse():gsub("^,", ""))
end
local function x(r) return r and string.format("%.2fx", r) or "?" end

local out = {}
local function w(s) out[#out + 1] = s or "" end
local function row(cells) w("| " .. table.concat(cells, " | ") .. " |") end

-- The bench's output line for a case, matched by its name's start (plain text).
local function find_line(text, name)
  for l in text:gmatch("[^\n]+") do
    if l:find(name, 1, true) then return l end
  end
end

local started = os.time()
local load0 = load_avg()

---------------------------------------------------------------- callgrind (first: the quietest part)
local counts = {}
local gate_note
if not opt.no_callgrind then
  progress("callgrind counts (scripts/perf_gate.lua check)")
  local text = sh("LUA=" .. LUA .. " " .. LUA .. " scripts/perf_gate.lua check")
  for l in text:gmatch("[^\n]+") do
    local name, n, budget = l:match("^(%S+)%s+(%d+)%s+(%d+)%s+[%d.]+")
    if name then counts[name] = { n = num(n), budget = num(budget) } end
  end
  gate_note = text:match("(%d+ passed, %d+ failed)")
  if not gate_note then gate_note = "did not run: " .. (text:match("[^\n]+") or "?") end
end
-- "count (budget)" of a workload, or empty when callgrind didn't run
local function cgcell(name)
  return counts[name] and string.format("%s (%s)", fmt_int(counts[name].n), fmt_int(counts[name].budget)) or ""
end

---------------------------------------------------------------- draws
progress("draws (bench/draw.lua" .. Q .. ")")
local draw = sh(LUA .. " bench/draw.lua" .. Q)
local draw_rows = {
  { "`g:draw(p, N)` in bulk", "g:draw(p, N) in bulk", "<= 0.5x", "draw_bulk" },
  { "`g:draw(p)` once per card", "g:draw(p) once per card", "<= 2x", "draw_per_call" },
  { "`g:draw(p)` per card, one Lua replacement that doesn't apply", "g:draw(p) per card, 1 Lua", "<= 8x" },
  { "`g:draw(p, N)` in bulk, one Lua replacement that doesn't apply", "g:draw(p, N) bulk, 1 Lua", "<= 5x",
    "draw_replacement" },
}

---------------------------------------------------------------- whole games and Alpha games
progress("whole games (bench/game.lua --set alpha" .. Q .. ")")
local game = sh(LUA .. " bench/game.lua --set alpha" .. Q)

---------------------------------------------------------------- priority, cast, trigger
local micro = {
  { "a priority pass nobody can act in (`g:settle()`, both agents answer priority)", "priority_pass",
    "priority_base", "the same settle, no agent answering priority", 20000 },
  { "a cast with a target and a land's payment, resolved", "cast", "cast_plain",
    "a plain Lua loop moving the card and its land's state over tables", 2000 },
  { "one trigger (a draw wakes it; settle puts it on the stack and resolves it)", "trigger",
    "trigger_base", "the same draw and settle without the trigger", 5000 },
}
for _, m in ipairs(micro) do
  local k = opt.quick and math.floor(m[5] / 4) or m[5]
  progress("timed: " .. m[2] .. " vs " .. m[3])
  local text = sh(string.format("%s bench/perf_gate.lua %s %d vs %s %d", LUA, m[2], k, m[3], opt.quick and 3 or 7))
  local t, b = text:match("^(%S+) (%S+)")
  m.t, m.b = tonumber(t), tonumber(b)
end

---------------------------------------------------------------- clones and playouts
progress("clones and playouts (bench/playouts.lua" .. Q .. ")")
local play = sh(LUA .. " bench/playouts.lua" .. Q)

---------------------------------------------------------------- the solver, bare C and CBC
progress("the C solver bench (build/solver_bench --sizes " .. SIZES .. ")")
local lpdir = os.tmpname()
os.remove(lpdir)
sh("mkdir -p " .. lpdir)
local solver_text, solver_ok = sh("./build/solver_bench --sizes " .. SIZES
  .. (opt.no_cbc and "" or (" --lp " .. lpdir)))
local boards = {}
for l in solver_text:gmatch("[^\n]+") do
  local preset, n, ns, unit, units, layer, max, nodes = l:match(
    "^(%S+)%s+(%d+)%s+([%d.]+)%s+([%d.]+)%s+([%d.]+)%s+(%S+)%s+(%-?%d+)%s+(%d+)")
  if preset then
    local lo, hi = l:match("unproved: in %[(%d+), (%d+)%]")
    boards[#boards + 1] = { preset = preset, n = tonumber(n), ns = tonumber(ns), unit = tonumber(unit),
      units = tonumber(units), layer = layer, max = tonumber(max), nodes = tonumber(nodes),
      lo = tonumber(lo), hi = tonumber(hi) }
  end
end
local cbc_version
if not opt.no_cbc then
  cbc_version = line("cbc -quit 2>&1 | grep -m1 '^Version'"):match("Version:%s*(%S+)")
  for _, bd in ipairs(boards) do
    local file = string.format("%s/%s-%d.lp", lpdir, bd.preset, bd.n)
    progress(string.format("CBC: %s %d (limit %d s)", bd.preset, bd.n, CBC_SEC))
    -- timed around the process (CBC reports hundredths of a second): start and reading included
    local text = sh(string.format("s=$(date +%%s%%N); cbc %s -sec %d -solve -quit; "
      .. "echo \"WALL $(($(date +%%s%%N) - s))\"", file, CBC_SEC))
    bd.wall_ns = tonumber(text:match("WALL (%d+)"))
    bd.cbc_proved = text:find("Result %- Optimal solution found") ~= nil
    bd.cbc_obj = tonumber(text:match("\nObjective value:%s*(%-?[%d.]+)"))
    bd.cbc_bound = tonumber(text:match("\nUpper bound:%s*(%-?[%d.]+)") or "")
    bd.cbc_cpu = tonumber(text:match("Total time %(CPU seconds%):%s*([%d.]+)") or "")
    os.remove(file)
  end
end
os.remove(lpdir)
local highs = line("apt-cache policy highs 2>/dev/null | grep -m1 Candidate")

local load1 = load_avg()
local minutes = (os.time() - started) / 60

---------------------------------------------------------------- the report
local lua_v = line(LUA .. " -v")
local cpu = line("grep -m1 'model name' /proc/cpuinfo"):gsub("^model name%s*:%s*", "")
local head = line("git rev-parse --short HEAD") .. (line("git status --porcelain --untracked-files=no") ~= ""
  and " (with uncommitted changes)" or "")
w(string.format("Measured in one run of `make bench-report`%s on %s UTC (%.1f minutes), tree %s: %s, "
  .. "%s cores, %s, %s. Load average (1, 5, 15 min) %s at the start, %s at the end: the machine "
  .. "is shared, so the ratio columns are what to compare.", opt.quick and " (`--quick`)" or "",
  os.date("!%Y-%m-%d %H:%M", started), minutes, head, cpu, line("nproc"), lua_v:match("^(Lua %S+)") or lua_v,
  "cc " .. (line("cc --version"):match("(%d+%.%d+%.%d+)%s*$") or "?"), load0, load1))
if #missing > 0 then w() w("Not installed, so not measured: " .. table.concat(missing, ", ") .. ".") end
w()
w("**Draws** (`bench/draw.lua" .. Q .. "`): the anchor is the plain-Lua loop "
  .. "`hand[#hand+1] = lib[#lib]; lib[#lib] = nil` over tables of card tables, timed alternately with each case.")
w()
row({ "case", "per draw", "ratio to the plain-Lua loop", "target", "callgrind, per card (budget)" })
row({ "---", "---", "---", "---", "---" })
for _, d in ipairs(draw_rows) do
  local l = find_line(draw, d[2]) or ""
  local per, ratio, base = l:match("([%d.]+ ns/op)%s+([%d.]+)x.-%(baseline ([%d.]+ ns/op)%)")
  local loop = ratio and (ratio .. "x (loop " .. base:gsub(" ns/op", " ns") .. ")")
  local met = ratio and tonumber(ratio) <= tonumber(d[3]:match("[%d.]+"))
  row({ d[1], per and (per:gsub(" ns/op", " ns")) or "?", loop or "?", d[3] .. (met and " met" or " **missed**"),
    d[4] and cgcell(d[4]) or "" })
end
local rss = draw:match("RSS growth / %d+ games%s+([%d.]+) KiB")
w()
w(string.format("Memory of a two-player game with two 60-card libraries: %s KiB resident per game (target < 64 KiB%s).",
  rss or "?", rss and (tonumber(rss) < 64 and ": met" or ": **missed**") or ""))
w()

local gplay = find_line(game, "arbiter g:play() to the end") or ""
local gbase = find_line(game, "plain Lua loop (baseline)") or ""
local per_game, gratio = gplay:match("([%d.]+) us/g%s+([%d.]+)x")
local base_game = gbase:match("([%d.]+) us/g")
local gps = game:match("games per second: (%d+)")
local inst_gps, inst_ratio = game:match(
  "priority answered %(agents.simple_priority%): (%d+) games per second.-; ([%d.]+)x")
local a_gps, a_turns, a_ratio = game:match("%-%-set alpha: (%d+) games per second.-%(([%d.]+) turns.-; ([%d.]+)x")
local e_turns = game:match("games, ([%d.]+) turns per game")
w("**Whole games** (`bench/game.lua --set alpha" .. Q .. "`): random agents, played to the end; the anchor is a "
  .. "plain Lua loop doing the same draws, attack declarations and casts over plain tables.")
w()
row({ "games", "per game", "games per second", "ratio", "callgrind, per game (budget)" })
row({ "---", "---", "---", "---", "---" })
row({ string.format("example decks (%s turns a game)", e_turns or "?"), per_game and (per_game .. " us") or "?",
  gps or "?", string.format("%s the plain loop (%s us)", gratio and (gratio .. "x") or "?", base_game or "?"),
  cgcell("game") })
row({ "the same with instants, priority answered", gps and inst_gps and string.format("%.0f us", 1e6 / inst_gps) or "?",
  inst_gps or "?", (inst_ratio or "?") .. "x the games without", "" })
row({ string.format("random Alpha decks (%s turns a game)", a_turns or "?"),
  a_gps and string.format("%.0f us", 1e6 / a_gps) or "?", a_gps or "?",
  (a_ratio or "?") .. "x the example decks (goal: 1.3x)", "" })
w()

w("**The rules machinery**: `bench/perf_gate.lua`'s workloads (the ones `make perf-gate` counts) timed natively, "
  .. "best of " .. (opt.quick and 3 or 7) .. ", alternating with a baseline of the same units.")
w()
row({ "case", "per op", "ratio", "baseline", "callgrind, per op (budget)" })
row({ "---", "---", "---", "---", "---" })
for _, m in ipairs(micro) do
  row({ m[1], m.t and string.format("%.2f us", m.t * 1e6) or "?", m.t and m.b and x(m.t / m.b) or "?",
    string.format("%s (%s)", m[4], m.b and string.format("%.2f us", m.b * 1e6) or "?"),
    cgcell(m[2]) })
end
local cl = find_line(play, "g:clone() of the turn-6 state") or ""
local po = find_line(play, "a random playout from it") or ""
local whole = (find_line(play, "a whole game from its start") or ""):match("([%d.]+) us")
local cl_us, cl_ratio = cl:match("([%d.]+) us%s+([%d.]+)x")
local po_us, po_ratio = po:match("([%d.]+) us%s+([%d.]+)x")
local po_s = po:match("(%d+) playouts/s")
row({ "`g:clone()` of a turn-6 state (`bench/playouts.lua`; target < 15 us)", cl_us and (cl_us .. " us") or "?",
  cl_ratio and (cl_ratio .. "x") or "?", "a whole game from its start (" .. (whole or "?") .. " us)",
  cgcell("clone") })
row({ "a random playout from it (target >= 3,000/s)", po_us and (po_us .. " us: " .. (po_s or "?") .. "/s") or "?",
  po_ratio and (po_ratio .. "x") or "?", "the same", "" })
w()
if gate_note then w("`make perf-gate` in this run: " .. gate_note .. ".") w() end

w(string.format("**The combat solver against bare C and CBC** (`build/solver_bench --sizes %s`): the C bench's "
  .. "boards (seeded presets, `bench/solver_c.c`), the maximum of 500.4 timed with the solver in C; the bare-C "
  .. "anchor is one plain pass over all attacker/blocker pairs (units: the solver's time in such passes). Each "
  .. "board is also written as a 0/1 program (`bench/solver_lp.c`) and solved by CBC %s with a %d s limit "
  .. "(wall-clock time of the cbc process, its start and reading the program included; in brackets the CPU "
  .. "seconds CBC reports for itself). Solver times are the fastest of up to 50 repetitions. %s",
  SIZES, cbc_version or "", CBC_SEC, highs ~= "" and highs:find("none") == nil and "HiGHS: " .. highs
    or "HiGHS: no Debian package (`apt-cache policy highs`: none), so not run."))
w()
if opt.no_cbc then
  row({ "preset", "n", "solver", "time", "pair passes" })
  row({ "---", "---", "---", "---", "---" })
else
  row({ "preset", "n", "solver: maximum (layer, nodes)", "solver time", "pair passes",
    "CBC: optimum", "CBC time (its CPU)", "CBC / solver", "same?" })
  row({ "---", "---", "---", "---", "---", "---", "---", "---", "---" })
end
local agree, differ, cbc_only, both_open = 0, 0, 0, 0
for _, bd in ipairs(boards) do
  local sol = bd.max >= 0 and string.format("%d (%s, %s)", bd.max, bd.layer, fmt_int(bd.nodes))
    or string.format("unproved in [%d, %d] (%s nodes)", bd.lo or -1, bd.hi or -1, fmt_int(bd.nodes))
  local t = bd.ns >= 1e6 and string.format("%.1f ms", bd.ns / 1e6) or string.format("%.0f us", bd.ns / 1e3)
  if opt.no_cbc then
    row({ bd.preset, tostring(bd.n), sol, t, string.format("%.1f", bd.units) })
  else
    local c, same
    if bd.cbc_proved and bd.cbc_obj then
      c = string.format("%d", math.floor(bd.cbc_obj + 0.5))
      if bd.max >= 0 then
        same = math.floor(bd.cbc_obj + 0.5) == bd.max and "yes" or "**NO**"
        if same == "yes" then agree = agree + 1 else differ = differ + 1 end
      else
        local inside = bd.cbc_obj >= (bd.lo or 0) - 0.5 and bd.cbc_obj <= (bd.hi or math.huge) + 0.5
        same = inside and "in the solver's bounds" or "**outside the solver's bounds**"
        cbc_only = cbc_only + 1
        if not inside then differ = differ + 1 end
      end
    else
      same = "?"
      c = string.format("not proved in %d s (best %s, bound %s)", CBC_SEC,
        bd.cbc_obj and string.format("%d", math.floor(bd.cbc_obj + 0.5)) or "none",
        bd.cbc_bound and string.format("%.1f", bd.cbc_bound) or "?")
      if bd.max < 0 then both_open = both_open + 1 end
    end
    local ct = bd.wall_ns and string.format("%.3f s (%.2f)", bd.wall_ns / 1e9, bd.cbc_cpu or 0) or "?"
    -- the ratio on CBC's own CPU seconds where they are enough to read (>= 0.1 s: the shared machine's
    -- wall clock runs ~3x a loaded process's CPU), else on the process's wall clock (start and reading)
    local cpu_ok = bd.cbc_cpu and bd.cbc_cpu >= 0.1
    local r = cpu_ok and string.format("%.0fx", bd.cbc_cpu * 1e9 / bd.ns)
      or bd.wall_ns and string.format("%.0fx (wall)", bd.wall_ns / bd.ns) or "?"
    row({ bd.preset, tostring(bd.n), sol, t, string.format("%.1f", bd.units), c, ct, r, same })
  end
end
w()
if not opt.no_cbc then
  w(string.format("Both proved and equal: %d boards; different: %d; proved by CBC alone (the solver's answer "
    .. "unproved): %d; open on both sides: %d. CBC / solver: CBC's own CPU seconds over the solver's time where "
    .. "CBC used 0.1 s or more, else (marked) the cbc process's wall-clock time, mostly its start.",
    agree, differ, cbc_only, both_open))
  w()
end
if not solver_ok then w("(build/solver_bench failed: " .. (solver_text:match("[^\n]+$") or "?") .. ")") w() end

local report = table.concat(out, "\n")
io.write(report)
if opt.out then
  local f = assert(io.open(opt.out, "w"))
  f:write(report)
  f:close()
end
if opt.doc then
  local f = assert(io.open(opt.doc))
  local doc = f:read("*a")
  f:close()
  local b, e = "<!-- bench-report:begin -->\n", "<!-- bench-report:end -->"
  local i, j = doc:find(b, 1, true), doc:find(e, 1, true)
  assert(i and j and j > i, "bench_report: " .. opt.doc .. " has no bench-report:begin/end markers")
  f = assert(io.open(opt.doc, "w"))
  f:write(doc:sub(1, i + #b - 1), report, doc:sub(j))
  f:close()
  progress("wrote the report into " .. opt.doc)
end
