-- bench/sandbox.lua — what the card-script sandbox costs (issue 15), ratios from one run:
--   1. a typical `applies` predicate (a replacement on draws that doesn't apply) called by the
--      engine: loaded by load_script (budgeted) vs the same text loaded plainly (unbudgeted);
--      target <= 2x. Also the bare call, guard(f)(ev) vs f(ev), for the record.
--   2. nothing for unsandboxed code: draws with the plain predicate in a process that never
--      loads a script vs one that loaded one first (fresh processes, alternated, best of each:
--      one process's heap and collector state would bias a before/after inside it); target ~1.0.
--   3. the worst factor by which a call escapes its instruction budget: CPU time of a call that
--      exhausts its budget through a library function, over the time of `while true do end`
--      exhausting the same budget.
--   lua5.4 bench/sandbox.lua [--quick]
local here = (arg and arg[0] or ""):match("^(.*)[/\\]bench[/\\][^/\\]*$")
package.path = (here and here .. "/" or "") .. "bench/?.lua;" .. package.path
local B = require("common")
local arbiter = B.arbiter
local core = require("arbiter.core")
local o = B.options()
local DRAWS = o.quick and 20000 or 200000

local SRC = [[return function(ev, g) return ev.player == g.players[2] and ev.amount > 99 end]]

local function game_with(applies)
  local g = arbiter.new_game{ players = { "A", "B" }, seed = 1 }
  local def = arbiter.card{ name = "x", types = { "Sorcery" } }
  g:add_replacement{ event = "draw", applies = applies, replace = function(ev) return ev end }
  return g, def
end

-- draws from a library refilled outside the timing; returns seconds per draw
local function draws(applies)
  local best = math.huge
  for _ = 1, o.reps do
    local g, def = game_with(applies)
    local p = g.players[1]
    collectgarbage("collect")
    local t = 0
    local left = DRAWS
    while left > 0 do
      for _ = 1, 200 do g:create(def, { owner = p }) end
      local t0 = os.clock()
      for _ = 1, 200 do g:draw(p) end
      t = t + os.clock() - t0
      left = left - 200
      g, def = game_with(applies)
      p = g.players[1]
    end
    best = math.min(best, t / DRAWS)
  end
  return best
end

-- --host [load]: the child of section 2, prints seconds per draw
if arg and arg[1] == "--host" then
  local plain = require("arbiter.compat").load(SRC, "=plain", "t", _G)()
  if arg[2] == "load" then arbiter.load_script(SRC, { name = "applies" })({ player = 1 }, { players = {} }) end
  io.write(string.format("%.17g", draws(plain)))
  os.exit(0)
end

local function calls(f, n)
  local ev = { player = false, amount = 1 }
  local g = arbiter.new_game{ players = { "A", "B" }, seed = 1 }
  local best = math.huge
  for _ = 1, o.reps do
    local t0 = os.clock()
    for _ = 1, n do f(ev, g) end
    best = math.min(best, (os.clock() - t0) / n)
  end
  return best
end

local plain = require("arbiter.compat").load(SRC, "=plain", "t", _G)()
local before = draws(plain)
local budgeted = arbiter.load_script(SRC, { name = "applies" })    -- installs the sandbox
local script = draws(budgeted)
local guarded = calls(core._guard(budgeted), DRAWS)
local plain_calls = calls(plain, DRAWS)

-- 2. children: the same draws without and with a script loaded (and called once)
local i = -1
while arg[i - 1] do i = i - 1 end
local interp = table.concat(arg, " ", i, -1)          -- the interpreter and its options
local function child(mode)
  local p = assert(io.popen(interp .. " " .. (here and here .. "/" or "") .. "bench/sandbox.lua --host " .. mode
    .. (o.quick and " --quick" or "") .. " --reps " .. o.reps))
  local t = tonumber(p:read("*a"))
  p:close()
  return t
end
local host_without, host_with = math.huge, math.huge
for _ = 1, 3 do
  host_without = math.min(host_without, child("none"))
  host_with = math.min(host_with, child("load"))
end

print(string.format(
  "1. draw with a replacement's applies: unbudgeted %s, budgeted %s: ratio %.2fx (target <= 2x)",
  B.ns(before, 1), B.ns(script, 1), script / before))
print(string.format("   the bare call: f(ev) %s, budgeted %s: ratio %.2fx",
  B.ns(plain_calls, 1), B.ns(guarded, 1), guarded / plain_calls))
print(string.format("2. unsandboxed code once a script is loaded: draws %s without, %s with: ratio %.2fx"
  .. " (target ~1.0: no hook outside budgeted calls)", B.ns(host_without, 1), B.ns(host_with, 1),
  host_with / host_without))

-- 3. escape factors
local N = o.quick and 200000 or 2000000
local ATTACKS = {
  ["while true do end (base)"] = [[while true do end]],
  ["string.rep('', n)"] = [[while true do string.rep("", 100000) end]],
  ["string.rep('x', n)"] = [[while true do string.rep("x", 4000) end]],
  ["long string ==, <"] = [[local a, b = ("x"):rep(4000), ("x"):rep(3999) .. "x"
    while true do local _ = a == b and a < b end]],
  ["pattern ? backtracking"] = [[local s = ("a"):rep(30) while true do s:find(("a?"):rep(3) .. "b") end]],
  ["pattern %b"] = [[local s = ("("):rep(2000) while true do s:find("%b()") end]],
  ["gsub"] = [[local s = ("ab"):rep(2000) while true do s:gsub("a", "c") end]],
  ["table.concat"] = [[local t = {} for i = 1, 1000 do t[i] = "xy" end while true do table.concat(t) end]],
  ["table.sort"] = [[local t = {} for i = 1, 1000 do t[i] = -i end while true do table.sort(t) end]],
  ["string.format widths"] = [[while true do string.format(("%99d"):rep(40),
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
    21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40) end]],
  ["tostring/tonumber"] = [[local s = ("1"):rep(300) while true do tonumber(s) end]],
  ["load"] = [[local s = ("x=1 "):rep(1000) while true do load(s) end]],
  ["xpcall handler"] = [[while true do
    xpcall(error, function() local x = 0 for i = 1, 100 do x = x + i end end) end]],
}
-- Where scripts' strings aren't capped at 4 KiB (the cap reads the allocator's type tag on 5.2+ and
-- a new block's string header on 5.1/LuaJIT; it would be missing if that header's layout couldn't
-- be measured) strings grow up to the memory budget, and one comparison reads two of them whole
local capped = not pcall(arbiter.load_script([[return function() return #("x"):rep(5000) end]], { name = "probe" }))
if require("arbiter.compat").utf8 then                 -- 5.3+ (and compat's utf8 where it has one)
  ATTACKS["utf8.len"] = [[local s = ("x"):rep(4000) while true do utf8.len(s) end]]
end
if not capped then
  ATTACKS["long string < (no cap: 512 KiB)"] = [[local a = ("x"):rep(4000) for _ = 1, 7 do a = a .. a end
    while true do local _ = a < a end]]
end

local function exhaust(src)
  local f = arbiter.load_script("return function() " .. src .. " end",
    { name = "bench", instructions = N, memory = 8 * 1048576 })
  local best = math.huge
  for _ = 1, o.reps do
    collectgarbage("collect")
    local t0 = os.clock()
    local ok, err = pcall(f)
    best = math.min(best, os.clock() - t0)
    assert(not ok and tostring(err):find("budget"), tostring(err))
  end
  return best
end
local base = exhaust(ATTACKS["while true do end (base)"])
local rows, worst, worst_name = {}, 0, nil
for name, src in pairs(ATTACKS) do
  local t = exhaust(src)
  rows[#rows + 1] = { name, t / base }
  if t / base > worst then worst, worst_name = t / base, name end
end
table.sort(rows, function(a, b) return a[2] > b[2] end)
print(string.format("3. a call exhausting a budget of %d instructions, time over `while true do end` (%s):",
  N, B.us(base)))
for _, r in ipairs(rows) do print(string.format("   %-28s %6.2fx", r[1], r[2])) end
print(string.format("   worst: %.1fx (%s)", worst, worst_name))
