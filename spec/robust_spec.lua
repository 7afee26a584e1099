-- Robustness of the binding: every public Game, Card, Zone and Player function called many
-- times with arguments drawn from a pool of wrong and right values (nil, numbers, strings,
-- tables, functions, cards/players/zones of this and of another game, handles). Each call
-- either works or raises a Lua error; a raising call leaves the game as it was (422). A crash
-- (a C read of a bad value) fails the whole run, and under `make asan` / `make valgrind` any
-- invalid access does. Found: bear.tap(5) read the user value of a number (segfault).
local H = require("helpers")
local arbiter = H.arbiter

local function pool_of(s)
  local g2 = s.g2
  return {
    nil, true, false, 0, 1, 3, -1, 2.5, 1000, "", "Ann", "draw", "hand", "flying", "battlefield",
    {}, { 1, 2 }, { owner = s.ann }, { event = "draw", replace = function() end },
    function() end, function() error("pool") end,
    s.g, g2, s.ann, s.bob, s.x, s.bear, s.bbear, s.c, s.other,
    s.ann.hand, s.ann.library, s.g.battlefield, g2.battlefield, s.handle, H.bear, H.plain,
  }
end

local function setup(seed)
  local g, ann, bob = H.game{ seed = seed }
  H.deck(g, ann, 6); H.deck(g, bob, 6)
  local s = { g = g, ann = ann, bob = bob }
  s.c = g:create(H.plain, { owner = ann, zone = "hand" })
  s.bear = g:create(H.bear, { owner = ann, zone = "battlefield" })
  s.bbear = g:create(H.bear, { owner = bob, zone = "battlefield" })
  s.g2 = arbiter.new_game{ players = { "Xena", "Yuri" }, seed = seed }
  s.x = s.g2.players[1]
  s.other = s.g2:create(H.bear, { owner = s.x, zone = "battlefield" })
  s.handle = g:on("draw", function() end)
  return s
end

-- methods that can't fail on their arguments or would block on them are left out
local skip = { play_turn = true, loop = true, load_script = true, start = true }

local function methods(s)
  local out = {}
  for name in pairs(require("arbiter.core").game_methods()) do
    if not name:find("^_") and not skip[name] then out[#out + 1] = { "game", name } end
  end
  for _, name in ipairs({ "has", "count", "grant", "revoke", "tap", "untap", "abilities" }) do
    out[#out + 1] = { "card", name }
  end
  for _, name in ipairs({ "cards", "top", "bottom" }) do out[#out + 1] = { "zone", name } end
  table.sort(out, function(a, b) return a[1] .. a[2] < b[1] .. b[2] end)
  return out
end

describe("the binding under random arguments", function()
  it("every call works or raises; a raising call changes nothing; nothing crashes", function()
    local rng, calls, raised = tonumber(os.getenv("ARBITER_ROBUST_SEED")) or 12345, 0, 0
    local function rand(n)  -- rng = (rng * 1103515245 + 12345) mod 2^31, exact in a double
      rng = ((rng * 16838 % 32768) * 65536 + rng * 20077 + 12345) % 2147483648
      return math.floor(rng / 4096) % n + 1
    end
    local s = setup(7)
    local list = methods(s)
    for round = 1, tonumber(os.getenv("ARBITER_ROBUST_ROUNDS")) or 6 do
      s = setup(round)
      local pool = pool_of(s)
      local npool = 37
      for _, m in ipairs(list) do
        for _ = 1, 8 do
          local args = {}
          local nargs = rand(4) - 1
          for i = 1, nargs do args[i] = pool[rand(npool)] end
          local self = m[1] == "game" and s.g or m[1] == "card" and s.bear or s.ann.hand
          local f = self[m[2]]
          if rand(4) == 1 then self = pool[rand(npool)] end      -- g.draw(x) for g:draw(x)
          local before, hist = s.g:state_hash(true), s.g:history_length()
          local ok = pcall(f, self, require("arbiter.compat").unpack(args, 1, nargs))
          calls = calls + 1
          if not ok then
            raised = raised + 1
            assert.are.equal(before, s.g:state_hash(true), m[2] .. " raised and changed the game")
            assert.are.equal(hist, s.g:history_length(), m[2] .. " raised and left history")
          end
          -- field reads and writes with random keys and values
          local k, v = pool[rand(npool)], pool[rand(npool)]
          pcall(function() return s.bear[k], s.ann[k], s.ann.hand[k], s.g[k] end)
          before = s.g:state_hash(true)
          if not pcall(function() s.bear[k] = v end) then assert.are.equal(before, s.g:state_hash(true)) end
          if not pcall(function() s.ann[k] = v end) then assert.are.equal(before, s.g:state_hash(true)) end
        end
      end
    end
    -- leave no garbage: a later sandbox budget counts memory net of frees (the last games die
    -- here; a dead game's finalizer frees its core blocks, collected in the next cycle)
    s = nil
    for _ = 1, 3 do collectgarbage() end
    assert.is_true(calls > 1000)
    assert.is_true(raised > 100 and raised < calls)   -- both paths were taken
  end)
end)
