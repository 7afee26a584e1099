-- arbiter.check — argument checks for the Lua layer, luaL_argerror style:
-- every error names the function, the argument and the bad value.
local core = require("arbiter.core")

local M = {}

local function describe(v)
  local t = type(v)
  if t == "string" then return string.format("%q", v) end
  if t == "userdata" then return tostring(v) end
  if t == "table" then   -- a handle or definition says what it is
    local mt = getmetatable(v)
    return type(mt) == "table" and rawget(mt, "__tostring") and tostring(v) or "a table"
  end
  return tostring(v)
end
M.describe = describe

function M.fail(fname, argn, msg, level)
  error(string.format("bad argument #%d to '%s' (%s)", argn, fname, msg), (level or 2) + 1)
end

-- x must be a card/player/zone of game g
function M.object(g, fname, argn, x, want)
  local kind, owner = core.kind(x)
  if kind ~= want then
    M.fail(fname, argn, want .. " expected, got " .. (kind or type(x)) .. " " .. describe(x), 2)
  end
  if owner ~= g then M.fail(fname, argn, want .. " of another game: " .. describe(x), 2) end
  return x
end

-- Numbers like Lua's own (luaL_checkinteger): an integer, or a float with an exact integer
-- value (2.0, 1e6), is that integer; anything else (2.5, a string, nil) gives nil.
M.integer = require("arbiter.compat").toint

function M.count(fname, argn, n, default)
  if n == nil then return default end
  local i = M.integer(n)
  if not i then
    M.fail(fname, argn, "integer count expected, got " .. describe(n), 2)
  end
  n = i
  if n < 0 then M.fail(fname, argn, "count must be >= 0, got " .. n, 2) end
  return n
end

function M.table(fname, argn, t, optional)
  if t == nil and optional then return {} end
  if type(t) ~= "table" then M.fail(fname, argn, "table expected, got " .. describe(t), 2) end
  return t
end

function M.func(fname, argn, f, field, optional)
  if f == nil and optional then return nil end
  if type(f) ~= "function" then
    M.fail(fname, argn, (field and (field .. ": ") or "") .. "function expected, got " .. describe(f), 2)
  end
  return f
end

return M
