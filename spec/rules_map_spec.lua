-- docs/RULES.md's rule-to-code map (issue 32): every row names a file and a function that exist,
-- and the function (its comment or its body) cites the rule it implements, so the map and the
-- code can't drift apart silently.
local C = require("code_map")

-- The map's rows: {rule key, path, function name}
local function rows()
  local doc = C.read("docs/RULES.md")
  local section = assert(doc:match("\n## Where each rule lives in the code\n(.-)\n## "), "the map's section")
  local out = {}
  for line in section:gmatch("[^\n]+") do
    local rule, path, fname = line:match("^| ([^|]-) | `([^`:]+):([^`]+)` |")
    if rule then out[#out + 1] = { rule:match("^([%w%.]+)"), path, fname, rule } end
  end
  return out
end

describe("docs/RULES.md: the rule-to-code map", function()
  local map = rows()

  it("has a row for each of the main rules", function()
    assert.is_true(#map >= 30, "rows: " .. #map)
  end)

  for _, r in ipairs(map) do
    local key, path, fname, rule = r[1], r[2], r[3], r[4]
    it(rule .. ": " .. path .. ":" .. fname .. " exists and cites " .. key, function()
      local text = C.function_text(path, fname)
      assert.is_truthy(text, path .. " defines no " .. fname)
      assert.is_truthy(text:find(key, 1, true), path .. ":" .. fname .. " doesn't cite " .. key)
    end)
  end
end)
