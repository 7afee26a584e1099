-- arbiter.agents — who answers the game's questions.
--
-- An agent is a table {may = function(p, what, ctx), choose = function(p, what, options, ctx)},
-- optionally with attack(p, g, ctx), block(p, g, ctx) and main(p, g, ctx) for the turn's
-- decisions (see arbiter.turn). arbiter.agents.simple() is a sensible player for demos.
-- The default agent (a player with none) answers every `may` with false (but "pay": see pays)
-- and every `choose` with the first option: deterministic. arbiter.agents.random(seed) answers at random from its
-- own seeded generator (never math.random); arbiter.agents.scripted{...} answers from a list,
-- for tests, and raises when the list runs out or an answer doesn't fit the question.
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions (internal.lua)
local priority_view = GI._priority_view           -- (a local: read once)
local M = {}
local toint, floor = require("arbiter.compat").toint, math.floor
-- the game methods, called as Game.x(g, ...): g:x(...) finds x through the game's __index
-- metamethod (a C call) each time; the Lua layer's methods are read at the call (added later)
local Game = require("arbiter.core").game_methods()

-- A "pay" question (arbiter.ask_pay: asked only when the player can pay): pay, unless the
-- script says paying doesn't help the payer (ctx.helps == false) or the life it costs would
-- leave the payer at 0 or less.
local function pays(p, what, ctx)
  if what ~= "pay" or ctx.helps == false then return false end
  local cost = ctx.cost
  return not (type(cost) == "table" and type(cost.life) == "number" and cost.life >= p.life)
end
M.pays = pays

