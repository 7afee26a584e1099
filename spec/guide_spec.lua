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


describe("docs/GUIDE.md, 'Writing cards: five Alpha cards, step by step'", function()
  local list = blocks("Writing cards: five Alpha cards, step by step")
  local env

  it("has five steps, one a card of the Alpha set, of the set's own name and characteristics", function()
    assert.are.equal(5, #list)
    env = run(list)
    local alpha = require("arbiter.sets.alpha")
    for _, name in ipairs({ "bears", "bolt", "elves", "holy", "ankh" }) do
      local mine = env[name]
      local set = alpha[mine.name]
      assert.is_table(set, mine.name .. " is a card of the Alpha set")
      for _, field in ipairs({ "cost", "power", "toughness", "enchant" }) do
        assert.are.equal(set[field], mine[field], mine.name .. "." .. field)
      end
      assert.are.same(set.types, mine.types, mine.name)
      assert.are.same(set.targets, mine.targets, mine.name)
    end
  end)

  -- each step's card played as the set's own file: the same outcome (the guide teaches the set)
  it("each step's outcome is what the set's own card gives (the walk-through run with the set's cards)", function()
    local alpha = require("arbiter.sets.alpha")
    local env2 = setmetatable({ arbiter = require("arbiter") }, { __index = _G })
    -- run the blocks with arbiter.card answering the set's definition of the same name
    local A = require("arbiter")
    local fake = setmetatable({ card = function(spec)
      return alpha[spec.name] or A.card(spec)
    end }, { __index = A })
    env2.arbiter = fake
    run(list, env2)
    assert.are.equal(alpha["Lightning Bolt"], env2.bolt)
    assert.are.equal(env.ann.life, env2.ann.life)
    assert.are.equal(env.bear.power, env2.bear.power)
    assert.are.equal(env.g:state_hash(), env2.g:state_hash())
  end)

  it("each step fails when the card is wrong: a Bolt dealing 2 breaks step 2's check", function()
    local broken = {}
    for i, b in ipairs(list) do broken[i] = b end
    broken[2] = broken[2]:gsub("obj%.targets%[1%], 3%)", "obj.targets[1], 2)")
    assert.has_error(function() run(broken) end)
  end)
end)
