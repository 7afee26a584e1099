-- fuzz/script_fuzz.lua — random short card scripts from a grammar of the sandbox's library
-- (issue 15 item 8), run under small budgets against a game. Every run must end within its
-- budget (no hang: the budgets are instruction counts), return or raise a string, leave no
-- budgeted call open, no hook set, the strings' metatable as it was, and the game unchanged when
-- it raised. What a script returns is used by the host afterwards (functions called, coroutines
-- resumed): budgeted or refused, never run without a budget.
--   lua5.4 fuzz/script_fuzz.lua [runs] [seed]     (make fuzz-scripts; a short pass runs in the specs)
local M = {}

local LIB = {
  "string.rep(S, N)", "string.rep(S, N, S)", "string.find(S, P)", "string.match(S, P)", "string.gsub(S, P, S)",
  "string.format(F, V)", "string.byte(S, N, N)", "string.char(N)", "string.sub(S, N, N)", "string.upper(S)",
  "string.lower(S)", "string.reverse(S)", "string.len(S)", "table.concat(T, S)", "table.insert(T, V)",
  "table.remove(T)", "table.sort(T)", "table.unpack(T)", "#T", "tostring(V)", "tonumber(S)", "select('#', V, V)",
  "pcall(F0)", "xpcall(F0, F0)", "setmetatable({}, { __index = F0 })", "getmetatable(S)", "load(S)",
  "coroutine.wrap(F0)()", "coroutine.resume(coroutine.create(F0))", "math.max(N, N)", "math.floor(N)",
  "next(T)", "rawget(T, N)", "rawlen(T)", "type(V)", "S .. S", "N + N", "N * N", "S == S", "S < S",
  "g:draw(p)", "g:random(6)", "math.random(6)", "p.life", "#p.hand", "g:agent(p)", "g:house_rules()",
  "select('#', pairs(T))", "next(T, 2)", "next({ a = 1, [{}] = 2 })", "table.sort(T, function(a, b) return a > b end)",
  "coroutine.running()", "coroutine.status(coroutine.create(F0))", "coroutine.create(F0)", "{ f = F0 }",
  -- issue 24: the internals can't be named from a public object; another game can't be changed
  "g[K]", "p[K]", "p.hand[K]", "g.battlefield[K]", "pcall(function() return g[K](g) end)",
  "g2:draw(g2.players[1])", "g2.players[1].life", "g2:gain_life(g2.players[1], 1)", "g2:clone()",
  "(function() local c = g:clone() return c:draw(c.players[1]) end)()", "g2:state_hash()",
}
-- names the internals go by (arbiter.internal's _game) and public ones, which must stay public
local KEYS = { '"_driver_commit"', '"_driver_mark"', '"_driver_rollback"', '"_atomic"', '"_draw"',
  '"_emit"', '"_effect"', '"_zone_keep"', '"_object_id"', '"_suspend"', '"methods"', '"__index"',
  '"draw"', '"state_hash"', '"cards"', '"life"' }
local STRS = { '""', '"a"', '"ab%"', '("x"):rep(100)', '("a"):rep(N)', '"%d"', '"%s%s"', '"(a*)*b"' }
local PATS = { '"a"', '"a*"', '"(a-)b"', '"%b()"', '"a?a?a?b"', '"%d+"', '"^a"', '"(.)%1"', '"[%w_]+"' }
local NUMS = { "0", "1", "-1", "7", "1000", "1e9", "1073741824", "math.huge", "0.5" }

function M.gen(rand)
  local function pick(t) return t[rand(#t)] end
  local function expand(s, depth)
    return (s:gsub("%u%d?", function(k)
      if k == "S" then return depth > 0 and expand(pick(STRS), depth - 1) or '"s"' end
      if k == "P" then return pick(PATS) end
      if k == "N" then return pick(NUMS) end
      if k == "F" then return '"%d %s"' end
      if k == "K" then return pick(KEYS) end
      if k == "T" then return "{ 3, 1, 2 }" end
      if k == "V" then return depth > 0 and expand(pick({ "S", "N", "T", "nil", "true" }), depth - 1) or "1" end
      if k == "F0" then
        return "function() " .. (depth > 0 and "local _ = " .. expand(pick(LIB), depth - 1) or "") .. " end"
      end
      return k
    end))
  end
  local lines = { "local out = {}" }
  for i = 1, rand(6) do
    local stmt = "local v" .. i .. " = " .. expand(pick(LIB), 2)
    if rand(4) == 1 then stmt = "for _ = 1, " .. pick(NUMS) .. " do " .. stmt .. " end" end
    if rand(5) == 1 then
      stmt = stmt .. " for k, x in pairs({ v" .. i .. ", b = " .. expand("V", 1) .. " }) do out[#out + 1] = x end"
    end
    lines[#lines + 1] = stmt .. " out[#out + 1] = v" .. i
  end
  return "return function(g, p, g2) " .. table.concat(lines, "\n") .. " return out end"
end

-- Runs n scripts from seed; returns the number run and a list of failures (messages).
function M.run(arbiter, n, seed)
  local x = seed or 1
  local function rand(m) x = (x * 1103515245 + 12345) % 2147483648 return x % m + 1 end
  local bad, core = {}, require("arbiter.core")
  local internal = {}                         -- the Lua layer's own functions: none may reach a script
  for _, fn in pairs(require("arbiter.internal")._game) do internal[fn] = true end
  local strmt = getmetatable("").__index
  for i = 1, n do
    local src = M.gen(rand)
    local g = arbiter.new_game{ players = { "A", "B" }, seed = i }
    for _, p in ipairs(g.players) do
      for k = 1, 3 do g:create(arbiter.card{ name = "c" .. k, types = { "Sorcery" } }, { owner = p }) end
    end
    local hash, len = g:state_hash(true), g:history_length()
    local g2 = arbiter.new_game{ players = { "C", "D" }, seed = i }   -- another game: never changed
    local hash2 = g2:state_hash(true)
    local okl, f = pcall(arbiter.load_script, src, { name = "fuzz", instructions = 5000, memory = 64 * 1024,
      lifetime_memory = 1048576 })
    local ok, err = true, nil
    local got, why
    if okl and type(f) == "function" then ok, err = pcall(f, g, g.players[1], g2) got = ok and err end
    for _, v in ipairs(type(got) == "table" and got or {}) do
      if internal[v] then why = "an internal function reached the script" end
    end
    if g2:state_hash(true) ~= hash2 then why = "another game changed" end
    -- what the script handed back, used by the host: functions called, coroutines resumed (each
    -- runs under the script's budget or raises, never unbudgeted)
    for _, v in ipairs(type(got) == "table" and got or {}) do
      if type(v) == "table" and type(rawget(v, "f")) == "function" then v = v.f end
      local okh, errh = true, nil
      if type(v) == "function" then okh, errh = pcall(v)
      elseif type(v) == "thread" then okh, errh = coroutine.resume(v) end
      if not okh and type(errh) ~= "string" then why = "the host's use of what it returned raised a non-string" end
    end
    if debug.gethook() then why = "a hook stayed set outside budgeted calls" end
    if not okl and type(f) ~= "string" then why = "load raised a non-string" end
    if not ok and type(err) ~= "string" then why = "raised a non-string" end
    if not ok and (g:state_hash(true) ~= hash or g:history_length() ~= len) then why = "the game changed" end
    if core._sandbox_usage() ~= nil then why = "a budgeted call stayed open" end
    if getmetatable("").__index ~= strmt then why = "the strings' metatable changed" end
    if why then bad[#bad + 1] = string.format("run %d: %s\n%s\n%s", i, why, src, tostring(err)) end
  end
  return n, bad
end

if arg and arg[0] and arg[0]:match("script_fuzz%.lua$") then
  package.path = "lua/?.lua;lua/?/init.lua;" .. package.path
  package.cpath = (os.getenv("ARBITER_CPATH") or "build/?.so") .. ";" .. package.cpath
  local n, bad = M.run(require("arbiter"), tonumber(arg[1]) or 2000, tonumber(arg[2]) or 1)
  for _, b in ipairs(bad) do print(b) end
  print(string.format("script fuzz: %d scripts, %d failures", n, #bad))
  print(string.format("%d passed, %d failed", n - #bad, #bad))
  os.exit(#bad == 0 and 0 or 1)
end

return M
