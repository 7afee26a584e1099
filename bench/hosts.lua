-- bench/hosts.lua — the same whole games on every host arbiter ships to: Linux (lua5.4 and
-- the .so), Windows (lua.exe and core.dll under Wine) and the web (the WebAssembly build in
-- Chromium). bench/game_decks.lua's games (random agents, played to the end, seeds 1..N),
-- timed with os.clock; the digest (a checksum of every game's end state hash) must be the same
-- everywhere. docs/PERFORMANCE.md records the three side by side (make hosts-bench).
-- As a script: lua bench/hosts.lua N [CPATH]   prints "N games, X games/s, digest D"
-- As a module: dofile("bench/hosts.lua")(arbiter, n, root) -> that line
local function run(arbiter, n, root)
  local new_game = dofile(root .. "bench/game_decks.lua")(arbiter, root)
  new_game(0):play{ max_turns = 400 }               -- warm up (caches, the allocator)
  local sum = 0
  local t0 = os.clock()
  for s = 1, n do
    local g = new_game(s)
    g:play{ max_turns = 400 }
    for c in g:state_hash():gmatch("..") do sum = (sum * 31 + tonumber(c, 16)) % 4294967296 end
  end
  local dt = os.clock() - t0
  return string.format("%d games, %.1f games/s, digest %08x", n, n / dt, sum)
end

if arg and arg[0] and arg[0]:match("hosts%.lua$") then
  package.path = "lua/?.lua;lua/?/init.lua;" .. package.path
  if arg[2] then package.cpath = arg[2] .. ";" .. package.cpath end
  print(run(require("arbiter"), tonumber(arg[1]) or 100, ""))
end
return run
