-- arbiter.sandbox_order — deterministic iteration and sorting for card scripts (issue 15 item 5).
--
-- Lua's next visits keys in hash order: for strings it depends on the string hash's seed
-- (random per run on 5.4) and on the Lua version, for tables and functions on heap addresses;
-- table.sort isn't stable and its algorithm (5.4: a pivot from the clock for long lists)
-- differs between versions. A script that iterated or sorted with them could make the same
-- game differ between runs or Lua versions. Scripts get instead:
--   next/pairs: the keys in one total order, the same on every Lua: numbers ascending, then
--     strings (byte order under the C locale), false, true, then cards (by id), players (by
--     index) and zones (by name, then owner). Keys with no stable identity (tables, functions,
--     coroutines, other userdata) are refused with a clear error. next(t, nil) scans for the least
--     key (no allocation: draining a table with next(t) stays linear); the next step sorts a
--     snapshot of the keys, which the rest of the traversal follows: a key removed meanwhile is
--     skipped, as in Lua, and keys added meanwhile (undefined in Lua) are not visited.
--   table.sort: a stable merge sort: equal elements keep their order.
-- Both are Lua code under the count hook, and their tables are the script's memory: charged to
-- its budgets like any other work.
local core = require("arbiter.core")
local nojit = require("arbiter.compat").nojit   -- LuaJIT: compiled code would escape the count

local M = {}

local RANK = { number = 1, string = 2, boolean = 3 }
local OBJ_RANK = { card = 4, player = 5, zone = 6 }
local kind, rawget, type, next = core.kind, rawget, type, next

local function rank(k)
  local r = RANK[type(k)]
  if r then return r end
  local kd = kind(k)
  r = kd and OBJ_RANK[kd]
  if not r then
    error(string.format("pairs: a table keyed by a %s has no stable order in card scripts (keys: numbers,"
      .. " strings, booleans, cards, players, zones; index tables by id or name)", kd or type(k)), 0)
  end
  return r
end

local function zone_owner(z) local o = z.owner return o and o.index or 0 end

-- the total order on keys (a < b)
local function before(a, b)
  local ra, rb = rank(a), rank(b)
  if ra ~= rb then return ra < rb end
  if ra <= 2 then return a < b end
  if ra == 3 then return b and not a end
  if ra == 4 then return a.id < b.id end
  if ra == 5 then return a.index < b.index end
  if a.name ~= b.name then return a.name < b.name end
  return zone_owner(a) < zone_owner(b)
end
M.before = before

--- msort(a, n, lt): a[1..n] sorted in place by lt, stable (bottom-up merge sort)
local function msort(a, n, lt)
  local src, dst, width = a, {}, 1
  while width < n do
    local i = 1
    while i <= n do
      local mid = i + width
      if mid > n + 1 then mid = n + 1 end
      local hi = mid + width
      if hi > n + 1 then hi = n + 1 end
      local l, r, k = i, mid, i
      while l < mid and r < hi do
        local x, y = src[l], src[r]
        if lt(y, x) then dst[k] = y; r = r + 1 else dst[k] = x; l = l + 1 end
        k = k + 1
      end
      while l < mid do dst[k] = src[l]; l = l + 1; k = k + 1 end
      while r < hi do dst[k] = src[r]; r = r + 1; k = k + 1 end
      i = hi
    end
    src, dst = dst, src
    width = width * 2
  end
  if src ~= a then for i = 1, n do a[i] = src[i] end end
end
M.msort = msort

-- A traversal's keys in order, per table (weak: gone with the table, or at the traversal's end)
local snaps = setmetatable({}, { __mode = "k" })

local function snapshot(t)
  local keys, n = {}, 0
  for k in next, t do n = n + 1; keys[n] = k end
  for i = 1, n do rank(keys[i]) end                 -- refused keys fail before any work
  msort(keys, n, before)
  local pos = {}
  for i = 1, n do pos[keys[i]] = i end
  local s = { keys = keys, pos = pos, n = n }
  snaps[t] = s
  return s
end

-- The position of the last key before k's successor: k's own, or (k was removed and a nested
-- traversal started meanwhile) where k would be.
local function position(s, k)
  local i = s.pos[k]
  if i then return i end
  rank(k)
  local lo, hi = 0, s.n                              -- the last index whose key is before k
  while lo < hi do
    local mid = lo + math.ceil((hi - lo) / 2)
    if before(s.keys[mid], k) then lo = mid else hi = mid - 1 end
  end
  return lo
end

--- next(t, k, get) -> the key after k in the order above and its value (get(t, key): the
--- value as the script sees it), or nil at the end
function M.next(t, k, get)
  if k == nil then                                 -- a traversal starts: the least key, no snapshot yet
    snaps[t] = nil                                 -- (a loop of next(t) draining t stays linear)
    local least = next(t)
    if least == nil then return nil end
    rank(least)
    for key in next, t, least do
      if before(key, least) then least = key end
    end
    local v = rawget(t, least)
    return least, get and get(v) or v
  end
  local s = snaps[t] or snapshot(t)
  local i = position(s, k)
  while true do
    i = i + 1
    local key = s.keys[i]
    if key == nil then
      if snaps[t] == s then snaps[t] = nil end
      return nil
    end
    local v = rawget(t, key)
    if v ~= nil then return key, get and get(v) or v end
  end
end

--- sort(list, comp): table.sort for scripts, deterministic (stable), comp as table.sort's
function M.sort(list, comp)
  if type(list) ~= "table" then
    error("bad argument #1 to 'sort' (table expected, got " .. type(list) .. ")", 2)
  end
  if comp ~= nil and type(comp) ~= "function" then
    error("bad argument #2 to 'sort' (function expected, got " .. type(comp) .. ")", 2)
  end
  local n, a = #list, {}
  for i = 1, n do a[i] = list[i] end
  msort(a, n, comp or function(x, y) return x < y end)
  for i = 1, n do list[i] = a[i] end
end

for _, f in ipairs({ rank, before, msort, snapshot, position, M.next, M.sort }) do nojit(f) end

return M
