-- scripts/apidoc.lua — docs/API.md, the one source of the API reference, read as entries:
-- each "### " heading names one or more functions or fields (g:draw(p, n, opts), arbiter.card,
-- c:tap(), ...), its text describes them, and its ```lua block is the example.
--
--   lua5.4 scripts/apidoc.lua ldoc OUT.lua   writes LDoc input (make types writes
--                                            docs/ldoc/arbiter.lua, which config.ld reads)
--   lua5.4 scripts/apidoc.lua check-html build/docs   every name has its LDoc entry, every
--                                            parameter its text, every relative link a page
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

-- The Conventions' list of parameter names: {[name] = meaning}.
function M.glossary(file)
  local md = read(file or "docs/API.md")
  local out = {}
  for name, text in md:match("^(.-)\n## "):gmatch("\n  %- `([%w_]+)`: ([^\n]+)") do out[name] = text end
  return out
end

-- A parameter's text: the entry's first sentence that names it (`p`, `opts.x`, `p's`), else
-- the Conventions' meaning of its name (always that for a name such as g, p, c); nil when
-- neither says anything.
local UNIVERSAL = { g = true, p = true, c = true, card = true, player = true, h = true, e = true,
  obj = true, id = true, i = true }   -- names whose meaning is the same everywhere: the list's
local function param_text(e, a, glossary)
  if UNIVERSAL[a] and glossary[a] then return glossary[a] end
  local prose = ("\n" .. e.text):gsub("\n%- %u[%l ]+: .*$", ""):gsub("\n", " ")
  for sentence in (prose .. " "):gmatch("(.-%.)%s") do
    local s = sentence:gsub("^%s+", "")
    if s:find("`" .. a .. "[`%.%[:']") or s:find("`" .. a .. "%(") then
      if #s > 400 then s = s:sub(1, 397) .. "..." end
      return s
    end
  end
  return glossary[a]
end
M.param_text = param_text

-- Every function's parameters without text: {"g:draw: n", ...} (make docs fails on any).
function M.undocumented_params(file)
  local glossary, out = M.glossary(file), {}
  for _, e in ipairs(M.entries(file)) do
    for n, a in e.heading:gmatch("([%a_][%w_]*[:.][%w_.:]+)(%b())") do
      for p in a:sub(2, -2):gmatch("[^,%s%[%]]+") do
        if p ~= "..." and not param_text(e, p, glossary) then out[#out + 1] = n .. ": " .. p end
      end
    end
  end
  return out
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
  local glossary = M.glossary(file)
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
    local errors = body:match("\n%- Errors: (.-)\n[%-\n]") or body:match("\n%- Errors: (.-)$")
    -- the entry's text without its Returns/Errors/Events list: those are LDoc fields
    text = text:gsub("\n%- Returns: .*$", ""):gsub("\n%- Errors: .*$", ""):gsub("\n%- Events: .*$", "")
    local events = body:match("\n%- Events: (.-)\n[%-\n]") or body:match("\n%- Events: (.-)$")
    if events then text = text .. "\n\nEvents: " .. events end
    for _, name in ipairs(e.names) do
      -- a constant's own sentence ("`MANA_COLORS`: ..."), not its neighbours' in the entry
      local short = name:match("([%w_]+)$")
      local own = not args[name] and e.text:match("`" .. short .. "`: (.-)\n?%f[`]`[%u_]+`: ")
        or not args[name] and e.text:match("`" .. short .. "`: (.*)")
      w("--- " .. (own or (text ~= "" and text) or e.heading):gsub("\n", "\n-- "))
      if e.example then w("-- @usage " .. e.example:gsub("\n$", ""):gsub("\n", "\n-- ")) end
      if args[name] then
        for a in args[name]:gmatch("[^,%s%[%]]+") do
          if a ~= "..." then
            w("-- @param " .. a .. " " .. assert(param_text(e, a, glossary), name .. ": no text for " .. a))
          end
        end
        if returns then w("-- @return " .. returns:gsub("\n%s*", " ")) end
        if errors then w("-- @raise " .. errors:gsub("\n%s*", " ")) end
        w("-- @function " .. name)
      else
        w("-- @field " .. short)      -- a constant or table, not a function
        w("-- @table " .. name)
      end
      w("")
    end
  end
  return (table.concat(out, "\n"):gsub("[ \t]+\n", "\n"))   -- no trailing blanks (git diff --check)
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

-- Relative links of the site's pages (build/docs) that reach no file of it, or name a markdown
-- file: {"topics/GUIDE.md.html: API.md", ...}.
function M.broken_links(dir)
  local out = {}
  local p = assert(io.popen("cd '" .. dir .. "' && find . -name '*.html' | sort"))
  for page in p:lines() do
    page = page:gsub("^%./", "")
    local here = page:match("^(.*)/[^/]*$")
    for href in read(dir .. "/" .. page):gmatch('href="([^"]*)"') do
      local path = href:match("^([^#]*)")
      if not href:find("^%a[%w+.-]*:") and path ~= "" then
        local file = dir .. "/" .. (here and (here .. "/") or "") .. path
        local f = io.open(file)
        if f then f:close() end
        if not f or path:find("%.md$") then out[#out + 1] = page .. ": " .. href end
      end
    end
  end
  p:close()
  return out
end

local mode, out = ...
if mode == "ldoc" then
  local f = assert(io.open(assert(out, "usage: apidoc.lua ldoc OUT.lua"), "w"))
  f:write(M.ldoc())
  f:close()
elseif mode == "check-html" then
  local dir = assert(out, "usage: apidoc.lua check-html DIR")
  local missing = M.missing_in_html(dir .. "/index.html")
  local n, bad = 0, false
  for _ in pairs(M.names()) do n = n + 1 end
  if #missing > 0 then
    print("docs: not in " .. dir .. "/index.html: " .. table.concat(missing, ", "))
    bad = true
  end
  local params = M.undocumented_params()
  if #params > 0 then
    print("docs: parameters with no text (name them in the entry, or in API.md's list of parameter names): "
      .. table.concat(params, ", "))
    bad = true
  end
  local broken = M.broken_links(dir)
  if #broken > 0 then
    print("docs: links to no page of the site: " .. table.concat(broken, ", "))
    bad = true
  end
  if bad then os.exit(1) end
  print("docs: " .. n .. " documented names, each with its entry in " .. dir
    .. "/index.html and each parameter with its text; every relative link reaches a page")
elseif mode ~= nil then
  io.stderr:write("usage: lua5.4 scripts/apidoc.lua ldoc OUT.lua | check-html DIR\n")
  os.exit(2)
end
return M
