-- arbiter.influence — whom a player may attack and affect in a multiplayer game (CompRules
-- 2005-2008: 601 limited range of influence, 604 attack left and attack right, 607 the Emperor
-- variant's adjacent attacks, per-player ranges and teams; csrc/influence.c holds the one check
-- that combat, targets and these functions share). Game options:
--   arbiter.new_game{..., attack = "left" | "right" | "adjacent" | "any", range = n | {name = n},
--                    allies = {{names}, ...}}
--   g:opponents(p)     p's opponents still in the game within its range, in turn order from p:
--                      whom "each opponent" affects (601)
--   g:in_range(p, x)   whether player x, or the controller of permanent x, is within p's range
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions (internal.lua)
local core = require("arbiter.core")
local check = require("arbiter.check")
local fail, describe = check.fail, check.describe

local DIRS = { any = 0, left = 1, right = 2, adjacent = 3 }

return function(arbiter, Game)
  local env = arbiter._env

  local function range_of(v, what)
    local n = check.integer(v)
    if not n or n < 1 then
      fail("new_game", 1, what .. " must be an integer of at least 1 (601: the seats a player reaches), got " ..
        describe(v), 4)
    end
    return n
  end

  -- range = n for every player, or {name = n, ...} naming each player: index -> n (0: unlimited)
  local function ranges(opts, names)
    if opts.range == nil then return 0 end
    if type(opts.range) ~= "table" then return range_of(opts.range, "range") end
    local by = {}
    for i, n in ipairs(names) do
      if opts.range[n] == nil then fail("new_game", 1, "range names no range for player " .. n, 4) end
      by[i] = range_of(opts.range[n], "range." .. n)
    end
    for k in pairs(opts.range) do
      local known = false
      for _, n in ipairs(names) do known = known or n == k end
      if not known then fail("new_game", 1, "range names " .. describe(k) .. ", who is no player", 4) end
    end
    return by
  end

  -- allies = {{names}, ...}: a partition of the players into sides; index -> side number
  local function sides_of(opts, names, teams)
    local allies = opts.allies
    if allies == nil then return nil end
    if teams then fail("new_game", 1, "allies and teams can't be given together (teams are Two-Headed Giant's)", 4) end
    if type(allies) ~= "table" or #allies < 2 then
      fail("new_game", 1, "allies must be a list of at least two lists of names, got " .. describe(allies), 4)
    end
    local index, side = {}, {}
    for i, n in ipairs(names) do index[n] = i end
    for s, list in ipairs(allies) do
      if type(list) ~= "table" or #list == 0 then
        fail("new_game", 1, "allies[" .. s .. "] must be a list of names", 4)
      end
      for _, n in ipairs(list) do
        local i = index[n]
        if not i then fail("new_game", 1, "allies[" .. s .. "] names " .. describe(n) .. ", who is no player", 4) end
        if side[i] then fail("new_game", 1, "allies name " .. n .. " twice: they must partition the players", 4) end
        side[i] = s - 1
      end
    end
    for i, n in ipairs(names) do
      if not side[i] then fail("new_game", 1, "allies leave out " .. n .. ": they must partition the players", 4) end
    end
    return side
  end

  -- new_game's options: the attack direction (a number for the core), the range (0: unlimited;
  -- or index -> range) and the sides (nil: each team its own)
  function arbiter._seat_options(opts, names, teams)
    local dir = DIRS[opts.attack == nil and "any" or opts.attack]
    if not dir then
      fail("new_game", 1, "attack must be \"left\", \"right\", \"adjacent\" or \"any\", got " ..
        describe(opts.attack), 3)
    end
    return dir, ranges(opts, names), sides_of(opts, names, teams)
  end

  -- Gives the new game its options; refuses a direction that leaves a player no one to attack
  -- (not "adjacent": 607.3c's emperor starts between its generals, and can't attack).
  function arbiter._set_seats(g, opts, dir, range, sides)
    if dir == 0 and range == 0 and not sides then return end
    local ps = g.players
    GI._set_seats(g, dir, type(range) == "number" and range or 0)
    if type(range) == "table" then
      for i, p in ipairs(ps) do GI._set_range(g, p, range[i]) end
    end
    if sides then
      for i, p in ipairs(ps) do GI._set_side(g, p, sides[i]) end
      env[g].sides = sides
    end
    env[g].seats = true
    if dir == DIRS.adjacent then return end
    for _, p in ipairs(ps) do
      local any = false
      for _, q in ipairs(ps) do any = any or GI._attackable(g, p, q) end
      if not any then
        fail("new_game", 1, string.format("attack = %q leaves %s no one to attack (604: its neighbour on that " ..
          "side is a teammate)", opts.attack, p.name), 3)
      end
    end
  end

  -- p's side: its allies' (new_game{allies}), else its team
  local function side(g, p)
    local s = env[g].sides
    return s and s[p.index] or p.team
  end
  arbiter._side = side

  --- g:opponents(p) -> array of p's opponents still in the game within its range, in turn order
  function Game:opponents(p)
    check.object(self, "opponents", 1, p, "player")
    local ps, out, n = self.players, {}, #self.players
    local i = p.index
    for k = 1, n - 1 do
      local q = ps[(i - 1 + k) % n + 1]
      if side(self, q) ~= side(self, p) and not GI._lost(self, q) and GI._in_range(self, p, q) then
        out[#out + 1] = q
      end
    end
    return out
  end

  --- g:in_range(p, x) -> whether player x, or the controller of card x, is within p's range (601)
  function Game:in_range(p, x)
    check.object(self, "in_range", 1, p, "player")
    local kind = core.kind(x)
    if kind == "card" then x = x.controller
    elseif kind ~= "player" then fail("in_range", 2, "a player or a card expected, got " .. describe(x)) end
    check.object(self, "in_range", 2, x, "player")
    return GI._in_range(self, p, x)
  end

  -- The players the active player may attack now, in APNAP order (internal._foes with the options)
  function arbiter._attackable_foes(g)
    local act, out = GI._active(g), {}
    for _, q in ipairs(g:apnap()) do
      if GI._attackable(g, act, q) then out[#out + 1] = q end
    end
    return out
  end
end
