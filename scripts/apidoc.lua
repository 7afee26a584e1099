-- scripts/apidoc.lua — docs/API.md, the one source of the API reference, read as entries:
-- each "### " heading names one or more functions or fields (g:draw(p, n, opts), arbiter.card,
-- c:tap(), ...), its text describes them, and its ```lua block is the example.
--
--   lua5.4 scripts/apidoc.lua ldoc OUT.lua   writes LDoc input (make docs: config.ld reads it)
--   lua5.4 scripts/apidoc.lua check-html build/docs/index.html   every name has its LDoc entry
--   dofile("scripts/apidoc.lua")             returns M: M.entries(), M.names() (spec/api_doc_spec.lua)
local M = {}

local function read(file)
  local f = assert(io.open(file))
  local s = f:read("*a")
  f:close()
  return s
end

-- The names in a heading: "g:draw", "arbiter.card", "arbiter.house.paris", "d:resume", ...
function M.heading_names(h)
  local out = {}
  for name in (h .. ","):gmatch("%s*([%a_][%w_]*[:.][%w_.:]+)[^,]*,") do
    out[#out + 1] = name
  end
  return out
end

-- {section, heading, names, text (markdown without the example), example} per "### " entry.
function M.entries(file)
  local md = read(file or "docs/API.md")
  local out, section, cur = {}, nil, nil
  local in_code = false
  for line in (md .. "\n"):gmatch("(.-)\n") do
    if line:match("^```") then in_code = not in_code end
    local h2 = not in_code and line:match("^## (.+)")
    local h3 = not in_code and line:match("^### (.+)")
    if h2 then section, cur = h2, nil
    elseif h3 then
      cur = { section = section, heading = h3, names = M.heading_names(h3), lines = {} }
      out[#out + 1] = cur
    elseif cur then
      cur.lines[#cur.lines + 1] = line
    end
  end
  for _, e in ipairs(out) do
    local body = table.concat(e.lines, "\n")
    e.example = body:match("```lua\n(.-)```")
    e.text = (body:gsub("```lua\n.-```", "")):gsub("^%s+", ""):gsub("%s+$", "")
    e.lines = nil
  end
  return out
end

-- Set of every documented name.
function M.names(file)
  local set = {}
  for _, e in ipairs(M.entries(file)) do
    for _, n in ipairs(e.names) do set[n] = e end
  end
  return set
end

-- LDoc input: one module, a section per "## ", a documented function per name of each entry
-- (an entry naming several, "g:win(p), g:lose(p)", documents each with the entry's text), its
-- example as @usage.
function M.ldoc(file)
  local out = {}
  local function w(s) out[#out + 1] = s end
  local intro = read(file or "docs/API.md"):match("^#[^\n]*\n\n(.-)\n## ")
  w("--- " .. (intro or "The arbiter API."):gsub("\n", "\n-- "))
  w("-- @module arbiter")
  w("")
  local section
  for i, e in ipairs(M.entries(file)) do
    if e.section ~= section then
      section = e.section
      w("--- " .. section)
      w("-- @section s" .. i)
      w("")
    end
    local text = e.heading:find(",") and ("`" .. e.heading .. "`\n\n" .. e.text) or e.text
    local args = {}
    for n, a in e.heading:gmatch("([%a_][%w_]*[:.][%w_.:]+)(%b())") do args[n] = a:sub(2, -2) end
    local body = "\n" .. e.text
    local returns = body:match("\n%- Returns: (.-)\n[%-\n]") or body:match("\n%- Returns: (.-)$")
    for _, name in ipairs(e.names) do
      -- a constant's own sentence ("`MANA_COLORS`: ..."), not its neighbours' in the entry
      local short = name:match("([%w_]+)$")
      local own = not args[name] and e.text:match("`" .. short .. "`: (.-)\n?%f[`]`[%u_]+`: ")
        or not args[name] and e.text:match("`" .. short .. "`: (.*)")
      w("--- " .. (own or (text ~= "" and text) or e.heading):gsub("\n", "\n-- "))
      if e.example then w("-- @usage " .. e.example:gsub("\n$", ""):gsub("\n", "\n-- ")) end
      if args[name] then
        for a in args[name]:gmatch("[^,%s%[%]]+") do
          if a ~= "..." then w("-- @param " .. a .. " see the text") end
        end
        if returns then w("-- @return " .. returns:gsub("\n", " ")) end
        w("-- @function " .. name)
      else
        w("-- @field " .. short)      -- a constant or table, not a function
        w("-- @table " .. name)
      end
      w("")
    end
  end
  return table.concat(out, "\n")
end

-- Names documented in API.md that the LDoc page doesn't show (it should show them all).
function M.missing_in_html(html_file)
  local html = read(html_file)
  local missing = {}
  for name in pairs(M.names()) do
    local short = name:match("^arbiter%.([%w_]+)$")      -- LDoc drops the module's own prefix
    local function anchored(n) return n and html:find('name = "' .. n .. '"', 1, true) end
    if not anchored(name) and not anchored(short) then
      missing[#missing + 1] = name
    end
  end
  table.sort(missing)
  return missing
end

local mode, out = ...
if mode == "ldoc" then
  local f = assert(io.open(assert(out, "usage: apidoc.lua ldoc OUT.lua"), "w"))
  f:write(M.ldoc())
  f:close()
elseif mode == "check-html" then
  local missing = M.missing_in_html(assert(out, "usage: apidoc.lua check-html INDEX.html"))
  local n = 0
  for _ in pairs(M.names()) do n = n + 1 end
  if #missing > 0 then
    print("docs: not in " .. out .. ": " .. table.concat(missing, ", "))
    os.exit(1)
  end
  print("docs: " .. n .. " documented names, each with its entry in " .. out)
elseif mode ~= nil then
  io.stderr:write("usage: lua5.4 scripts/apidoc.lua ldoc OUT.lua | check-html INDEX.html\n")
  os.exit(2)
end
return M
