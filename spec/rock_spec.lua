-- The published rock (issue 17 item 2; named arbiter-rules, issue 31): the scm rockspec lists
-- every Lua module, every C source and every example card (scripts/rockspec.lua generates it
-- from the tree: a file added without `make rockspec` fails here); a release rockspec is written
-- only by `make release` (its source the tag v<VERSION>, which must exist: issue 31 item 2); the public module table carries no internal (underscore)
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

-- A rockspec's fields: it is a Lua file of assignments (or its text, with a name).
local function load_rockspec(file, text)
  local t = {}
  assert(require("arbiter.compat").load(text or read(file), "=" .. file, "t", t))()
  return t
end

local function sh(cmd)
  local p = assert(io.popen("(" .. cmd .. ") 2>&1; echo \"rc=$?\""))
  local out = p:read("*a")
  p:close()
  return out:match("rc=(%d+)%s*$") == "0", out
end

describe("the rock", function()
  local scm = gen.PACKAGE .. "-scm-1.rockspec"

  it("the rockspecs are the ones scripts/rockspec.lua makes from the tree (else: make rockspec)", function()
    local problems = gen.check()
    assert.are.same({}, problems, "run `make rockspec`: " .. table.concat(problems, "; "))
  end)

  it("arbiter.VERSION is the release rockspec's version, a semantic version", function()
    assert.truthy(arbiter.VERSION:match("^%d+%.%d+%.%d+$"), arbiter.VERSION)
    assert.are.equal(arbiter.VERSION, gen.version())
    local r = load_rockspec(gen.release(arbiter.VERSION))
    assert.are.equal("arbiter-rules", r.package)   -- LuaRocks' "arbiter" is another rock
    assert.are.equal(arbiter.VERSION .. "-1", r.version)
    assert.are.equal("v" .. arbiter.VERSION, r.source.tag)
    assert.truthy(r.source.url:match("^git%+https://.+%.git$"), r.source.url)
    assert.are.equal("MIT", r.description.license)
    local s = load_rockspec(scm)
    assert.are.equal("scm-1", s.version)
    assert.are.equal(r.source.url, s.source.url)
    assert.are.equal("main", s.source.branch)
    assert.are.same(s.build, r.build)
    assert.are.equal("LUA_BUILD_AS_DLL", s.build.platforms.windows.modules["arbiter.core"].defines[1])
  end)

  it("installs the command line bin/arbiter (issue 31 item 7)", function()
    local s = load_rockspec(scm)
    assert.are.same({ arbiter = "bin/arbiter" }, s.build.install.bin)
    assert.truthy(read("bin/arbiter"):match("^#!/usr/bin/env lua\n"))
  end)

  -- issue 31 item 2: Windows and macOS entries (as luasocket's and luasystem's), merged the way
  -- LuaRocks merges a platform's overrides (luarocks.core.util.deep_merge, rockspecs.lua): the
  -- core keeps every source and gets the platform's defines only.
  it("the platforms section builds the same core on Windows and macOS (LuaRocks' platform merge)", function()
    local ok, util = pcall(require, "luarocks.core.util")
    if not ok then pending("LuaRocks' modules are not on this Lua's path") return end
    local s = load_rockspec(scm)
    local n = #s.build.modules["arbiter.core"].sources
    local want = { windows = { "LUA_BUILD_AS_DLL" }, macosx = {} }
    for _, plat in ipairs({ "windows", "macosx" }) do
      local b = load_rockspec(scm).build
      assert.is_table(b.platforms[plat], plat .. " entry")
      util.deep_merge(b, b.platforms[plat])
      local core = b.modules["arbiter.core"]
      assert.are.equal(n, #core.sources, plat)
      assert.are.same({ "csrc" }, core.incdirs)
      assert.are.same(want[plat], core.defines or {}, plat)
      assert.are.equal("lua/arbiter/init.lua", b.modules.arbiter)
    end
  end)

  it("every lua/arbiter module, every csrc/*.c and every example card is in the rockspec", function()
    local r = load_rockspec(scm)
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
    local r = load_rockspec(scm)
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

  it("every release rockspec in the tree names a tag this repository has (make release makes both)", function()
    for _, r in ipairs(gen.releases()) do
      local spec = load_rockspec(r[1])
      assert.are.equal("v" .. r[2], spec.source.tag, r[1])
      assert.is_true((sh("git rev-parse -q --verify refs/tags/v" .. r[2])), r[1] .. ": no tag v" .. r[2])
    end
  end)

  it("make release VERSION=x.y.z: VERSION, the CHANGELOG heading, the release rockspec, the tag", function()
    local tmp = os.tmpname()
    os.remove(tmp)
    -- this checkout's files (uncommitted changes too) in a fresh repository
    local ok, out = sh("mkdir -p " .. tmp .. " && git ls-files -co --exclude-standard -z | " ..
      "xargs -0 -r cp -P --parents -t " .. tmp .. " 2>/dev/null; cd " .. tmp ..
      " && git init -q -b main && git add -A && git -c user.name=t -c user.email=t@localhost commit -q -m base" ..
      " && make -s release VERSION=9.8.7 LUA=lua5.4 GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@localhost" ..
      " GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@localhost")
    local function at(cmd) return select(2, sh("cd " .. tmp .. " && " .. cmd)) end
    local ok2, bad = pcall(function()
      assert.is_true(ok, out)
      assert.truthy(at("cat lua/arbiter/init.lua"):find('VERSION = "9.8.7"', 1, true))
      assert.truthy(at("cat CHANGELOG.md"):find("\n## 9%.8%.7 %(%d%d%d%d%-%d%d%-%d%d%)\n"))
      local spec = load_rockspec("r", at("git show v9.8.7:" .. gen.PACKAGE .. "-9.8.7-1.rockspec"):gsub("rc=0%s*$", ""))
      assert.are.equal("9.8.7-1", spec.version)
      assert.are.equal("v9.8.7", spec.source.tag)
      assert.truthy(at("git log -1 --format=%s v9.8.7"):find("Release 9.8.7", 1, true))
      assert.truthy(at("lua5.4 scripts/rockspec.lua check"):find("rc=0", 1, true))
      -- a release rockspec without its tag fails the check; a second release of 9.8.7 is refused
      assert.truthy(at("git tag -d v9.8.7 >/dev/null && lua5.4 scripts/rockspec.lua check")
        :find("names the tag v9.8.7, which this repository doesn't have", 1, true))
      assert.truthy(at("git tag v9.8.7 && make -s release VERSION=9.8.7"):find("the tag v9.8.7 exists already", 1, true))
      assert.truthy(at("make -s release VERSION=1.2"):find("VERSION=x.y.z expected", 1, true))
    end)
    os.execute("rm -rf " .. tmp)
    assert(ok2, bad)
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
