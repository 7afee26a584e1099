-- examples/web/json.lua — JSON for what g:view(p) gives (strings, numbers, booleans and
-- tables of them; a table with a [1], or empty, is an array; object keys sorted, so the same
-- value always gives the same text). json(v) -> string. The page's `Arbiter` uses it.
local function quote(s)
  return '"' .. s:gsub('[%c"\\]', function(c)
    return ({ ['"'] = '\\"', ["\\"] = "\\\\", ["\n"] = "\\n", ["\t"] = "\\t", ["\r"] = "\\r" })[c]
      or string.format("\\u%04x", c:byte())
  end) .. '"'
end

local encode
local function array(v, out)
  out[#out + 1] = "["
  for i, x in ipairs(v) do
    if i > 1 then out[#out + 1] = "," end
    encode(x, out)
  end
  out[#out + 1] = "]"
end

local function object(v, out)
  local keys = {}
  for k in pairs(v) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  out[#out + 1] = "{"
  for i, k in ipairs(keys) do
    out[#out + 1] = (i > 1 and "," or "") .. quote(tostring(k)) .. ":"
    encode(v[k], out)
  end
  out[#out + 1] = "}"
end

function encode(v, out)
  local t = type(v)
  if t == "table" then
    if v[1] ~= nil or next(v) == nil then array(v, out) else object(v, out) end
  elseif t == "string" then out[#out + 1] = quote(v)
  elseif t == "number" then
    if v ~= v or v == math.huge or v == -math.huge then error("json: a number that isn't finite") end
    local integral = math.floor(v) == v and v > -2 ^ 53 and v < 2 ^ 53
    out[#out + 1] = integral and string.format("%d", v) or string.format("%.17g", v)
  elseif t == "boolean" then out[#out + 1] = tostring(v)
  elseif v == nil then out[#out + 1] = "null"
  else error("json: can't encode a " .. t) end
end

return function(v)
  local out = {}
  encode(v, out)
  return table.concat(out)
end
