-- One public surface (issue 24 item 1): what a game, a card, a player, a zone, a stack object
-- and the arbiter module offer is the documented API, nothing else. The Lua layer's own
-- functions (the binding's underscore methods: _driver_commit, _driver_mark, _atomic, ... and
-- the modules' own) live in arbiter.internal's _game table, which no public object leads to:
-- a card script holding a game can't commit or reopen its journal (422).
-- Every name reachable is enumerated and checked against docs/API.md (scripts/apidoc.lua).
local arbiter = require("arbiter")
local apidoc = dofile("scripts/apidoc.lua")
local GI = require("arbiter.internal")._game

local documented = apidoc.names()
local api_text = assert(io.open("docs/API.md")):read("*a")

local function sorted_keys(t)
  local out = {}
  for k in pairs(t) do out[#out + 1] = tostring(k) end
  table.sort(out)
  return out
end

local bolt = arbiter.card{ name = "Bolt", types = { "Instant" }, colors = { "red" }, cost = "{R}",
  targets = { "creature or player" },
  resolve = function(obj, g, source) if obj.targets[1] then g:damage(source, obj.targets[1], 3) end end }
local mountain = arbiter.card{ name = "Mountain", types = { "Land" }, subtypes = { "Mountain" } }
local bears = arbiter.card{ name = "Bears", types = { "Creature" }, power = 2, toughness = 2 }

-- a game with a card on the battlefield and a spell on the stack
local function board()
  local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1 }
  local ann, bob = g.players[1], g.players[2]
  local c = g:create(bears, { owner = ann, zone = "battlefield" })
  g:create(mountain, { owner = ann, zone = "battlefield" })
  local obj = g:cast(ann, g:create(bolt, { owner = ann, zone = "hand" }), { targets = { bob } })
  return g, c, ann, obj
end

local CLASSES = { { "game", "g:" }, { "card", "c:" }, { "player", "p:" }, { "zone", "zone:" } }

describe("one public surface (issue 24)", function()
  local g, c, ann, obj = board()
  local objects = { game = g, card = c, player = ann, zone = ann.hand }

  for _, k in ipairs(CLASSES) do
    local class, prefix = k[1], k[2]
    it("a " .. class .. "'s metatable offers only documented methods (" .. prefix .. "name in docs/API.md)", function()
      local mt = getmetatable(objects[class])
      local extra = {}
      for _, name in ipairs(sorted_keys(mt)) do   -- metamethods and the methods table, nothing else
        if not name:match("^__%a+$") and name ~= "methods" then extra[#extra + 1] = "metatable." .. name end
      end
      for _, name in ipairs(sorted_keys(mt.methods)) do
        if not documented[prefix .. name] then extra[#extra + 1] = prefix .. name end
      end
      assert.are.same({}, extra)
    end)
  end

  it("every card method is reached by its name (a card's fields are read before its methods: none shares "
    .. "a field's name)", function()
    local shadowed = {}
    for _, name in ipairs(sorted_keys(getmetatable(c).methods)) do
      if c[name] ~= getmetatable(c).methods[name] then shadowed[#shadowed + 1] = name end
    end
    assert.are.same({}, shadowed)
  end)

  it("no internal function is reachable by name from a game, card, player, zone or stack object", function()
    local names = sorted_keys(GI)
    assert.is_true(#names > 60, "the internal table holds the binding's underscore functions")
    for _, must in ipairs({ "_driver_commit", "_driver_mark", "_driver_rollback", "_atomic", "_draw",
      "_draw_opts", "_zone_keep", "_object_id", "_emit", "_effect" }) do
      assert.equal("function", type(GI[must]), must)
    end
    local reached = {}
    for _, name in ipairs(names) do
      for _, k in ipairs(CLASSES) do
        if objects[k[1]][name] ~= nil then reached[#reached + 1] = k[2] .. name end
      end
      if obj[name] ~= nil then reached[#reached + 1] = "obj." .. name end
    end
    assert.are.same({}, reached)
  end)

  it("a stack object's fields are its documented ones (obj.kind, card, controller, targets, x, ...)", function()
    local extra = {}
    for _, name in ipairs(sorted_keys(obj)) do
      if not (api_text:find("`obj." .. name .. "`", 1, true) or api_text:find("`" .. name .. "`", 1, true)) then
        extra[#extra + 1] = name
      end
    end
    assert.are.same({}, extra)
    assert.equal(GI._object_id(obj), obj.card.id)   -- its identity is kept off it
  end)

  it("the module: every function reachable from require 'arbiter' is documented; no underscore name", function()
    local bad, seen = {}, {}
    local function walk(t, path, depth)
      if seen[t] then return end
      seen[t] = true
      for _, key in ipairs(sorted_keys(t)) do
        local v = rawget(t, key)
        local name = path .. "." .. key
        if key:match("^_") and not (path == "arbiter.Driver" and key:match("^__%a+$")) then
          bad[#bad + 1] = name
        elseif type(v) == "function" and depth <= 2 then
          local method = path == "arbiter.Driver" and "d:" .. key
          if not (documented[name] or documented[method] or documented[path]) then bad[#bad + 1] = name end
        end
        if type(v) == "table" then walk(v, name, depth + 1) end
      end
    end
    walk(arbiter, "arbiter", 1)
    assert.are.same({}, bad)
    assert.is_nil(arbiter.core.game_methods)   -- arbiter.core: its documented functions only
    assert.is_nil(arbiter.core.env)
  end)

  it("a card script holding a game can't name an internal function (422: no commit, no open mark)", function()
    local s = arbiter.load_script([[
      return function(g)
        local got = {}
        for _, name in ipairs({ "_driver_commit", "_driver_mark", "_driver_rollback", "_atomic",
          "_suspend", "_draw", "_emit" }) do
          if g[name] ~= nil then got[#got + 1] = name end
        end
        local ok = pcall(function() return g:_driver_commit() end)
        return #got, ok
      end]], { name = "surface probe" })
    local n, ok = s(g)
    assert.equal(0, n)
    assert.is_false(ok)
  end)
end)
