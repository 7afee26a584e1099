-- A small busted-compatible spec runner for hosts without busted's C modules (lfs, term,
-- system): the Windows build under Wine runs the spec suite with it (`make windows-test`).
-- It gives the specs what they use of busted: describe, it, pending, setup, teardown (run once
-- around their block, as busted's), before_each and after_each (around each test of their
-- block and the blocks inside it: the outer block's befores first, its afters last), and
-- luassert (busted's assertions, pure Lua: found on LUASSERT_PATH). Like busted, it loads every
-- file first, then runs its tests in order, and gives each file its own global environment over
-- _G and forgets the modules it loaded.
-- usage: lua scripts/specrun.lua [--skip-list=FILE] spec/a_spec.lua spec/b_spec.lua ...
-- A skip list (scripts/wine_skip.txt) names, one a line, a spec file or "file: test name
-- prefix"; what it skips is counted and reported as skipped, never as passed.
-- Prints each failure, then "N passed, N failed" (", N skipped" for pending specs).
local luassert_path = os.getenv("LUASSERT_PATH") or "/usr/share/lua/5.4/?.lua;/usr/share/lua/5.4/?/init.lua"
package.path = "lua/?.lua;lua/?/init.lua;spec/?.lua;./?.lua;" .. luassert_path .. ";" .. package.path
local cpath = os.getenv("ARBITER_CPATH")
if cpath then package.cpath = cpath .. ";" .. package.cpath end

local files, skip, skip_tests = {}, {}, {}
for _, a in ipairs(arg) do
  local list = a:match("^%-%-skip%-list=(.*)$")
  if list then
    for line in io.lines(list) do
      local file, test = line:match("^([^#%s:]+):%s*(.-)%s*$")
      if file then skip_tests[#skip_tests + 1] = file .. " " .. test
      else file = line:match("^([^#%s]+)") if file then skip[file] = true end end
    end
  else files[#files + 1] = a end
end
local function skipped_test(name)
  for _, prefix in ipairs(skip_tests) do if name:sub(1, #prefix) == prefix then return true end end
  return false
end

-- the tree of one file: a block is {name, tests = {...}, setups, teardowns, befores, afters,
-- parent}; a test either {name, fn} or a nested block
local function new_block(name, parent)
  return { name = name, items = {}, setups = {}, teardowns = {}, befores = {}, afters = {}, parent = parent }
end

local passed, failed, skipped, failures = 0, 0, 0, {}
local current

local function dsl()
  local env = {}
  function env.describe(name, fn)
    local b = new_block(name, current)
    table.insert(current.items, b)
    local outer = current
    current = b
    fn()
    current = outer
  end
  function env.it(name, fn) table.insert(current.items, { name = name, fn = fn }) end
  function env.pending(name) table.insert(current.items, { name = name, pending = true }) end
  function env.setup(fn) table.insert(current.setups, fn) end
  function env.teardown(fn) table.insert(current.teardowns, fn) end
  function env.before_each(fn) table.insert(current.befores, fn) end
  function env.after_each(fn) table.insert(current.afters, fn) end
  env.lazy_setup, env.strict_setup = env.setup, env.setup
  env.lazy_teardown, env.strict_teardown = env.teardown, env.teardown
  return env
end

local function message(err)
  if type(err) == "table" then
    local ok, s = pcall(tostring, err)
    return ok and s or "an error object"
  end
  return tostring(err)
end

local function fail(path, err)
  failed = failed + 1
  failures[#failures + 1] = path .. "\n  " .. message(err)
end

-- a test of block b: the befores from the outermost block in, the test, the afters from the
-- innermost block out (each after runs whatever failed before it); the first error fails it
local function run_test(b, fn)
  local chain, x = {}, b
  while x do table.insert(chain, 1, x); x = x.parent end
  local ok, err = true, nil
  for _, block in ipairs(chain) do
    for _, f in ipairs(block.befores) do if ok then ok, err = xpcall(f, debug.traceback) end end
  end
  if ok then ok, err = xpcall(fn, debug.traceback) end
  for i = #chain, 1, -1 do
    for _, f in ipairs(chain[i].afters) do
      local ok2, err2 = xpcall(f, debug.traceback)
      if ok and not ok2 then ok, err = ok2, err2 end
    end
  end
  return ok, err
end

-- runs a block: its setups once, its items in order, its teardowns once; a failing setup
-- fails each of its tests
local function run_block(b, path)
  local ok, err = true, nil
  for _, s in ipairs(b.setups) do
    if ok then ok, err = xpcall(s, debug.traceback) end
  end
  for _, item in ipairs(b.items) do
    local name = path == "" and item.name or (path .. " " .. item.name)
    if item.items then run_block(item, name)
    elseif item.pending or skipped_test(name) then skipped = skipped + 1
    elseif not ok then fail(name, "setup failed: " .. message(err))
    else
      local ok2, err2 = run_test(b, item.fn)
      if ok2 then passed = passed + 1 else fail(name, err2) end
    end
  end
  for _, t in ipairs(b.teardowns) do
    local ok3, err3 = xpcall(t, debug.traceback)
    if not ok3 then fail(path .. " (teardown)", err3) end
  end
end

local assert_lib = require("luassert")
local spy, stub, mock = require("luassert.spy"), require("luassert.stub"), require("luassert.mock")
local base_loaded = {}
for k, v in pairs(package.loaded) do base_loaded[k] = v end

for _, file in ipairs(files) do
  if skip[file] then
    skipped = skipped + 1
    print("skipped " .. file .. " (whole file)")
  else
    -- as busted: the file's globals live in its own environment over _G (the DSL, luassert)
    local env = dsl()
    env.assert, env.spy, env.stub, env.mock = assert_lib, spy, stub, mock
    setmetatable(env, { __index = _G })
    current = new_block(file)
    local path, cpath_now = package.path, package.cpath
    local chunk, err = loadfile(file, "t", env)
    local ok = chunk ~= nil
    if ok then ok, err = xpcall(chunk, debug.traceback) end
    local before = passed
    if ok then run_block(current, file) else fail(file .. " (loading)", err) end
    if os.getenv("SPECRUN_COUNTS") then print(string.format("%s: %d passed", file, passed - before)) end
    -- insulate: the next file loads its modules afresh (arbiter too), as under busted, with
    -- the search paths as they were (a spec that points package.cpath at the Linux build)
    package.path, package.cpath = path, cpath_now
    for k in pairs(package.loaded) do
      if base_loaded[k] == nil then package.loaded[k] = nil end
    end
  end
end
for _, f in ipairs(failures) do print("FAILED " .. f) end
print(string.format("%d passed, %d failed%s", passed, failed, skipped > 0 and (", " .. skipped .. " skipped") or ""))
os.exit(failed == 0 and passed > 0 and 0 or 1)
