-- arbiter.store — g:store(key [, value]): the game's storage for house rules (issue 33 item 4).
--
-- A house rule's state (a Planechase-like deck's order, an Emperor game's teams) kept in a Lua
-- upvalue is shared by every clone of the game and survives a failed action. Kept here it is the
-- game's: env.stores maps a key to plain data (nil, booleans, finite numbers, strings, and tables
-- of them with string or integer keys, no cycles), held as a private deep copy that is never
-- changed in place, so a clone (its env a shallow copy) shares it safely. Each write makes a new
-- map, filed with settings.lua (422: a failed action puts the old map back); g:store is a game
-- method, so a recording game records each write and a replay makes it again; g:state_hash mixes
-- the data in (sorted, so the order of pairs reaches nothing).
local check = require("arbiter.check")
local fail, describe = check.fail, check.describe

return function(internal, Game)
  local env, atomic = internal._env, internal._atomic

  -- a deep copy of plain data, or nil and why not (the path names the bad part)
  local function copy(v, path, seen)
    local t = type(v)
    if t == "nil" or t == "boolean" or t == "string" then return v end
    if t == "number" then
      if v ~= v or v == math.huge or v == -math.huge then return nil, path .. " is not a finite number" end
      return v
    end
    if t ~= "table" then return nil, path .. " is a " .. t end
    if getmetatable(v) ~= nil then return nil, path .. " is a table with a metatable" end
    if seen[v] then return nil, path .. " is a cycle" end
    seen[v] = true
    local out = {}
    for k, x in pairs(v) do
      local kt = type(k)
      if kt ~= "string" and not (kt == "number" and k == math.floor(k) and k == k and k ~= math.huge
          and k ~= -math.huge) then
        return nil, path .. " has a key that is no string or integer: " .. describe(k)
      end
      local c, why = copy(x, path .. "." .. tostring(k), seen)
      if why then return nil, why end
      out[k] = c
    end
    seen[v] = nil
    return out
  end

  -- the data as text, keys sorted (numbers before strings), for the state hash
  local function serialize(v, out)
    local t = type(v)
    if t == "table" then
      local keys = {}
      for k in pairs(v) do keys[#keys + 1] = k end
      table.sort(keys, function(a, b)
        if type(a) ~= type(b) then return type(a) == "number" end
        return a < b
      end)
      out[#out + 1] = "{"
      for _, k in ipairs(keys) do
        serialize(k, out); out[#out + 1] = "="; serialize(v[k], out); out[#out + 1] = ","
      end
      out[#out + 1] = "}"
    elseif t == "number" then    -- the same text on every Lua (%d only where it is exact)
      local int = v == math.floor(v) and v > -2 ^ 53 and v < 2 ^ 53
      out[#out + 1] = int and string.format("%d", v) or string.format("%.17g", v)
    elseif t == "string" then    -- (not %q: Lua 5.1 and 5.4 quote a newline differently)
      out[#out + 1] = '"' .. v:gsub('[%c"\\]', function(c) return string.format("\\%03d", c:byte()) end) .. '"'
    else out[#out + 1] = tostring(v) end
  end

  local function put(g, key, value)
    local e = env[g]
    local old = e.stores
    local new = {}
    for k, v in pairs(old or {}) do new[k] = v end   -- (a copy: the order reaches no game)
    new[key] = value
    internal._note_setting(g, "top", { key = "stores", old = old })
    e.stores = next(new) ~= nil and new or nil
  end

  --- g:store(key): a copy of the data stored under key (nil: none); g:store(key, value): stores
  --- a copy of value (plain data; nil removes the key), one action (422), recorded
  function Game:store(key, ...)
    if type(key) ~= "string" then fail("store", 1, "key (a string) expected, got " .. describe(key)) end
    if select("#", ...) == 0 then
      local s = env[self].stores
      return (copy(s and s[key], key, {}))
    end
    local value, why = copy((...), "value", {})
    if why then fail("store", 2, "plain data expected: " .. why) end
    atomic(self, put, key, value)
  end

  local prev_hash = Game.state_hash
  function Game:state_hash(with_pending)
    local h = prev_hash(self, with_pending)
    local s = env[self].stores
    if not s then return h end
    local out = { h, ";store" }
    serialize(s, out)
    return internal._digest(table.concat(out))
  end
end