-- How much of "any amount" to pay (ask_pay with {X}: the options run from the most down to 0):
-- the most, or, when the script says paying more than ctx.x_helps helps no more (Power Leak's
-- 2), the most up to that.
local function amount(options, ctx)
  local helps = ctx and ctx.x_helps
  if type(helps) ~= "number" then return options[1] end
  for _, o in ipairs(options) do if o <= helps then return o end end
  return options[#options]
end

-- Answers by position: for a choose function of this module whose answer to a question depends
-- only on how many options it has, by_index[choose](p, what, n) -> the index in 1..n of the
-- option it answers (the same draws: the same later answers), or nil when the answer depends on
-- the options themselves. The engine then needn't make the options and ctx nobody reads (the
-- damage division, lua/arbiter/division.lua's ask_index). Keyed by the function: an agent whose
-- choose was replaced or wrapped is asked as usual. (Weak keys: only looked up, never walked.)
local by_index = setmetatable({}, { __mode = "k" })
-- internal._option_index(choose, p, what, n) -> that index, or nil (asked the usual way); an
-- underscore name: off the public module (arbiter.internal)
require("arbiter.internal")._option_index = function(choose, p, what, n)
  local f = by_index[choose]
  if f then return f(p, what, n) end
end
-- (the table itself: ask.lua's common question reads it without the call above)
require("arbiter.internal")._by_index = by_index
local function first_unless(what, ...)      -- options[1], but for the questions named
  for i = 1, select("#", ...) do if what == select(i, ...) then return nil end end
  return 1
end

M.default = {
  may = pays,
  choose = function(_, what, options, ctx)
    if what == "x" then return amount(options, ctx) end
    return options[1]
  end,
}
by_index[M.default.choose] = function(_, what) return first_unless(what, "x") end

-- The agents' own generator, the same numbers on every Lua (5.1-5.4, LuaJIT): MINSTD
-- (Park-Miller, multiplier 48271) on integral numbers; every product stays below 2^47, exact
-- in a double. generator(seed) -> r, cell: r(n) -> an integer in [1, n] (n below 2^22); the
-- state in cell[1], where the random agent's combat wishes made in C read and advance it with
-- the same arithmetic (csrc/lagent_random.c): one sequence of draws, wherever they are made.
-- The third result, quotient(n): the next draw among n before its floor, in [0, n) (q - q % 1 + 1
-- is r's draw, without a call: the agent's choose and may, ~500 draws in 10 games of the bench).
-- The fourth, pick(_, _, n): r's draw among n with by_index's arguments (below).
local function generator(seed)
  local cell = { (toint(seed) or 0) % 2147483646 + 1 }
  for _ = 1, 3 do cell[1] = cell[1] * 48271 % 2147483647 end
  local function quotient(n)
    local s = cell[1] * 48271 % 2147483647
    cell[1] = s
    return (s - 1) * n / 2147483646
  end
  -- pick(_, _, n): r(n) as an answer by position (by_index's arguments), the step made here: a
  -- question answered so costs no call to r and quotient (~500 instructions, issue 28)
  local function pick(_, _, n)
    local s = cell[1] * 48271 % 2147483647
    cell[1] = s
    return floor((s - 1) * n / 2147483646) + 1
  end
  return function(n) return floor(quotient(n)) + 1 end, cell, quotient, pick
end
local function rng(seed) return (generator(seed)) end
M.rng = rng
-- internal._generator: the generator with its cell (spec/agent_random_spec.lua: the C wishes
-- against this arithmetic)
require("arbiter.internal")._generator = generator

-- ---------------------------------------------------------------- combat helpers

-- a card's current types: arbiter.has_type, the one accessor (read at the first call: the
-- arbiter module loads this one)
local accessor
local function has_type(c, t)
  accessor = accessor or require("arbiter").has_type
  return accessor(c, t)
end

-- creatures p might attack with (a quick filter; the solver decides legality)
local function ready(g, p) return Game.permanents(g, p, "Creature", "r") end
M.ready = ready

local function untapped_creatures(g, p) return Game.permanents(g, p, "Creature", "u") end

-- The creatures attacking p, or in Two-Headed Giant p's team (606.7c: either defending player
-- may block each of them)
local team_of_, players_               -- a player's team, a game's players (init.lua), read at the first call
local function attacking(g, p)
  local out = {}
  local atk, defender_of = Game.attackers(g), GI._defender_of
  team_of_ = team_of_ or require("arbiter.internal")._team
  players_ = players_ or require("arbiter.internal")._players
  local team_of = team_of_
  if #atk > 0 and #players_[g] == 2 then  -- two players: all attack the one defending player
    local d = defender_of(g, atk[1])
    return (d == p or (d and team_of[d] == team_of[p])) and atk or out
  end
  for i = 1, #atk do
    local a = atk[i]
    local d = defender_of(g, a)
    if d == p or (d and team_of[d] == team_of[p]) then out[#out + 1] = a end
  end
  return out
end

-- A wished-for declaration made legal: the nearest legal one (fewest changes; itself when
-- it is legal already). One solver call, no explanation built for an illegal wish.
-- (internal._unchecked: the methods without the bad-self check, init.lua: g is a game; read
-- at the first call, made after this module loads)
local unchecked
local function legal_attack(g, decl)
  unchecked = unchecked or require("arbiter.internal")._unchecked
  return (unchecked.nearest_legal_attack(g, decl))
end

-- The bands (502.10b) a declaration's creatures with banding may form: arbiter._band_options
-- (lua/arbiter/combat_bands.lua), the first option no band
-- (no creature with banding: the one option, no band, without a call that makes it)
local banding_possible, NO_BAND = GI._banding_possible, { {} }
local function all_band_options(g, decl) return require("arbiter.internal")._band_options(g, decl) end
local function band_options(g, decl)
  if not banding_possible(g) then return NO_BAND end
  return all_band_options(g, decl)
end
local function with_bands(decl, band) return decl, band and #band > 0 and { bands = band } or nil end
local function legal_block(g, decl)
  unchecked = unchecked or require("arbiter.internal")._unchecked
  return (unchecked.nearest_legal_block(g, decl))
end

-- The random agent's wishes (csrc/lagent_random.c): each ready creature attacks with
-- probability 1/2, a random defending player (one defender: an array, each attacker drawing
-- 1 of 1 too); each untapped creature blocks a random creature attacking p or p's team (as
-- attacking above) with probability 1/2. Drawn from the generator's cell; nil (no draw) when
-- p has no creature to declare.
local attack_wish, block_wish = GI._random_attack_wish, GI._random_block_wish

-- The turn's own declarations (turn.lua's decide_attack, one_defender_blocks): for a random
-- agent's attack or block function, the same declaration declared at once when it can be
-- (true then; else the function's answer). Keyed by the function: an agent whose attack or
-- block is another's (a wrapper, a recorder, a replacement) is asked as ever.
-- (internal._random_now: an underscore name, off the public module)
local now_of = setmetatable({}, { __mode = "k" })
require("arbiter.internal")._random_now = now_of

function M.random(seed)
  local r, cell, quotient, pick = generator(seed)
  -- now (the turn's own declaration, in its step): the wish declared at once when the nearest
  -- legal declaration is the wish itself, proved without the solver (csrc/lagent_random.c);
  -- then true, the same game as the declaration returned and declared
  local function attack(p, g, ctx, now)
    local decl = attack_wish(g, p, cell, ctx.defenders, now)
    if decl == true then return true end
    if not decl then return {} end             -- nothing can attack, or none wished (now): none
    decl = legal_attack(g, decl)
    if not banding_possible(g) then return decl end   -- no band (502.10b): no draw
    local bands = all_band_options(g, decl)     -- a random band, or none (no draw without one)
    return with_bands(decl, #bands > 1 and bands[r(#bands)] or nil)
  end
  local function block(p, g, now)
    local decl = block_wish(g, p, cell, now)
    if decl == true then return true end
    if not decl then return {} end             -- nothing can block: nothing to ask
    return legal_block(g, decl)
  end
  local function attack_fn(p, g, ctx) return attack(p, g, ctx) end
  local function block_fn(p, g) return block(p, g) end
  now_of[attack_fn] = function(p, g, ctx) return attack(p, g, ctx, true) end
  now_of[block_fn] = function(p, g) return block(p, g, true) end
  -- options[r(#options)]: q - q % 1 is floor(q) for q >= 0 (exact in doubles); on 5.3+ a float
  -- with an integral value, which indexes a table as the integer does
  local function choose(_, _, options)
    local q = quotient(#options)
    return options[q - q % 1 + 1]
  end
  by_index[choose] = pick
  return {
    may = function() return quotient(2) < 1 end,   -- r(2) == 1
    choose = choose,
    attack = attack_fn,
    block = block_fn,
  }
end

-- a cost's mana value: {N} counts N, each colored symbol 1 (an integer cost is generic); given a
-- definition (or a card), its cost's
local function mana_value(cost)
  if type(cost) == "table" then cost = cost.cost end
  if type(cost) ~= "string" then return cost or 0 end
  local n = 0
  for sym in cost:gmatch("{([^}]*)}") do
    n = n + (tonumber(sym) or ((sym == "X" or sym == "x" or sym == "T" or sym == "t") and 0 or 1))
  end
  return n
end
M.mana_value = mana_value

-- ---------------------------------------------------------------- priority (116)

-- What the simple agent reads of a spell or ability: its first target kind ("spell",
-- "creature", "creature or player", ...) or "none".
local function target_kind(list)
  local t = list and list[1]
  if t == nil then return "none" end
  return type(t) == "table" and t.what or t
end

-- The simple agent's answer when it holds priority (nil passes). It reads only the shape of
-- its instants and abilities (no card knowledge), with an empty stack unless it counters:
--   * an instant that targets a spell counters the opponent's spell on top of the stack;
--   * in the declare blockers step, when the unblocked attackers would kill it, an instant
--     without targets (a Fog) is cast;
--   * in the declare blockers step, an instant that targets a creature (a pump) goes on its
--     own blocking or blocked creature that would die;
--   * an instant that targets a creature or player (a burn spell) goes at an opponent with 3
--     life or less, or at an attacking creature it can kill (it assumes 3 damage);
--   * an untapped permanent's "{T}: ... target creature or player" ability (a pinger) is
--     activated at the opponent in the end step of the opponent's turn.
local internal                      -- arbiter.internal, read at the first answer (a cycle at load)
local zone_cards
local NONE = {}                     -- no attackers (only read)
-- an instant in p's hand whose first target is of this kind and that p can cast now (the
-- printed types from the Lua layer's per-definition cache, I.has_type)
local function castable(g, p, c, kind)
  if not (internal.has_type(c, "Instant") and target_kind(c.targets) == kind) then return false end
  return g:can_cast(p, c)
end
-- whether x is a legal first target of c's spell (kind "spell") or ability list: the engine's
-- own check (arbiter.targets, 413: kind, filter, protection, "can't be targeted"), the one
-- cast and activate apply, so the agent never proposes a target the card's filter refuses
local function legal_first(g, list, x, c, kind)
  return internal._legal_target(g, list[1], x, c, { kind = kind, card = c })
end
-- p's hand's cards (zone:cards read once: zone:x() is an __index call)
local function hand_cards(p)
  local zone = internal._hand_of[p]
  zone_cards = zone_cards or zone.cards
  return zone_cards(zone)
end
local function simple_priority(p, g, ctx)
  local I = internal or require("arbiter.internal")
  internal = I
  -- the game's fields and methods read as calls (Game.x(g, ...)), not through its __index
  -- metamethod (this runs at every priority moment); the first opponent still in, its life
  -- and the stack's size in one call (GI._priority_view)
  local foe, foe_life, stacked = priority_view(g, p)
  if not foe then return nil end
  -- the hand is read only where an instant could answer (most priority moments pass without it)
  if stacked > 0 then     -- only a counter while something is on the stack
    local top = g:stack_objects()[1]
    if top and top.kind == "spell" and top.controller ~= p then
      for _, c in ipairs(hand_cards(p)) do
        if castable(g, p, c, "spell") and legal_first(g, c.targets, top, c, "spell") then
          return { cast = c, targets = { top } }
        end
      end
    end
    return nil
  end
  local step = ctx and ctx.step or GI._step_name(g)   -- the question's (no C call), else read
  local attackers = (step == "declare_attackers" or step == "declare_blockers") and Game.attackers(g) or NONE
  local low = foe_life <= 3
  local hand = (step == "declare_blockers" or low or #attackers > 0) and hand_cards(p) or NONE
  if step == "declare_blockers" then
    local incoming = 0
    for _, a in ipairs(attackers) do
      if GI._defender_of(g, a) == p and not a.blocked then incoming = incoming + math.max(0, a.power) end
    end
    if incoming >= p.life then
      for _, c in ipairs(hand) do if castable(g, p, c, "none") then return { cast = c } end end
    end
    local fighting, theirs = {}, {}  -- the creatures in a fight: p's, and the opponents'
    for _, pair in ipairs(g:blocks()) do
      local b, a = pair[1], pair[2]
      fighting[#fighting + 1] = b.controller == p and b or nil
      fighting[#fighting + 1] = a.controller == p and a or nil
      theirs[#theirs + 1] = b.controller ~= p and b or nil
      theirs[#theirs + 1] = a.controller ~= p and a or nil
    end
    for _, mine in ipairs(fighting) do
      for _, c in ipairs(hand) do
        if castable(g, p, c, "creature") and legal_first(g, c.targets, mine, c, "spell") then
          return { cast = c, targets = { mine } }
        end
      end
    end
    -- an instant whose filter refuses p's fighters is a removal (Terror): at an opposing fighter
    for _, c in ipairs(#fighting > 0 and hand or NONE) do
      if castable(g, p, c, "creature") then
        for _, x in ipairs(theirs) do
          if legal_first(g, c.targets, x, c, "spell") then return { cast = c, targets = { x } } end
        end
      end
    end
  end
  if low or #attackers > 0 then
    for _, c in ipairs(hand) do
      if castable(g, p, c, "creature or player") then
        if low and legal_first(g, c.targets, foe, c, "spell") then return { cast = c, targets = { foe } } end
        for _, a in ipairs(attackers) do
          if a.controller ~= p and a.toughness - a.damage <= 3 and legal_first(g, c.targets, a, c, "spell") then
            return { cast = c, targets = { a } }
          end
        end
      end
    end
  end
  if step == "end" and g.active_player ~= p then
    for _, c in ipairs(g:permanents(p, "any", "u")) do
      local list = I._abilities_of(c)
      for i = 1, #list do
        local a = list[i]
        if not a.mana and a.cost.tap and a.cost.total == 0 and target_kind(a.targets) == "creature or player"
            and I._can_tap(c) and I._activation_allowed(g, p, c, a)
            and legal_first(g, a.targets, foe, c, "ability") then
          return { activate = c, ability = i, targets = { foe } }
        end
      end
    end
  end
  return nil
end
M.simple_priority = simple_priority

-- simple_priority's pass known without its body (issue 28: ~2,600 of the 2,847 priority asks of
-- 20 games with instants): no opponent in the game; or an empty stack, the opponent above 3
-- life, and a step where it answers nothing: any but declare blockers (a fight), declare
-- attackers with creatures attacking, and the end step of another player's turn (a pinger); a
-- step it read as nil: not known. The same first read (GI._priority_view), so a pass made here
-- reads what the answer reads. internal._priority_passes[fn](p, g, step) -> true: fn would
-- answer nil (stack.lua's priority asks nothing then); false: ask fn. Keyed by the function, so
-- a wrapped or replaced agent is asked as ever (spec/priority_known_pass_spec.lua).
local nattacking, active = GI._nattacking, GI._active
local passes_of = setmetatable({}, { __mode = "k" })
require("arbiter.internal")._priority_passes = passes_of
passes_of[simple_priority] = function(p, g, step)
  local foe, foe_life, stacked = priority_view(g, p)
  if not foe then return true end
  if stacked > 0 or foe_life <= 3 or step == nil or step == "declare_blockers" then return false end
  if step == "declare_attackers" then return nattacking(g) == 0 end
  return step ~= "end" or active(g) == p
end

-- The simple agent plays sensibly enough for a readable demo: it keeps every hand, plays a
-- land and the most expensive spells it can, attacks with creatures no untapped blocker
-- can kill without dying (with everything when that is lethal), and blocks where its
-- blocker survives or trades, chump-blocking only when the attack would be lethal. Holding
-- priority it casts instants and activates abilities as simple_priority says.
function M.simple()
  local function kills(x, y) return x.power >= y.toughness - y.damage end
  local agent = {
    priority = simple_priority,
    may = pays,
    choose = function(_, what, options, ctx)
      if what == "cast" then          -- the most expensive affordable spell first
        local best                    -- instants wait for priority (simple_priority): a Fog or a
        for _, o in ipairs(options) do   -- pump is worth something only in combat or in response
          if o ~= "pass" and not has_type(o, "Instant")
              and (not best or mana_value(o.cost) > mana_value(best.cost)) then best = o end
        end
        return best or "pass"
      elseif what == "discard" then   -- discard lands first, then the cheapest
        for _, o in ipairs(options) do if has_type(o, "Land") then return o end end
      elseif what == "x" then
        return amount(options, ctx)
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
      -- the band with the most power (502.10h: its blockers' damage is then ours to divide)
      decl = legal_attack(g, decl)
      local best, most = nil, 0
      for _, option in ipairs(band_options(g, decl)) do
        local band, sum = option[1], 0
        for _, c in ipairs(band or {}) do sum = sum + math.max(0, c.power) end
        if band and sum > most then best, most = option, sum end
      end
      return with_bands(decl, best)
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
  by_index[agent.choose] = function(_, what) return first_unless(what, "cast", "discard", "x") end
  return agent
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
