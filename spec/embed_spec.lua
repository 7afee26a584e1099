-- examples/embed/: arbiter embedded in C hosts (a lua_State per host, C agents; the engine in
-- a worker thread answered over channels by a UI loop) and the single-threaded replay host.
-- Determinism (same seed + same calls + same answers => same game) ties them together: the
-- hosts must end in the same state hash as the same game played in-process.
local LUA = require("arbiter.compat").interpreter   -- the Lua running the specs
local arbiter = require("arbiter")

-- The C hosts are built for every Lua of make test-all (build/lua/<interpreter>/embed/, linked
-- with that Lua, loading that Lua's module through ARBITER_CPATH): under another Lua than 5.4 the
-- specs run those, so a C host embedding LuaJIT or 5.1 plays the same games.
local DIR = os.getenv("ARBITER_ALL_LUAS") and "build/lua/" .. LUA .. "/embed/" or "build/embed/"
local function sh(cmd)
  cmd = cmd:gsub("^%./build/embed/", "./" .. DIR)
  local p = assert(io.popen(cmd .. " 2>/dev/null"))
  local out = p:read("*a")
  local ok, _, code = p:close()
  return out, ok and 0 or code
end

-- make embed-build (a no-op when up to date), without the sanitizer runtime that `make asan`
-- preloads into the specs
local function built()
  local targets = "embed-build"
  if DIR ~= "build/embed/" then targets = DIR .. "host " .. DIR .. "threaded " .. DIR .. "driven" end
  local r = os.execute("env -u LD_PRELOAD make -s " .. targets .. " >/dev/null 2>&1")
  return r == true or r == 0                     -- 5.1 and LuaJIT return the status code
end

local play = dofile("examples/embed/game.lua")

-- The C host's agent (host.c), in Lua: attack and block with the most creatures.
local c_agent = {
  may = function() return false end,
  choose = function(_, what, options)
    if what ~= "attack" and what ~= "block" then return options[1] end
    local best, most = options[1], -1
    for _, o in ipairs(options) do
      local n = 0
      for _ in pairs(o) do n = n + 1 end
      if n > most then best, most = o, n end
    end
    return best
  end,
}

describe("embedding arbiter in a C host", function()
  setup(function() assert.truthy(built(), "make embed-build failed") end)

  it("host.c: a lua_State of its own, C agents, a whole game to a result", function()
    local out, code = sh("./build/embed/host . 1")
    assert.equal(0, code)
    assert.matches("host: arbiter %d+%.%d+%.%d+", out)
    assert.matches("[C agent] Ann may mulligan? no", out, 1, true)
    local summary, hash = play(arbiter, { agents = { c_agent, c_agent }, seed = 1, log = function() end })
    assert.matches(" wins on turn ", summary, 1, true)
    assert.matches("host: the game is over: " .. summary:gsub("%p", "%%%0") .. " %(state hash " .. hash .. "%)", out)
  end)

  it("threaded.c: the engine thread's questions are answered by the UI loop over channels", function()
    local out, code = sh("./build/embed/threaded . 4")
    assert.equal(0, code)
    assert.matches("UI: Ann, mulligan? (keep 7, ", out, 1, true)
    assert.matches("%-> yes\n", out)                          -- seed 4: the UI takes a mulligan
    assert.matches("UI: %a+ chooses bottom among 7:", out)    -- London: one card to the bottom
    assert.matches("UI: %a+ chooses attack among %d+:", out)
    assert.matches("  | turn 1, ", out, 1, true)              -- the engine's log, relayed
    assert.matches("UI: game over: %a+ wins on turn %d+ .- %(state hash %x+%)\n$", out)
  end)

  it("driven.c: one thread, the host driver from C, plays the same game as the threaded host", function()
    for _, seed in ipairs({ 4, 7 }) do
      local threaded = sh("./build/embed/threaded . " .. seed)
      local driven, code = sh("./build/embed/driven . " .. seed)
      assert.equal(0, code)
      assert.matches("UI: game over: %a+ wins on turn %d+ .- %(state hash %x+%)\n$", driven)
      assert.matches("UI: %a+ chooses attack among %d+:", driven)
      assert.equal(threaded, driven)
    end
  end)

  it("the replay host (one thread) plays the same game as the threaded one", function()
    local threaded = sh("./build/embed/threaded . 4")
    local replay, code = sh(LUA .. " examples/embed/replay.lua 4")
    assert.equal(0, code)
    local first, rest = replay:match("^([^\n]*)\n(.*)$")
    -- (5.1 and LuaJIT say "across metamethod/C-call boundary")
    assert.matches("^coroutine agent: fails: .*attempt to yield across .*C%-call boundary$", first)
    assert.equal(threaded, rest)
  end)

  it("an agent can't yield out of an API call; the call is undone (so: threads or replay)", function()
    local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1 }
    local ann = g.players[1]
    for i = 1, 3 do g:create(arbiter.card{ name = "C" .. i, types = { "Sorcery" } }, { owner = ann, zone = "hand" }) end
    g:set_agent(ann, { choose = function(_, _, options) return coroutine.yield(options) end })
    local h = g:state_hash()
    local ok, err = coroutine.resume(coroutine.create(function() return g:discard(ann, 1) end))
    assert.is_false(ok)
    assert.matches("attempt to yield across .*C%-call boundary", err)
    assert.equal(3, #ann.hand)
    assert.equal(h, g:state_hash())
  end)
end)
