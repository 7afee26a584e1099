-- arbiter.recfile — reading a saved recording as data (issue 15 item 7).
--
-- save_recording writes `return {...}`: a readable subset of Lua constructors, and nothing
-- else. parse(src) reads exactly that grammar and never runs code, so a recording from someone
-- else can't hang or escape the host; time is linear in the text and nesting is bounded.
--   value := nil | true | false | number | string | table | 'H' string | 'S' string
--   table := ['R' | 'D'] '{' { ('[' value ']' '=' | name '=' | ) value [','] } '}'
--   file  := 'return' table
-- Strings are what string.format("%q") writes (escapes \" \\ \newline \r \0 \ddd, and the
-- others Lua knows); numbers are what %d and %.17g write. R marks a reference to a card or
-- player, D a card definition, H a house rule of arbiter.house by name, S a card of a set by
-- its module's name (arbiter.sets.alpha.lightning_bolt): build(tag, value) turns them into
-- objects.
local M = {}

local MAX_DEPTH = 64
local ESC = { n = "\n", t = "\t", r = "\r", a = "\a", b = "\b", f = "\f", v = "\v",
  ["\\"] = "\\", ['"'] = '"', ["'"] = "'", ["\n"] = "\n" }

local function parser(src, build)
  local pos, sub, find = 1, string.sub, string.find

  local function fail(msg)
    local line = select(2, sub(src, 1, pos):gsub("\n", "")) + 1
    error(string.format("load_recording: line %d: %s", line, msg), 0)
  end
  local function skip() pos = select(2, find(src, "^%s*", pos)) + 1 end
  local function expect(c)
    skip()
    if sub(src, pos, pos + #c - 1) ~= c then fail(string.format("%q expected", c)) end
    pos = pos + #c
  end

  local function str()
    local out, i = {}, pos + 1
    while true do
      local j = find(src, '[\\"\n]', i)
      if not j then pos = #src fail("unfinished string") end
      out[#out + 1] = sub(src, i, j - 1)
      local c = sub(src, j, j)
      if c == '"' then pos = j + 1 return table.concat(out) end
      if c == "\n" then pos = j fail("unfinished string") end
      local e = sub(src, j + 1, j + 1)
      if ESC[e] then out[#out + 1] = ESC[e]; i = j + 2
      elseif find(e, "%d") then
        local d = src:match("^%d%d?%d?", j + 1)
        local n = tonumber(d)
        if n > 255 then pos = j fail("bad escape in string") end
        out[#out + 1] = string.char(n)
        i = j + 1 + #d
      else pos = j fail("bad escape in string") end
    end
  end

  local value
  local function tbl(depth)
    if depth > MAX_DEPTH then fail("nested deeper than " .. MAX_DEPTH) end
    expect("{")
    local t = {}
    while true do
      skip()
      if sub(src, pos, pos) == "}" then pos = pos + 1 return t end
      local name = src:match("^([%a_][%w_]*)%s*=", pos)
      if name then                                    -- name = value
        pos = select(2, find(src, "=", pos, true)) + 1
        t[name] = value(depth)
      elseif sub(src, pos, pos) == "[" then           -- [key] = value
        pos = pos + 1
        local k = value(depth)
        if k == nil or k ~= k then fail("bad key") end
        expect("]")
        expect("=")
        t[k] = value(depth)
      else                                            -- a list item
        t[#t + 1] = value(depth)
      end
      skip()
      if sub(src, pos, pos) == "," then pos = pos + 1
      elseif sub(src, pos, pos) ~= "}" then fail("\",\" or \"}\" expected") end
    end
  end

  function value(depth)
    skip()
    local c = sub(src, pos, pos)
    if c == "{" then return tbl(depth + 1) end
    if c == '"' then return str() end
    if (c == "R" or c == "D") and sub(src, pos + 1, pos + 1) == "{" then
      pos = pos + 1
      return build(c, tbl(depth + 1))
    end
    if (c == "H" or c == "S") and sub(src, pos + 1, pos + 1) == '"' then
      pos = pos + 1
      return build(c, str())
    end
    for _, w in ipairs({ "nil", "true", "false" }) do
      if sub(src, pos, pos + #w - 1) == w and not find(src, "^[%w_]", pos + #w) then
        pos = pos + #w
        if w == "true" then return true elseif w == "false" then return false end
        return nil
      end
    end
    local num = src:match("^%-?%d[%d%.eE%+%-]*", pos)
    if num then
      local n = tonumber(num)
      if not n then fail("bad number " .. num) end
      pos = pos + #num
      return n
    end
    fail("a value expected")
  end

  return function()
    expect("return")
    local t = tbl(0)
    skip()
    if pos <= #src then fail("text after the recording") end
    return t
  end
end

--- parse(src, build) -> the recording's table; build(tag, v) makes R/D/H values
function M.parse(src, build) return parser(src, build)() end

return M
