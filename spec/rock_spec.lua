-- The published rock (issue 17 item 2): the rockspecs list every Lua module, every C source
-- and every example card (scripts/rockspec.lua generates them from the tree: a file added
-- without `make rockspec` fails here); the release rockspec's version is arbiter.VERSION and
-- its source is the tag v<VERSION>; the public module table carries no internal (underscore)
-- fields; LICENSE and CHANGELOG.md are there and agree. `make rock` packs and installs the rock
-- offline in a temporary tree (scripts/rock.sh).
local arbiter = require("arbiter")
local gen = dofile("scripts/rockspec.lua")

local function read(file)
  local f = assert(io.open(file))
  local s = f:read("*a")
  f:close()
  return s
end

-- A rockspec's fields: it is a Lua file of assignments.
local function load_rockspec(file)
  local t = {}
  assert(require("arbiter.compat").load(read(file), "=" .. file, "t", t))()
  return t
end

describe("the rock", function()
  local release = gen.PACKAGE .. "-" .. arbiter.VERSION .. "-1.rockspec"

  it("the rockspecs are the ones scripts/rockspec.lua makes from the tree (else: make rockspec)", function()
    local problems = gen.check()
    assert.are.same({}, problems, "run `make rockspec`: " .. table.concat(problems, "; "))
  end)

  it("arbiter.VERSION is the release rockspec's version, a semantic version", function()
    assert.truthy(arbiter.VERSION:match("^%d+%.%d+%.%d+$"), arbiter.VERSION)
    assert.are.equal(arbiter.VERSION, gen.version())
    local r = load_rockspec(release)
    assert.are.equal("arbiter-rules", r.package)   -- LuaRocks' "arbiter" is another rock
    assert.are.equal(arbiter.VERSION .. "-1", r.version)
    assert.are.equal("v" .. arbiter.VERSION, r.source.tag)
    assert.truthy(r.source.url:match("^git%+https://.+%.git$"), r.source.url)
    assert.are.equal("MIT", r.description.license)
    local scm = load_rockspec(gen.PACKAGE .. "-scm-1.rockspec")
    assert.are.equal("scm-1", scm.version)
    assert.are.equal(r.source.url, scm.source.url)
    assert.are.equal("main", scm.source.branch)
  end)

  it("every lua/arbiter module, every csrc/*.c and every example card is in the rockspec", function()
    local r = load_rockspec(release)
    local mods = r.build.modules
    local p = assert(io.popen("find lua/arbiter examples/cards -maxdepth 1 -name '*.lua'; ls csrc/*.c"))
    local n = 0
    local sources = {}
    for _, f in ipairs(mods["arbiter.core"].sources) do sources[f] = true end
    for file in p:lines() do
      n = n + 1
      if file:match("%.c$") then
        assert.is_true(sources[file] == true, file .. " is not among arbiter.core's sources")
      else
        local found = false
        for _, v in pairs(mods) do found = found or v == file end
        assert.is_true(found, file .. " is not a module of the rockspec")
      end
    end
    p:close()
    assert.is_true(n > 40)
    assert.are.equal("examples/cards/lure.lua", mods["arbiter.cards.lure"])
    assert.are.equal("lua/arbiter/init.lua", mods["arbiter"])
  end)

  it("every Lua module of the rockspec loads (cards as arbiter.cards.*)", function()
    local r = load_rockspec(release)
    for name, file in pairs(r.build.modules) do
      if type(file) == "string" then
        local chunk = assert(loadfile(file))
        if name:match("^arbiter%.cards%.") then
          local card = chunk()
          assert.are.equal("table", type(card), name)
          assert.is_true(arbiter.is_card_definition(card.def), name .. ": def")
        else
          assert.truthy(require(name), name)
        end
      end
    end
  end)

  it("the public module table has no internal (underscore) fields; the modules share them in arbiter.internal", function()
    for k in pairs(arbiter) do
      assert.is_false(type(k) == "string" and k:sub(1, 1) == "_", "arbiter." .. tostring(k) .. " is internal")
    end
    local internal = require("arbiter.internal")
    assert.are.equal("function", type(rawget(internal, "_atomic")))
    assert.are.equal("function", type(rawget(internal, "_ask_choose")))
    assert.are.equal(arbiter.new_game, internal.new_game)     -- the modules' view reads through
  end)

  it("LICENSE is MIT, as Lua's; CHANGELOG.md opens with this version", function()
    local license = read("LICENSE")
    assert.truthy(license:find("MIT License", 1, true))
    assert.truthy(license:find("Permission is hereby granted, free of charge", 1, true))
    local changelog = read("CHANGELOG.md")
    local first = changelog:match("\n## %[?(%d+%.%d+%.%d+)")
    assert.are.equal(arbiter.VERSION, first)
  end)
end)
