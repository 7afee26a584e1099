-- arbiter.agents — who answers the game's questions.
--
-- An agent is a table {may = function(p, what, ctx), choose = function(p, what, options, ctx)},
-- optionally with attack(p, g, ctx), block(p, g, ctx) and main(p, g, ctx) for the turn's
-- decisions (see arbiter.turn). arbiter.agents.simple() is a sensible player for demos.
-- The default agent (a player with none) answers every `may` with false and every `choose`
-- with the first option: deterministic. arbiter.agents.random(seed) answers at random from its
-- own seeded generator (never math.random); arbiter.agents.scripted{...} answers from a list,
-- for tests, and raises when the list runs out or an answer doesn't fit the question.
local M = {}
local toint, floor = require("arbiter.compat").toint, math.floor

M.default = {
  may = function() return false end,
  choose = function(_, _, options) return options[1] end,
}

-- The agents' own generator, the same numbers on every Lua (5.1-5.4, LuaJIT): MINSTD
-- (Park-Miller, multiplier 48271) on integral numbers; every product stays below 2^47, exact
-- in a double. rng(seed)(n) -> an integer in [1, n] (n below 2^22).
local function rng(seed)
  local s = (toint(seed) or 0) % 2147483646 + 1
  for _ = 1, 3 do s = s * 48271 % 2147483647 end
  return function(n)
    s = s * 48271 % 2147483647
    return floor((s - 1) * n / 2147483646) + 1
  end
end
M.rng = rng

-- ---------------------------------------------------------------- combat helpers

local function has_type(c, t)
  for _, x in ipairs(c.types or {}) do if x == t then return true end end
  return false
end

-- creatures p might attack with (a quick filter; the solver decides legality)
local function ready(g, p) return g:permanents(p, "Creature", "r") end
M.ready = ready

local function untapped_creatures(g, p) return g:permanents(p, "Creature", "u") end

local function attacking(g, p)
  local out = {}
  local atk = g:attackers()
  for i = 1, #atk do
    local a = atk[i]
    if g:_defender_of(a) == p then out[#out + 1] = a end
  end
  return out
end

-- A wished-for declaration made legal: the nearest legal one (fewest changes; itself when
-- it is legal already). One solver call, no explanation built for an illegal wish.
local function legal_attack(g, decl) return (g:nearest_legal_attack(decl)) end
local function legal_block(g, decl) return (g:nearest_legal_block(decl)) end

function M.random(seed)
  local r = rng(seed)
  return {
    may = function() return r(2) == 1 end,
    choose = function(_, _, options) return options[r(#options)] end,
    -- each ready creature attacks with probability 1/2, a random defending player
    attack = function(p, g, ctx)
      local decl, mine = {}, ready(g, p)
      if #mine == 0 then return decl end          -- nothing can attack: nothing to ask
      local defenders = ctx.defenders
      for i = 1, #mine do
        if r(2) == 1 then decl[mine[i]] = defenders[r(#defenders)] end
      end
      return legal_attack(g, decl)
    end,
    -- each untapped creature blocks a random attacker with probability 1/2
    block = function(p, g)
      local atk, decl = attacking(g, p), {}
      local mine = #atk > 0 and untapped_creatures(g, p) or {}
      if #mine == 0 then return decl end          -- nothing can block: nothing to ask
      for i = 1, #mine do
        if r(2) == 1 then decl[mine[i]] = atk[r(#atk)] end
      end
      return legal_block(g, decl)
    end,
  }
end

-- a cost's mana value: {N} counts N, each colored symbol 1 (an integer cost is generic)
local function mana_value(cost)
  if type(cost) ~= "string" then return cost or 0 end
  local n = 0
  for sym in cost:gmatch("{([^}]*)}") do
    n = n + (tonumber(sym) or ((sym == "X" or sym == "x" or sym == "T" or sym == "t") and 0 or 1))
  end
  return n
end
M.mana_value = mana_value

-- The simple agent plays sensibly enough for a readable demo: it keeps every hand, plays a
-- land and the most expensive spells it can, attacks with creatures no untapped blocker
-- can kill without dying (with everything when that is lethal), and blocks where its
-- blocker survives or trades, chump-blocking only when the attack would be lethal.
function M.simple()
  local function kills(x, y) return x.power >= y.toughness - y.damage end
  return {
    may = function() return false end,
    choose = function(_, what, options)
      if what == "cast" then          -- the most expensive affordable spell first
        local best
        for _, o in ipairs(options) do
          if o ~= "pass" and (not best or mana_value(o.cost) > mana_value(best.cost)) then best = o end
        end
        return best or options[1]
      elseif what == "discard" then   -- discard lands first, then the cheapest
        for _, o in ipairs(options) do if has_type(o, "Land") then return o end end
      end
      return options[1]
    end,
    attack = function(p, g, ctx)
      local d = ctx.defenders[1]
      for _, q in ipairs(ctx.defenders) do if q.life < d.life then d = q end end
      local mine, total = ready(g, p), 0
      for _, c in ipairs(mine) do total = total + math.max(0, c.power) end
      local blockers = untapped_creatures(g, d)
      local decl = {}
      for _, c in ipairs(mine) do
        local safe = c.power > 0
        for _, b in ipairs(blockers) do
          if kills(b, c) and not kills(c, b) then safe = false end
        end
        if safe or (total >= d.life and #blockers == 0) then decl[c] = d end
      end
      return legal_attack(g, decl)
    end,
    block = function(p, g)
      local atk, decl, used = attacking(g, p), {}, {}
      local incoming = 0
      for _, a in ipairs(atk) do incoming = incoming + math.max(0, a.power) end
      table.sort(atk, function(x, y) if x.power ~= y.power then return x.power > y.power end return x.id < y.id end)
      local mine = untapped_creatures(g, p)
      for _, a in ipairs(atk) do
        local pick
        for _, b in ipairs(mine) do
          if not used[b] and not kills(a, b) then pick = b break end          -- survives
        end
        if not pick then
          for _, b in ipairs(mine) do
            if not used[b] and kills(b, a) then pick = b break end            -- trades
          end
        end
        if not pick and incoming >= p.life then
          for _, b in ipairs(mine) do if not used[b] then pick = b break end end   -- chump
        end
        if pick then
          used[pick] = true
          decl[pick] = a
          incoming = incoming - math.max(0, a.power)
        end
      end
      return legal_block(g, decl)
    end,
  }
end

-- answers: a list of answers used in order. An answer for `may` is a boolean; for `choose`
-- an option value, or an integer index into the options ({index = k}). A function answer is
-- called with (p, what, options_or_ctx, ctx).
function M.scripted(answers)
  local i = 0
  local function next_answer(what)
    i = i + 1
    if answers[i] == nil then
      error(string.format("scripted agent: no answer left for question %d (%s)", i, what), 3)
    end
    return answers[i]
  end
  return {
    may = function(p, what, ctx)
      local a = next_answer(what)
      if type(a) == "function" then a = a(p, what, ctx) end
      return a and true or false
    end,
    choose = function(p, what, options, ctx)
      local a = next_answer(what)
      if type(a) == "function" then a = a(p, what, options, ctx) end
      if type(a) == "table" and a.index then return options[a.index] end
      return a
    end,
    remaining = function() return #answers - i end,
  }
end

return M
