-- arbiter.compat — the one place in the Lua layer that knows which Lua runs it
-- (5.1, 5.2, 5.3, 5.4 or LuaJIT 2.1; the C side's is csrc/compat.h).
--
-- Everything else in lua/, spec/, examples/ and bench/ is written in the common subset: no `//`,
-- no bit operators, no `goto`, no integer literals beyond 2^53, and no reliance on the integer
-- subtype. Numbers there are doubles on 5.1/5.2/LuaJIT, so an "integer" is an integral number:
-- 2 and 2.0 both count (as luaL_checkinteger does on 5.3+), 2.5 doesn't.
local M = {}

M.luajit = type(rawget(_G, "jit")) == "table"
-- "5.1", "5.2", "5.3", "5.4" (LuaJIT says 5.1) and the interpreter's usual Debian name
M.lua_version = _VERSION:match("%d+%.%d+")
M.interpreter = M.luajit and "luajit" or "lua" .. M.lua_version

local floor = math.floor
local TWO63 = 2 ^ 63

M.utf8 = rawget(_G, "utf8")                                       -- 5.3+, else nil
M.unpack = table.unpack or unpack                                   -- luacheck: ignore 113
M.pack = table.pack or function(...) return { n = select("#", ...), ... } end

-- The __mode of a weak-keyed cache whose values may refer to their keys (a game's players, a
-- card's abilities): "k" where the collector knows ephemerons (5.2+); on 5.1 and LuaJIT such
-- an entry would keep its key alive forever, so values are weak too there ("kv": an entry may
-- go at any collection and is then read again; only for caches of what can be re-read).
M.cache_mode = (M.luajit or _VERSION == "Lua 5.1") and "kv" or "k"

-- table.move(a1, f, e, t [,a2]) (5.3)
M.move = table.move or function(a1, f, e, t, a2)
  a2 = a2 or a1
  if e >= f then
    if t > e or t <= f or a1 ~= a2 then
      for i = 0, e - f do a2[t + i] = a1[f + i] end
    else
      for i = e - f, 0, -1 do a2[t + i] = a1[f + i] end
    end
  end
  return a2
end

-- toint(v) -> v as an integer when it is an integral number in the 64-bit range, else nil
-- (strings are not numbers here). On 5.3+ the result has the integer subtype.
if math.type then
  local tointeger = math.tointeger
  function M.toint(v)
    if type(v) == "number" then return tointeger(v) end
    return nil
  end
else
  function M.toint(v)
    if type(v) == "number" and v == floor(v) and v >= -TWO63 and v < TWO63 then return v end
    return nil
  end
end
local toint = M.toint

-- isint(v) -> whether v is an integral number (an integer argument)
function M.isint(v) return toint(v) ~= nil end

-- mathtype(v) -> math.type(v) on 5.3+; before, "integer" for an integral number, else "float"
M.mathtype = math.type or function(v)
  if type(v) ~= "number" then return nil end
  return toint(v) and "integer" or "float"
end

-- idiv(a, b) -> floor(a / b), an integer for integral a and b (`a // b` on 5.3+)
function M.idiv(a, b)
  local q = floor(a / b)
  return toint(q) or q
end

-- Bits of non-negative integers below 2^53, by arithmetic (no bit operators on 5.1,
-- 32-bit ones in LuaJIT's bit library).
function M.shl(x, n) return toint(x * 2 ^ n) end
function M.shr(x, n) return floor(x / 2 ^ n) end
function M.bit(x, i) return floor(x / 2 ^ i) % 2 == 1 end           -- is bit i (from 0) set?

-- jit(on): turns LuaJIT's compiler on or off (and drops its traces); nothing elsewhere.
function M.jit(on)
  local j = rawget(_G, "jit")
  if type(j) ~= "table" then return end
  if on then j.on() else j.off(); j.flush() end
end

-- nojit(f) -> f, never compiled by LuaJIT, nor the functions defined in it (count hooks don't
-- fire in compiled code); f unchanged elsewhere
function M.nojit(f)
  local j = rawget(_G, "jit")
  if type(j) == "table" then j.off(f, true) end
  return f
end

-- load(chunk, name, mode, env) as in 5.2+ (5.1's load takes no mode or env and no string)
if _VERSION == "Lua 5.1" and not M.luajit then
  local loadstring, setfenv = loadstring, setfenv                   -- luacheck: ignore 113
  local function binary_refused(mode)
    return nil, "attempt to load a binary chunk (mode is '" .. mode .. "')"
  end
  function M.load(chunk, name, mode, env)
    mode = mode or "bt"
    local f, err
    if type(chunk) == "string" then
      if chunk:byte(1) == 27 and not mode:find("b", 1, true) then return binary_refused(mode) end
      if chunk:byte(1) ~= 27 and not mode:find("t", 1, true) then return nil, "attempt to load a text chunk" end
      f, err = loadstring(chunk, name)
    else
      local first, bad = true, false
      f, err = load(function()
        local piece = chunk()
        if first and piece ~= nil and piece ~= "" then
          first = false
          if piece:byte(1) == 27 and not mode:find("b", 1, true) then bad = true; return nil end
        end
        return piece
      end, name)
      if bad then return binary_refused(mode) end
    end
    if f and env ~= nil then setfenv(f, env) end
    return f, err
  end
elseif M.luajit then           -- LuaJIT's refusal doesn't say "binary"
  function M.load(...)
    local chunk, _, mode = ...
    if type(chunk) == "string" and chunk:byte(1) == 27 and mode and not mode:find("b", 1, true) then
      return nil, "attempt to load a binary chunk (mode is '" .. mode .. "')"
    end
    return load(...)
  end
else
  M.load = load
end

return M
