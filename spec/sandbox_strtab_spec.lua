-- The interpreter's own growth is not a card script's doing: a script's budget counts what its
-- code allocates, not the string table the interpreter grows while the script's call is open (on
-- Lua 5.1 and LuaJIT a new block, the old one freed: without allocation tags the allocator
-- can't tell it from the script's own). Here the string table is brought near a growth by
-- strings made outside, then a script makes a few more: the growth, over the script's whole
-- memory budget, happens inside its call.
local H = require("helpers")
local arbiter = H.arbiter

local BUDGET = 64 * 1024
local OPTS = { name = "strings", instructions = 10 ^ 6, memory = BUDGET, lifetime_memory = BUDGET }

local function bytes() return collectgarbage("count") * 1024 end

-- The script makes `n` distinct strings (tag .. i), keeping only the last; `keep` more keeps
-- them all in a table that outgrows the budget.
local SRC = [[
  return function(_, tag, n, keep)
    local last, t = nil, {}
    for i = 1, n do
      last = tag .. i
      if keep then t[i] = { last, last, last, last } end
    end
    return last
  end
]]

-- With the collector stopped, makes distinct strings until two growths of the string table
-- are seen, the second one at least `min` bytes; then makes strings up to `margin` short of
-- the next growth (the table doubles: twice as many strings as between the two). One new
-- string an iteration (string.format makes no other), so iterations count strings.
local function near_growth(prefix, min, margin)
  local i, at = 0, nil
  while true do
    i = i + 1
    local b = bytes()
    local _ = string.format("%s%d", prefix, i)
    local jump = bytes() - b
    if jump >= min / 2 then
      if at and jump >= min then break end
      at = i
    end
  end
  for k = 1, 2 * (i - at) - margin do local _ = string.format("%s+%d", prefix, k) end
end
-- LuaJIT: a compiled loop's traces would be heap growth too
require("arbiter.compat").nojit(near_growth)

describe("card-script budgets and the interpreter's string table", function()
  local serial = 0
  local function fresh(tag) serial = serial + 1 return tag .. serial .. "-" end

  -- Runs fn(tag) with the string table near a growth that must happen inside fn; returns
  -- fn's pcall results and how many bytes the heap grew during fn.
  local function at_growth(fn, tag)
    -- a collection halves the table when it is mostly empty: the last round's growths undone
    for _ = 1, 6 do collectgarbage("collect") end
    collectgarbage("stop")
    near_growth(fresh("outside-"), 2 * BUDGET, 20)
    local b = bytes()
    local res = { pcall(fn, tag) }
    local grown = bytes() - b
    collectgarbage("restart")
    return res, grown
  end

  it("a growth of the string table during a script's call is not charged to it", function()
    local g = H.game{ seed = 3 }
    local f = arbiter.load_script(SRC, OPTS)
    for round = 1, 3 do
      local tag = fresh("script-")
      local res, grown = at_growth(function(t) return f(g, t, 400) end, tag)
      assert.is_true(res[1], tostring(res[2]))
      assert.are.equal(tag .. 400, res[2])
      -- the table grew inside the call, by more than the script's whole budget
      assert.is_true(grown > BUDGET, "round " .. round .. ": the heap grew " .. grown .. " bytes")
    end
    -- and the script keeps none of it (its lifetime budget is its call budget here)
    assert.are.equal("x1", f(g, "x", 1))
  end)

  it("a script over its budget is still refused when the string table grows in its call", function()
    local g = H.game{ seed = 3 }
    local f = arbiter.load_script(SRC, OPTS)
    local res = at_growth(function(t) return f(g, t, 4000, true) end, fresh("big-"))
    assert.is_false(res[1])
    assert.truthy(tostring(res[2]):find("exceeded its memory budget of " .. BUDGET, 1, true), res[2])
    local ok, err = pcall(f, g, fresh("big-"), 4000, true)
    assert.is_false(ok)
    assert.truthy(tostring(err):find("exceeded its memory budget", 1, true), err)
    assert.are.equal("y1", f(g, "y", 1))
  end)
end)

-- The probe that finds the string table's block (csrc/lsandbox_mem.c, 5.1 and LuaJIT: no
-- allocation tags) makes strings until the table grows by its pattern; on a VM whose table
-- grows otherwise it gives up after two growths it didn't know, not after 2^22 strings. A
-- probe looking for a table that grows 3 times stands for such a VM (core._sandbox_probe).
describe("the string table probe is bounded", function()
  local core = require("arbiter.core")
  local function sandboxed()                       -- the sandbox is installed with a first script
    arbiter.load_script("return function() return 1 end", OPTS)
  end

  it("on Lua 5.2+ there is none (allocation tags); on 5.1 and LuaJIT it found the table", function()
    sandboxed()
    local found, made, missed = core._sandbox_probe()
    if found == nil then
      assert.is_true(_VERSION ~= "Lua 5.1", "Lua 5.1 and LuaJIT probe the string table")
      return
    end
    assert.same({ true, 0 }, { found, missed })
    assert.is_true(made >= 1 and made < 2 ^ 22)
  end)

  it("a table that grows otherwise: it stops after two growths it didn't know, then finds the real one again", function()
    sandboxed()
    if core._sandbox_probe() == nil then return end   -- 5.2+: no probe
    local found, made, missed = core._sandbox_probe(3)
    assert.same({ false, 2 }, { found, missed })
    -- two doublings of a table that holds the state's strings: far below the old 2^22
    assert.is_true(made < 2 ^ 20, "made " .. made .. " strings")
    found, made, missed = core._sandbox_probe(2)
    assert.same({ true, 0 }, { found, missed })
    assert.is_true(made < 2 ^ 20, "made " .. made .. " strings")
  end)
end)
