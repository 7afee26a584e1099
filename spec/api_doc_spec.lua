-- The API reference covers the API (issue 17 item 1): every public method of a game, card,
-- player, zone and driver, found at run time in their metatables, and every public field of
-- the arbiter module and of its submodules, has an entry in docs/API.md, the one source of
-- the reference (`make docs` renders it with LDoc); every entry has an example; and nothing
-- documented is missing from the API. A method added without its entry fails here: add a
-- "### g:name(args)" entry to docs/API.md (text, returns, errors, events, a ```lua example).
local arbiter = require("arbiter")
local apidoc = dofile("scripts/apidoc.lua")

local function public_keys(t)
  local out = {}
  for k in pairs(t) do
    if type(k) == "string" and k:sub(1, 1) ~= "_" then out[#out + 1] = k end
  end
  table.sort(out)
  return out
end

local function board()
  local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1 }
  local c = g:create(arbiter.card{ name = "X", types = { "Creature" }, power = 1, toughness = 1 },
    { owner = g.players[1] })
  return g, c
end

-- prefix used in the reference for each kind of object
local OBJECTS = {
  { "Game", "g:", function(g) return g end },
  { "Card", "c:", function(_, c) return c end },
  { "Player", "p:", function(g) return g.players[1] end },
  { "Zone", "zone:", function(g) return g.battlefield end },
}

describe("docs/API.md", function()
  local documented = apidoc.names()

  for _, o in ipairs(OBJECTS) do
    local class, prefix, get = o[1], o[2], o[3]
    it("documents every public " .. class .. " method (enumerated from its metatable)", function()
      local g, c = board()
      local methods = getmetatable(get(g, c)).methods
      assert.are.equal("table", type(methods), class .. " metatable has no methods table")
      local missing = {}
      for _, k in ipairs(public_keys(methods)) do
        if not documented[prefix .. k] then missing[#missing + 1] = prefix .. k end
      end
      assert.are.same({}, missing, "undocumented " .. class .. " methods: " .. table.concat(missing, ", "))
    end)
  end

  it("documents every public driver method", function()
    local missing = {}
    for _, k in ipairs(public_keys(arbiter.Driver)) do
      if type(arbiter.Driver[k]) == "function" and not documented["d:" .. k] then missing[#missing + 1] = "d:" .. k end
    end
    assert.are.same({}, missing, "undocumented driver methods: " .. table.concat(missing, ", "))
  end)

  it("documents every public field of arbiter and of arbiter.agents, deck, house, sandbox", function()
    local missing = {}
    for _, k in ipairs(public_keys(arbiter)) do
      local v = arbiter[k]
      local sub = type(v) == "table" and ({ agents = 1, deck = 1, house = 1, sandbox = 1 })[k]
      if sub then
        for _, kk in ipairs(public_keys(v)) do
          local name = "arbiter." .. k .. "." .. kk
          if not documented[name] then missing[#missing + 1] = name end
        end
      elseif k ~= "core" and not documented["arbiter." .. k] then
        missing[#missing + 1] = "arbiter." .. k
      end
    end
    assert.truthy(documented["arbiter.core"])
    assert.are.same({}, missing, "undocumented: " .. table.concat(missing, ", "))
  end)

  -- issue 31 item 3: `ldoc .` works in a fresh clone (config.ld reads this committed file),
  -- and every function's parameters have their text (@param), its Returns and Errors lines
  -- their fields (@return, @raise)
  it("docs/ldoc/arbiter.lua, LDoc's input, is what docs/API.md makes (else: make types)", function()
    local f = assert(io.open("docs/ldoc/arbiter.lua"))
    local have = f:read("*a")
    f:close()
    assert.is_true(have == apidoc.ldoc(), "docs/ldoc/arbiter.lua is out of date: run `make types`")
    local cfg = assert(io.open("config.ld")):read("*a")
    assert.truthy(cfg:find('file = "docs/ldoc/arbiter.lua"', 1, true))
  end)

  it("gives every function's parameters a text, and its Returns and Errors as LDoc fields", function()
    assert.are.same({}, apidoc.undocumented_params())
    local ldoc = apidoc.ldoc()
    assert.falsy(ldoc:find("see the text", 1, true))
    local function block(name)          -- the comment lines above "-- @function name"
      local at = assert(ldoc:find("\n%-%- @function " .. name:gsub("%p", "%%%0") .. "\n"), name)
      local start = 1
      for i in ldoc:sub(1, at):gmatch("()\n\n") do start = i end
      return ldoc:sub(start, at + 1)
    end
    local draw = block("g:draw")
    assert.truthy(draw:find("\n%-%- @param p a player of the game\n"), draw)
    assert.truthy(draw:find("\n%-%- @param n `p` draws `n` cards %(default 1%)"), draw)
    assert.truthy(draw:find("\n%-%- @return the array of cards"), draw)
    assert.truthy(draw:find("\n%-%- @raise not a player of this game"), draw)
    assert.truthy(block("g:create"):find("\n%-%- @param def "), block("g:create"))
    -- every @param line has words after the name
    for line in ldoc:gmatch("%-%- @param ([^\n]*)") do
      assert.truthy(line:match("^[%w_]+ %S"), line)
    end
  end)

  it("gives every entry a text and a Lua example", function()
    local entries = apidoc.entries()
    assert.is_true(#entries > 100, "only " .. #entries .. " entries")
    for _, e in ipairs(entries) do
      assert.is_true(#e.names > 0, "an entry names nothing: " .. e.heading)
      assert.truthy(e.example and e.example:match("%S"), e.heading .. " has no ```lua example")
      assert.truthy(e.text:match("%S"), e.heading .. " has no text")
    end
  end)

  it("documents nothing the API doesn't have", function()
    local g, c = board()
    local d = g:driver(function() end)
    local objects = { ["g:"] = g, ["c:"] = c, ["p:"] = g.players[1], ["zone:"] = g.battlefield, ["d:"] = d }
    local stale = {}
    for name in pairs(documented) do
      local prefix, k = name:match("^(%a+:)([%w_]+)$")
      if prefix then
        if not objects[prefix] or type(objects[prefix][k]) ~= "function" then stale[#stale + 1] = name end
      else
        local v = arbiter
        for part in name:gsub("^arbiter%.?", ""):gmatch("[^.]+") do v = type(v) == "table" and v[part] or nil end
        if v == nil then stale[#stale + 1] = name end
      end
    end
    table.sort(stale)
    assert.are.same({}, stale, "documented but not in the API: " .. table.concat(stale, ", "))
  end)
end)
