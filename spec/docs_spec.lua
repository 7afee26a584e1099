-- The documentation can't rot (issue 17 items 1 and 5): the README's first game and first card
-- script are the example files, and print what the README says; every relative link in the
-- README, docs/, examples/ and the changelog reaches a file of the repository (nothing links
-- outside it); every `make` target the README names exists.
local function read(file)
  local f = assert(io.open(file))
  local s = f:read("*a")
  f:close()
  return s
end

local function exists(path)
  local f = io.open(path)
  if f then f:close() end
  return f ~= nil
end

-- Runs a Lua file from the repository root with the interpreter running the specs.
local function run(file)
  local i = -1
  while arg and arg[i - 1] do i = i - 1 end
  local lua = arg and arg[i] or "lua5.4"
  local p = assert(io.popen(lua .. " " .. file .. " 2>&1"))
  local out = p:read("*a")
  p:close()
  return out
end

local function lua_blocks(md)
  local out = {}
  for block in md:gmatch("```lua\n(.-)```") do out[#out + 1] = block end
  return out
end

local function plain(s) return (s:gsub("%s+$", "")) end

describe("the README", function()
  local readme = read("README.md")

  it("shows examples/first_game.lua whole, and the output it prints", function()
    local src = read("examples/first_game.lua"):gsub("^%-%-[^\n]*\n", "")   -- its header line aside
    local found = false
    for _, b in ipairs(lua_blocks(readme)) do found = found or plain(b) == plain(src) end
    assert.is_true(found, "README's first game differs from examples/first_game.lua")
    local printed = readme:match("It prints:\n\n```\n(.-)```")
    assert.truthy(printed)
    assert.are.equal(plain(printed), plain(run("examples/first_game.lua")))
  end)

  it("shows the card script of examples/first_card.lua, which leaves Bob at 18 life", function()
    local src = read("examples/first_card.lua")
    local block
    for _, b in ipairs(lua_blocks(readme)) do if b:find("Underworld Dreams", 1, true) then block = b end end
    assert.truthy(block, "no Underworld Dreams block in the README")
    assert.truthy(src:find(plain(block), 1, true), "README's first card script differs from examples/first_card.lua")
    assert.truthy(readme:find("Bob ends at 18 life", 1, true))
    assert.truthy(run("examples/first_card.lua"):find("Bob's life:\t18", 1, true))
  end)

  it("names only make targets that exist", function()
    local makefile = read("Makefile")
    local n = 0
    for target in ("\n" .. readme):gmatch("[\n`]make ([%a%-]+)") do
      n = n + 1
      assert.truthy(makefile:find("\n" .. target .. ":", 1, true) or makefile:find("\n" .. target .. " ", 1, true),
        "make " .. target .. " is not a Makefile target")
    end
    assert.is_true(n >= 5)
  end)
end)

describe("links in the documentation", function()
  local p = assert(io.popen("ls README.md CHANGELOG.md docs/*.md examples/*/README.md examples/*.md 2>/dev/null"))
  local files = {}
  for f in p:lines() do files[#files + 1] = f end
  p:close()

  it("every relative link reaches a file in the repository; none leaves it", function()
    assert.is_true(#files >= 4)
    local checked = 0
    for _, file in ipairs(files) do
      local dir = file:match("^(.*)/") or "."
      local text = read(file)
      assert.is_nil(text:find("../shared", 1, true), file .. " mentions ../shared (outside the repository)")
      for target in text:gmatch("%]%(([^)%s]+)%)") do
        if not target:match("^%a[%w+.-]*:") and not target:match("^#") then   -- not a URL, not an anchor here
          local path = target:gsub("#.*$", "")
          local full = dir == "." and path or (dir .. "/" .. path)
          -- normalize a/b/../c and ./ ; a path that climbs above the root leaves the repository
          local parts = {}
          for part in full:gmatch("[^/]+") do
            if part == ".." then
              assert.is_true(#parts > 0, file .. ": " .. target .. " leaves the repository")
              parts[#parts] = nil
            elseif part ~= "." then
              parts[#parts + 1] = part
            end
          end
          local resolved = table.concat(parts, "/")
          assert.is_true(exists(resolved), file .. ": link " .. target .. " -> " .. resolved .. " doesn't exist")
          checked = checked + 1
        end
      end
    end
    assert.is_true(checked >= 10)
  end)
end)
