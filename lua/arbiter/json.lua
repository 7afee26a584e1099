-- arbiter.json — the little JSON the command line writes and reads back (bin/arbiter: sim's
-- results and their merge), so the rock needs no JSON library. Objects are written with their
-- keys sorted (the same data, the same text); arrays are tables with keys 1..n only.
local M = {}

local ESC = { ['"'] = '\\"', ["\\"] = "\\\\", ["\n"] = "\\n", ["\r"] = "\\r", ["\t"] = "\\t" }

local function is_array(t)
  local n = 0
  for _ in pairs(t) do n = n + 1 end
  for i = 1, n do if t[i] == nil then return false end end
  return true, n
end

local function encode(v, out)
  local t = type(v)
  if t == "nil" then out[#out + 1] = "null"
  elseif t == "boolean" then out[#out + 1] = tostring(v)
  elseif t == "number" then
    assert(v == v and v ~= math.huge and v ~= -math.huge, "json: a number that isn't finite")
    out[#out + 1] = (v == math.floor(v) and math.abs(v) < 2 ^ 53) and string.format("%d", v)
      or string.format("%.10g", v)
  elseif t == "string" then
    out[#out + 1] = '"' .. v:gsub('[%c"\\]', function(c)
      return ESC[c] or string.format("\\u%04x", c:byte())
    end) .. '"'
  elseif t == "table" then
    local arr, n = is_array(v)
    if arr and n > 0 then
      out[#out + 1] = "["
      for i = 1, n do
        if i > 1 then out[#out + 1] = "," end
        encode(v[i], out)
      end
      out[#out + 1] = "]"
    else
      local keys = {}
      for k in pairs(v) do keys[#keys + 1] = tostring(k) end
      table.sort(keys)
      out[#out + 1] = "{"
      for i, k in ipairs(keys) do
        if i > 1 then out[#out + 1] = "," end
        encode(k, out)
        out[#out + 1] = ":"
        encode(v[k], out)
      end
      out[#out + 1] = "}"
    end
  else
    error("json: can't encode a " .. t, 0)
  end
end

--- encode(value) -> JSON text
function M.encode(v)
  local out = {}
  encode(v, out)
  return table.concat(out)
end

--- decode(text) -> value; errors with the position of the first problem
function M.decode(s)
  local pos = 1
  local function fail(msg) error(string.format("json: %s at character %d", msg, pos), 0) end
  local function skip() pos = s:find("[^ \t\r\n]", pos) or #s + 1 end
  local value
  local function str()
    local out = {}
    pos = pos + 1
    while true do
      local c = s:sub(pos, pos)
      if c == "" then fail("unfinished string") end
      if c == '"' then pos = pos + 1 return table.concat(out) end
      if c == "\\" then
        local e = s:sub(pos + 1, pos + 1)
        local map = { n = "\n", r = "\r", t = "\t", b = "\b", f = "\f", ["/"] = "/", ['"'] = '"', ["\\"] = "\\" }
        if e == "u" then
          local code = tonumber(s:sub(pos + 2, pos + 5), 16)
          if not code or code > 127 then fail("unsupported \\u escape") end
          out[#out + 1] = string.char(code)
          pos = pos + 6
        elseif map[e] then out[#out + 1] = map[e]; pos = pos + 2
        else fail("bad escape") end
      else
        out[#out + 1] = c
        pos = pos + 1
      end
    end
  end
  function value()
    skip()
    local c = s:sub(pos, pos)
    if c == "{" then
      local t = {}
      pos = pos + 1
      skip()
      if s:sub(pos, pos) == "}" then pos = pos + 1 return t end
      while true do
        skip()
        if s:sub(pos, pos) ~= '"' then fail("a key expected") end
        local k = str()
        skip()
        if s:sub(pos, pos) ~= ":" then fail('":" expected') end
        pos = pos + 1
        t[k] = value()
        skip()
        local d = s:sub(pos, pos)
        pos = pos + 1
        if d == "}" then return t end
        if d ~= "," then fail('"," or "}" expected') end
      end
    elseif c == "[" then
      local t = {}
      pos = pos + 1
      skip()
      if s:sub(pos, pos) == "]" then pos = pos + 1 return t end
      while true do
        t[#t + 1] = value()
        skip()
        local d = s:sub(pos, pos)
        pos = pos + 1
        if d == "]" then return t end
        if d ~= "," then fail('"," or "]" expected') end
      end
    elseif c == '"' then return str()
    end
    for word, v in pairs({ ["true"] = true, ["false"] = false }) do
      if s:sub(pos, pos + #word - 1) == word then pos = pos + #word return v end
    end
    if s:sub(pos, pos + 3) == "null" then pos = pos + 4 return nil end
    local num = s:match("^-?%d+%.?%d*[eE]?[-+]?%d*", pos)
    if num and tonumber(num) then pos = pos + #num return tonumber(num) end
    fail("a value expected")
  end
  local v = value()
  skip()
  if pos <= #s then fail("text after the value") end
  return v
end

return M
