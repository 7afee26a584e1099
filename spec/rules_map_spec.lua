-- docs/RULES.md's rule-to-code map (issue 32): every row names a file and a function that exist,
-- and the function (its comment or its body) cites the rule it implements, so the map and the
-- code can't drift apart silently.
local function read(path)
  local f = assert(io.open(path, "r"))
  local s = f:read("*a")
  f:close()
  return s
end

local function lines_of(s)
  local out = {}
  for l in (s .. "\n"):gmatch("([^\n]*)\n") do out[#out + 1] = l end
  return out
end

-- The map's rows: {rule key, path, function name}
local function rows()
  local doc = read("docs/RULES.md")
  local section = assert(doc:match("\n## Where each rule lives in the code\n(.-)\n## "), "the map's section")
  local out = {}
  for line in section:gmatch("[^\n]+") do
    local rule, path, fname = line:match("^| ([^|]-) | `([^`:]+):([^`]+)` |")
    if rule then out[#out + 1] = { rule:match("^([%w%.]+)"), path, fname, rule } end
  end
  return out
end

local function is_comment(l)
  return l:match("^%s*/?%*") or l:match("^%s*%*%*") or l:match("^%s*%-%-") or l:match("%*/%s*$")
end

-- The function's text: the comment right above its definition, and its body.
local function function_text(path, fname)
  local ls = lines_of(read(path))
  local lua = path:match("%.lua$")
  local plain = fname:gsub("%p", "%%%0")
  for i, l in ipairs(ls) do
    local def
    if lua then def = l:match("function " .. plain .. "%(")
    else def = l:match("^[%a_][^;]*[%s%*]" .. plain .. "%(") and not l:match(";%s*$") end
    if def then
      local from, to = i, i
      while from > 1 and is_comment(ls[from - 1]) do from = from - 1 end
      local close = lua and (l:match("^(%s*)") .. "end") or "}"
      while to < #ls and ls[to] ~= close and not (lua and l:match("end%s*$")) do to = to + 1 end
      return table.concat(ls, "\n", from, to)
    end
  end
end

describe("docs/RULES.md: the rule-to-code map", function()
  local map = rows()

  it("has a row for each of the main rules", function()
    assert.is_true(#map >= 30, "rows: " .. #map)
  end)

  for _, r in ipairs(map) do
    local key, path, fname, rule = r[1], r[2], r[3], r[4]
    it(rule .. ": " .. path .. ":" .. fname .. " exists and cites " .. key, function()
      local text = function_text(path, fname)
      assert.is_truthy(text, path .. " defines no " .. fname)
      assert.is_truthy(text:find(key, 1, true), path .. ":" .. fname .. " doesn't cite " .. key)
    end)
  end
end)
