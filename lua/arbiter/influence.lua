-- arbiter.influence — whom a player may attack and affect in a multiplayer game (CompRules
-- 2005-2008: 601 limited range of influence, 604 attack left and attack right; csrc/influence.c
-- holds the one check that combat, targets and these functions share). Game options:
--   arbiter.new_game{..., attack = "left" | "right" | "any", range = n}
--   g:opponents(p)     p's opponents still in the game within its range, in turn order from p:
--                      whom "each opponent" affects (601)
--   g:in_range(p, x)   whether player x, or the controller of permanent x, is within p's range
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions (internal.lua)
local core = require("arbiter.core")
local check = require("arbiter.check")
local fail, describe = check.fail, check.describe

local DIRS = { any = 0, left = 1, right = 2 }

return function(arbiter, Game)
  local env = arbiter._env

  -- new_game's options: the attack direction (a number for the core) and the range (0: unlimited)
  function arbiter._seat_options(opts)
    local dir = DIRS[opts.attack == nil and "any" or opts.attack]
    if not dir then
      fail("new_game", 1, "attack must be \"left\", \"right\" or \"any\", got " .. describe(opts.attack), 3)
    end
    local range = 0
    if opts.range ~= nil then
      range = check.integer(opts.range)
      if not range or range < 1 then
        fail("new_game", 1, "range must be an integer of at least 1 (601: the seats a player reaches), got " ..
          describe(opts.range), 3)
      end
    end
    return dir, range
  end

  -- Gives the new game its options; refuses a direction that leaves a player no one to attack.
  function arbiter._set_seats(g, opts, dir, range)
    if dir == 0 and range == 0 then return end
    GI._set_seats(g, dir, range)
    env[g].seats = true
    local ps = g.players
    for _, p in ipairs(ps) do
      local any = false
      for _, q in ipairs(ps) do any = any or GI._attackable(g, p, q) end
      if not any then
        fail("new_game", 1, string.format("attack = %q leaves %s no one to attack (604: its neighbour on that " ..
          "side is a teammate)", opts.attack, p.name), 3)
      end
    end
  end

  --- g:opponents(p) -> array of p's opponents still in the game within its range, in turn order
  function Game:opponents(p)
    check.object(self, "opponents", 1, p, "player")
    local ps, out, n = self.players, {}, #self.players
    local i = p.index
    for k = 1, n - 1 do
      local q = ps[(i - 1 + k) % n + 1]
      if q.team ~= p.team and not GI._lost(self, q) and GI._in_range(self, p, q) then out[#out + 1] = q end
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
