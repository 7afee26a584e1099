-- docs/GUIDE.md's code runs (issue 31 items 6 and 8): every ```lua block of the sections listed
-- here is run as it is written, in order within its section (a later step may use what an
-- earlier one defined), with `arbiter` required; a block that raises fails the spec.
local compat = require("arbiter.compat")

local function read(file)
  local f = assert(io.open(file))
  local s = f:read("*a")
  f:close()
  return s
end

local guide = read("docs/GUIDE.md")

-- the ```lua blocks of the section headed `title` (## or ###), in order
local function blocks(title)
  local start = guide:find("\n##+ " .. title:gsub("%p", "%%%0") .. "\n")
  assert(start, "docs/GUIDE.md has no section " .. title)
  local stop = guide:find("\n## ", start + 1) or #guide
  local out = {}
  for b in guide:sub(start, stop):gmatch("```lua\n(.-)```") do out[#out + 1] = b end
  return out
end

-- runs the blocks in one environment (globals shared from block to block); the environment
local function run(list, env)
  env = env or setmetatable({ arbiter = require("arbiter") }, { __index = _G })
  for i, code in ipairs(list) do
    local f = assert(compat.load("local arbiter = arbiter\n" .. code, "=GUIDE block " .. i, "t", env))
    f()
  end
  return env
end

describe("docs/GUIDE.md", function()
  it("'Recording and replay': the save and load example runs (arbiter.save / arbiter.load)", function()
    local list = blocks("Recording and replay (determinism)")
    assert.is_true(#list >= 1)
    run(list)
  end)
end)

