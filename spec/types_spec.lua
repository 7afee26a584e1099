-- Editor types (issue 31 item 5): types/arbiter.lua, LuaCATS definitions (`---@meta`) generated
-- from docs/API.md by scripts/types.lua (make types): current, loadable, declaring every
-- documented name of the module, the game, card, player, zone, driver, stack object and event;
-- installed with the rock (its copy_directories); .luarc.json (lua-language-server) reads it.
local types = dofile("scripts/types.lua")
local apidoc = dofile("scripts/apidoc.lua")

local function read(file)
  local f = assert(io.open(file))
  local s = f:read("*a")
  f:close()
  return s
end

local CLASS = { g = "Game", c = "Card", p = "Player", zone = "Zone", d = "Driver", obj = "StackObject", ev = "Event" }

describe("types/arbiter.lua", function()
  local text = read(types.OUT)

  it("is what scripts/types.lua makes from docs/API.md today (else: make types)", function()
    assert.is_true(types.render() == text, "types/arbiter.lua is out of date: run `make types`")
  end)

  it("is a ---@meta file that loads as Lua", function()
    assert.are.equal("---@meta\n", text:sub(1, 9))
    assert.truthy(require("arbiter.compat").load(text, "=types/arbiter.lua", "t", {}))
  end)

  it("declares every documented name (arbiter.*, and the methods and fields of each object)", function()
    local missing, n = {}, 0
    for name in pairs(apidoc.names()) do
      local pre, sep, rest = name:match("^([%a_]+)([:.])(.+)$")
      local decl = pre == "arbiter" and name or (CLASS[pre] and CLASS[pre] .. sep .. rest)
      if decl then
        n = n + 1
        local as_function = text:find("\nfunction " .. decl .. "(", 1, true)
        local as_field = text:find("\n" .. decl .. " = nil", 1, true)
        if not (as_function or as_field) then missing[#missing + 1] = name end
      end
    end
    table.sort(missing)
    assert.is_true(n > 150, n)
    assert.are.same({}, missing)
    for _, cls in pairs(CLASS) do assert.truthy(text:find("---@class arbiter." .. cls .. "\n", 1, true), cls) end
    assert.truthy(text:find("\narbiter.agents = {}", 1, true))
  end)

  it("types parameters and results from the reference's names and Returns lines", function()
    assert.truthy(text:find("---@param p arbiter.Player\n", 1, true))
    assert.truthy(text:find("---@return arbiter.Game # the game.\nfunction arbiter.new_game(", 1, true))
    assert.truthy(text:find("---@return boolean", 1, true))
  end)

  it("is installed with the rock; .luarc.json points lua-language-server at it", function()
    local rockspec = read(dofile("scripts/rockspec.lua").PACKAGE .. "-scm-1.rockspec")
    assert.truthy(rockspec:find('copy_directories = { "docs", "types" }', 1, true))
    local luarc = read(".luarc.json")
    assert.truthy(luarc:find('"workspace.library"%s*:%s*%[%s*"types"'))
    assert.truthy(luarc:find('"runtime.version"%s*:%s*"Lua 5.4"'))
  end)
end)
