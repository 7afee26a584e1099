-- spec/helpers.lua — shared set-up for the specs.
local arbiter = require("arbiter")

local H = { arbiter = arbiter }

H.plain = arbiter.card{ name = "Plain Card", types = { "Sorcery" } }
H.bear = arbiter.card{ name = "Grizzly Bears", types = { "Creature" }, subtypes = { "Bear" },
  colors = { "green" }, power = 2, toughness = 2 }

-- A two-player game Ann (active) vs Bob unless opts say otherwise.
-- opts.decks = n also puts n plain cards in each player's library (H.deck); the other
-- fields go to arbiter.new_game.
function H.game(opts)
  opts = opts or {}
  local decks = opts.decks
  local o = {}
  for k, v in pairs(opts) do if k ~= "decks" then o[k] = v end end
  if not o.players and not o.teams then o.players = { "Ann", "Bob" } end
  if o.seed == nil then o.seed = 1 end
  local g = arbiter.new_game(o)
  if decks then for _, p in ipairs(g.players) do H.deck(g, p, decks) end end
  return g, g.players[1], g.players[2], g.players[3], g.players[4]
end

-- The number of random boards or seeds a differential spec plays: n, or n / ARBITER_SPEC_SHARE
-- (make valgrind plays a quarter of them: every board is played natively, on five VMs and under
-- ASan; memcheck needs the code paths, not every board).
local share = tonumber(os.getenv("ARBITER_SPEC_SHARE") or "") or 1
function H.seeds(n) return math.max(1, math.ceil(n / share)) end
-- A count the spec expects of its boards (n of them all), scaled the same way and halved again
-- when shared (fewer boards vary more).
function H.part(n) return share == 1 and n or n / share / 2 end

-- A permanent of def for p on the battlefield, able to attack and tap.
function H.bf(g, def, p) return g:create(def, { owner = p, zone = "battlefield", sick = false }) end

-- Creates cards named prefix1..prefixN in p's library, in list order
-- (so prefix1 is on top). Returns them as an array.
function H.deck(g, p, n, prefix)
  prefix = prefix or (p.name .. "-")
  local out = {}
  for i = 1, n do
    out[i] = g:create(arbiter.card{ name = prefix .. i, types = { "Sorcery" } }, { owner = p })
  end
  return out
end

-- Cards in p's hand, from a zone: names in zone order.
function H.names(list)
  local out = {}
  for i, c in ipairs(list) do out[i] = c.name end
  return out
end

-- Events of one type in the history (all when t is nil).
function H.events(g, t)
  local out = {}
  for _, ev in ipairs(g:history()) do
    if t == nil or ev.type == t then out[#out + 1] = ev end
  end
  return out
end

-- The sources that made mana, in the order the history's "mana" events name them (their ids),
-- and p's pool last: what two ways of paying must agree on.
function H.mana_taps(g, p)
  local out = {}
  for _, ev in ipairs(H.events(g, "mana")) do out[#out + 1] = ev.card and ev.card.id or "-" end
  local m = p.mana
  out[#out + 1] = table.concat({ m.white, m.blue, m.black, m.red, m.green, m.colorless }, " ")
  return out
end

-- Names of the player in each event of type t, in order.
function H.event_players(g, t)
  local out = {}
  for _, ev in ipairs(H.events(g, t)) do out[#out + 1] = ev.player.name end
  return out
end

function H.contains(list, x)
  for _, v in ipairs(list) do if v == x then return true end end
  return false
end

-- ---------------------------------------------------------------- every Lua (issue 16.1)
-- The Luas a script can be played on in a fresh process: each installed one that has its build
-- of the module (`make test-all` makes them all: build/lua/<lua>/arbiter/core.so; `make test`
-- has 5.4's own build/arbiter/core.so).
H.LUAS = { "lua5.1", "lua5.2", "lua5.3", "lua5.4", "luajit" }

local function exists(path)
  local f = io.open(path)
  if f then f:close() end
  return f ~= nil
end

-- The cpath of lua's build of the module, or nil.
function H.cpath_of(lua)
  if exists("build/lua/" .. lua .. "/arbiter/core.so") then return "build/lua/" .. lua .. "/?.so" end
  if lua == "lua5.4" and exists("build/arbiter/core.so") then return "build/?.so" end
  return nil
end

local function installed(lua)
  local r = os.execute("command -v " .. lua .. " >/dev/null 2>&1")
  return r == true or r == 0                           -- 5.2+: true; 5.1: the status
end

-- What `lua script cpath` prints (stdout and stderr): the script plays with that build.
function H.run_on(lua, script, cpath)
  local p = assert(io.popen(lua .. " " .. script .. " '" .. cpath .. "' 2>&1"))
  local out = p:read("*a")
  p:close()
  return out
end

-- Runs script on every Lua that can play it: fn(lua, output) for each; returns their names
-- joined by spaces (under `make test-all`, ARBITER_ALL_LUAS, they must be all of H.LUAS).
function H.on_every_lua(script, fn)
  local ran = {}
  for _, lua in ipairs(H.LUAS) do
    local cpath = H.cpath_of(lua)
    if cpath and installed(lua) then
      fn(lua, H.run_on(lua, script, cpath))
      ran[#ran + 1] = lua
    end
  end
  return table.concat(ran, " ")
end

-- Ann's and Bob's six-card libraries and a bear each on the battlefield (atomic_spec,
-- state_hash_spec): g, ann, bob, ann's bear, bob's bear, ann's deck.
function H.board(seed)
  local g, ann, bob = H.game{ seed = seed or 5 }
  local deck = H.deck(g, ann, 6)
  H.deck(g, bob, 6)
  local bear = g:create(H.bear, { owner = ann, zone = "battlefield" })
  local bear2 = g:create(H.bear, { owner = bob, zone = "battlefield" })
  return g, ann, bob, bear, bear2, deck
end

-- The script (Lua source) written to a temporary file and run in two fresh processes of the Lua
-- running the specs (each with its own string hash seed): both outputs, and the file's path
-- (the caller removes it).
function H.run_twice(script)
  local name = os.tmpname()
  local f = assert(io.open(name, "w"))
  f:write(script)
  f:close()
  local function run()
    local p = assert(io.popen(require("arbiter.compat").interpreter .. " " .. name .. " 2>&1"))
    local out = p:read("*a")
    p:close()
    return out
  end
  return run(), run(), name
end

-- How many times f is called while fn runs (a call hook; fn's error is raised).
function H.calls_of(f, fn)
  local n = 0
  debug.sethook(function() if debug.getinfo(2, "f").func == f then n = n + 1 end end, "c")
  local ok, err = pcall(fn)
  debug.sethook()
  assert(ok, err)
  return n
end

-- A combat declaration (attacker -> defender, or blocker -> list of attackers) copied, lists
-- too: what the general path gets where the solver's own table would take a fast path.
function H.copy_declaration(d)
  local out = {}
  for k, v in pairs(d) do
    if type(v) == "table" then
      local l = {}
      for i = 1, #v do l[i] = v[i] end
      v = l
    end
    out[k] = v
  end
  return out
end

return H
