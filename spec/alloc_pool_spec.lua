-- The state's allocator keeps freed small blocks for the next request of their exact size
-- (csrc/lmemory.c, pool_alloc): a block handed out must be the size asked for, or the
-- bytes after it (another object, or the heap's own bookkeeping) are overwritten.
local core = require("arbiter.core")
local H = require("helpers")

-- A string of n bytes, different for every (n, k): its bytes say what it must still be.
local function make(n, k)
  local head = string.format("%d:%d:", n, k)
  return (head .. string.rep(string.char(65 + (n + k) % 26), n)):sub(1, n + #head)
end

-- A table of n fields (its own block sizes: array and hash parts), checked by its values.
local function tab(n, k)
  local t = {}
  for i = 1, n do t[i] = i * k end
  for i = 1, n % 7 do t["f" .. i] = k - i end
  return t
end

local function tab_ok(t, n, k)
  for i = 1, n do if t[i] ~= i * k then return false end end
  for i = 1, n % 7 do if t["f" .. i] ~= k - i then return false end end
  return true
end

describe("the allocator's kept blocks", function()
  it("are reused by size and every object keeps its bytes", function()
    if core._pool_kept() == nil then return end   -- LuaJIT: no pool
    local live, tabs = {}, {}
    for k = 1, 3000 do
      local n = 1 + (k * 37) % 480
      live[k] = make(n, k)
      tabs[k] = tab(1 + k % 40, k)
    end
    for k = 1, 3000, 2 do live[k], tabs[k] = nil, nil end
    collectgarbage()
    collectgarbage()
    local kept = core._pool_kept()
    assert.is_true(kept > 0)
    for k = 1, 3000, 2 do              -- the same sizes again: taken from what is kept
      local n = 1 + (k * 37) % 480
      live[k] = make(n, k + 1)
      tabs[k] = tab(1 + k % 40, k + 1)
    end
    assert.is_true(core._pool_kept() < kept)
    for k = 1, 3000 do
      local n, kk = 1 + (k * 37) % 480, k % 2 == 1 and k + 1 or k
      assert.are.equal(make(n, kk), live[k])
      assert.is_true(tab_ok(tabs[k], 1 + k % 40, kk))
    end
  end)

  it("gives nothing back to Lua's count: collectgarbage counts what Lua holds", function()
    if core._pool_kept() == nil then return end
    collectgarbage()
    local before = collectgarbage("count")
    local made = 0
    do local t = {} for i = 1, 2000 do t[i] = { i } made = made + #t[i] end end
    assert.are.equal(2000, made)
    collectgarbage()
    collectgarbage()
    assert.is_true(collectgarbage("count") < before + 8)
    assert.is_true(core._pool_kept() > 0)
  end)

  it("are not kept when the host asked to keep its allocator (registry \"arbiter.keep_allocator\")", function()
    if core._pool_kept() == nil then return end
    local cpath = H.cpath_of("lua5.4")
    if not cpath then return end
    local kept = tonumber(H.run_on("lua5.4", "spec/alloc_pool_opt.lua pool", cpath))
    assert.is_true(kept ~= nil and kept > 0)
    assert.are.equal("none", H.run_on("lua5.4", "spec/alloc_pool_opt.lua keep", cpath))
  end)
end)
