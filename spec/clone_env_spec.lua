-- g:clone copies the game's Lua-side state (its env, csrc/lgame.c g_clone) one level deep, the
-- env and each of its tables into a table sized by the entries the last copy of that env found
-- (the tables' by their order): a game cloned again and again counts them once. The sizes are
-- only hints: an env, or a table of it, that gained entries since its last copy (or tables in
-- another order) is copied whole.
local H = require("helpers")
local core = require("arbiter.core")

-- the env's keys and, for its tables, their keys: what a copy must hold (objs is the game's own)
local function shape(g)
  local keys = {}
  for k, v in pairs(core.env(g)) do
    if k ~= "objs" then
      local sub = {}
      if type(v) == "table" and k ~= "defs" then for kk in pairs(v) do sub[#sub + 1] = tostring(kk) end end
      table.sort(sub)
      keys[#keys + 1] = tostring(k) .. "=" .. table.concat(sub, ",")
    end
  end
  table.sort(keys)
  return keys
end

local function count(t) local n = 0; for _ in pairs(t) do n = n + 1 end return n end

describe("g:clone of a game whose Lua-side state grew since its last copy", function()
  it("copies every entry of it and its tables: the second clone equals the original, its state its own", function()
    local g, ann = H.board()
    g:clone()                                                 -- remembers the env's size
    local before = count(core.env(g))
    g:apnap()                                                 -- cached in the env (apnap_orders)
    g:set_agent(ann, { priority = function() end })           -- the agents' table
    g:add_replacement{ event = "draw", applies = function() return false end, replace = function() end }
    assert.is_true(count(core.env(g)) > before)              -- the hint is now too small
    local second = g:clone()
    assert.are.same(shape(g), shape(second))
    assert.are.equal(g:state_hash(true), second:state_hash(true))
    for i, p in ipairs(second:apnap()) do assert.are.equal(second.players[i], p) end
    -- and a clone of the clone, whose own size was recorded by its copy
    local third = second:clone()
    assert.are.same(shape(g), shape(third))
    assert.are.equal(g:state_hash(true), third:state_hash(true))
    -- independent: a draw in one reaches neither of the others
    second:draw(second.players[1], 1)
    assert.are.equal(g:state_hash(), third:state_hash())
    assert.are_not.equal(g:state_hash(), second:state_hash())
  end)
end)
