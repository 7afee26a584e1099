-- `make bench-luas`: bench/game.lua (whole games) on Lua 5.4 and on LuaJIT in the same run,
-- alternately (the machine's load drifts), each with its own build of the module; prints the
-- best time per game of each and their ratio. Issue 16: LuaJIT at least as fast as 5.4.
-- usage: lua5.4 scripts/bench_luas.lua [rounds] [luajit-build-cpath]
local rounds = tonumber(arg[1]) or 3
local runs = {
  { name = "lua5.4", cmd = "lua5.4 bench/game.lua --reps 3" },
  { name = "luajit",
    cmd = "ARBITER_CPATH='" .. (arg[2] or "build/lua/luajit/?.so") .. "' luajit bench/game.lua --reps 3" },
}
for _, r in ipairs(runs) do r.best = math.huge end
for i = 1, rounds do
  for _, r in ipairs(runs) do
    local p = assert(io.popen(r.cmd .. " 2>&1"))
    local out = p:read("*a")
    p:close()
    local us = tonumber(out:match("g:play%(%) to the end%s+([%d.]+) us/g"))
    if not us then io.stderr:write(out); error(r.name .. ": no figure in bench/game.lua's output") end
    r.best = math.min(r.best, us)
    print(string.format("round %d  %-7s %8.1f us per game", i, r.name, us))
  end
end
local lua54, jit = runs[1].best, runs[2].best
print(string.format("whole games, best of %d rounds: lua5.4 %.1f us/game, luajit %.1f us/game;"
  .. " luajit/5.4 time ratio %.2fx (LuaJIT %.2fx as fast)", rounds, lua54, jit, jit / lua54, lua54 / jit))
print("target (LuaJIT at least as fast as 5.4): " .. (jit <= lua54 and "met" or "MISSED"))
