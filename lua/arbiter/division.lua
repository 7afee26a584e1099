-- arbiter.division — dividing a creature's combat damage among its recipients (502.2).
--
-- Seed 003 "Step by Step": "If damage is being assigned to a group of creatures, the player
-- assigning the damage decides how to distribute the damage among the group. The damage may be
-- piled on one creature, distributed among all the creatures, or anything in between."
-- Trample (CompRules 502.9b): lethal damage to every blocker first; only then may the rest go to
-- the player (or stay on the blockers). Lethal damage accounts for damage already marked and
-- for damage other creatures assign to the blocker in the same step (502.9b, 502.9e: those
-- without trample are asked first; lua/arbiter/combat_damage.lua's assign). 502.9d: the toughness
-- only, not what prevention would do.
--
-- The question is choose(p, "damage", options, ctx). options are today's few splits (options[1]
-- is the default: lethal damage to each recipient in order, the rest to the last one, or to the
-- player with trample). ctx describes every legal division without listing them:
--   source      the creature dealing the damage (also ctx.attacker or ctx.blocker)
--   amount      its power: the damage to divide (also ctx.power)
--   recipients  array: the creatures it may assign to, in declaration order, then the player
--               (trample only)
--   lethal      {[creature] = lethal damage} (with trample: less what other creatures assign
--               to it in this step)
--   trample     boolean; player = the defending player (trample only)
--   default     the default division as a map {[recipient] = amount}
-- The answer is one of the options or any division: a map {[recipient] = amount} (a recipient
-- left out gets 0) or an array of {target =, amount =}. It is checked by content against the
-- engine's own copy of the question (an agent that edits ctx or an option changes nothing):
-- non-negative integers, recipients only, adding up to the amount exactly, and with trample
-- nothing to the player unless every blocker gets lethal damage. A division that fails raises,
-- and the whole step is undone with the call that ran it (422).
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions (internal.lua)
local core = require("arbiter.core")
local check = require("arbiter.check")
local describe = check.describe
local unpack = require("arbiter.compat").unpack

local M = {}

-- Lethal damage: the toughness less the damage already marked and, for a trampler, the
-- damage other creatures assign to it in the same step (502.9b).
local function lethal(c, other) return math.max(0, c.toughness - c.damage - (other or 0)) end

-- The question for a source dealing `power` to `targets` (creatures, in order), with the
-- trampler's defending player or nil; `assigned` (trample only): the damage other creatures
-- assign to each target in this step.
function M.question(source, power, targets, player, assigned)
  local q = { source = source, amount = power, recipients = {}, lethal = {}, trample = player ~= nil,
    player = player }
  for i, t in ipairs(targets) do
    q.recipients[i] = t
    q.lethal[t] = lethal(t, player and assigned and assigned[t])
  end
  if player then q.recipients[#q.recipients + 1] = player end
  return q
end

-- An empty table with room for n entries in order: filled without being resized at each power
-- of two (the options of a question are a few such small lists).
local function room(n)
  if n <= 2 then return { nil, nil } elseif n <= 4 then return { nil, nil, nil, nil } end
  return {}
end

-- The default division as a list of {target, amount}: lethal damage to each in order, the rest
-- to the last one, or to the player with trample.
function M.default(q)
  local out, left, n = room(#q.recipients), q.amount, #q.recipients - (q.player and 1 or 0)
  for i = 1, n do
    local t = q.recipients[i]
    local k = math.min(left, q.lethal[t])
    if i == n and not q.player then k = left end
    out[#out + 1] = { target = t, amount = k }
    left = left - k
  end
  if q.player and left > 0 then out[#out + 1] = { target = q.player, amount = left } end
  return out
end

-- Option k of the question (M.options' k-th): k = 1 the default, else all of it on creature
-- k - 1 (with trample: nothing to the player); a list of {target, amount} over the recipients.
-- (csrc/combat_damage.c's arb_division_option makes the same amounts.)
function M.option(q, k)
  if k == 1 then return M.default(q) end
  local rs = q.recipients
  local d = room(#rs)
  for j = 1, #rs do d[j] = { target = rs[j], amount = j == k - 1 and q.amount or 0 } end
  return d
end

-- The options offered (asked only when M.has_choice(q), so there are always several): the
-- default, then all of it on each creature in turn: 1 + the number of creatures.
function M.options(q)
  local n = #q.recipients - (q.player and 1 or 0) + 1
  local opts = room(n)
  for k = 1, n do opts[k] = M.option(q, k) end
  return opts
end

-- Whether the source has more than one legal division (then its controller is asked).
-- Without trample: more than one creature. With trample: more than one creature, or more
-- damage than the one creature's lethal damage. (csrc/combat_damage.c asks the same.)
function M.has_choice(q)
  local n = #q.recipients - (q.player and 1 or 0)
  if q.amount <= 0 or n == 0 then return false end
  if n > 1 then return true end
  return q.player ~= nil and q.amount > q.lethal[q.recipients[1]]
end

local function whole(v)
  return type(v) == "number" and v >= 0 and v == math.floor(v) and v < 2 ^ 31
end

-- One recipient's amount into by: nil, or what is wrong with it.
local function add(q, known, by, r, v)
  if not known[r] then
    return string.format("it names %s, which is not among %s's recipients (the creatures in this combat it "
      .. "may assign to%s)", describe(r), tostring(q.source), q.player and ", and the player it attacks" or "")
  end
  if by[r] then return string.format("it names %s twice", describe(r)) end
  if not whole(v) then
    return string.format("the amount for %s must be a non-negative integer, got %s", tostring(r), describe(v))
  end
  by[r] = math.floor(v)
end

-- The answer's amounts by recipient, or nil and what is wrong with its form.
local function amounts_of(q, answer)
  if type(answer) ~= "table" then return nil, "a division (a table) expected, got " .. describe(answer) end
  local known, by = {}, {}
  for _, r in ipairs(q.recipients) do known[r] = true end
  local n = #answer
  if n > 0 then                            -- an array of {target =, amount =}
    for i = 1, n do
      local d = answer[i]
      if type(d) ~= "table" then
        return nil, string.format("entry %d must be {target =, amount =}, got %s", i, describe(d))
      end
      local err = add(q, known, by, d.target, d.amount)
      if err then return nil, err end
    end
    if next(answer, n) ~= nil then return nil, "an array of {target =, amount =} with other keys" end
  else                                     -- a map {[recipient] = amount}; order doesn't matter
    local bad
    for r, v in pairs(answer) do
      local err = add(q, known, by, r, v)
      if err and (not bad or err < bad) then bad = err end   -- the same message whatever pairs() order
    end
    if bad then return nil, bad end
  end
  return by
end

-- Whether answer is options[k] as M.options made it (the same table, its entries unchanged: an
-- agent that edited it is checked like any answer): then it is a legal division as it is, and
-- M.check's tables are not made (the random agent's answer, issue 28). Read raw: a plain table.
local function unchanged_option(q, options, answer)
  local k
  for i = 1, #options do if rawequal(options[i], answer) then k = i break end end
  if not k or getmetatable(answer) ~= nil then return false end
  local rs, player = q.recipients, q.player
  local n, m = #rs, #answer
  if m == 0 or next(answer, m) ~= nil then return false end
  local left, creatures = q.amount, n - (player and 1 or 0)
  if k > 1 and m ~= n then return false end
  for j = 1, m do
    local d = answer[j]
    if type(d) ~= "table" or getmetatable(d) ~= nil then return false end
    local t, want = rs[j]
    if k > 1 then                        -- all of it on creature k - 1, 0 to the others
      want = j == k - 1 and q.amount or 0
    elseif j <= creatures then           -- the default: lethal damage in order, the rest last
      want = math.min(left, q.lethal[t])
      if j == creatures and not player then want = left end
      left = left - want
    else                                 -- the default's rest to the trampler's player
      if j ~= creatures + 1 or left <= 0 then return false end
      t, want, left = player, left, 0
    end
    if rawget(d, "target") ~= t or rawget(d, "amount") ~= want then return false end
  end
  return k > 1 or (m >= creatures and left == 0)   -- the default: every creature, and all of it
end

-- check(q, answer) -> the division as a list of {target, amount} in recipient order, or nil and
-- a message naming the rule.
function M.check(q, answer)
  local by, err = amounts_of(q, answer)
  if not by then return nil, err end
  local sum, out = 0, {}
  for i, r in ipairs(q.recipients) do
    out[i] = { target = r, amount = by[r] or 0 }
    sum = sum + out[i].amount
  end
  if sum ~= q.amount then
    return nil, string.format("502.2: it assigns %d damage, but %s assigns exactly its %d combat damage",
      sum, tostring(q.source), q.amount)
  end
  if q.player and (by[q.player] or 0) > 0 then
    for _, r in ipairs(q.recipients) do
      if r ~= q.player and (by[r] or 0) < q.lethal[r] then
        return nil, string.format("502.9b: it assigns %d to %s, but %s gets %d of its lethal %d "
          .. "(with trample, lethal damage to every blocker comes first)", by[q.player], tostring(q.player),
          tostring(r), by[r] or 0, q.lethal[r])
      end
    end
  end
  return out
end

-- The ctx handed to the agent: a copy (edits don't reach q), with the caller's extra fields.
-- dflt: M.default(q) when the caller has it (not handed out yet), else it is made here.
-- (Made in constructors, sized once: a table grown key by key is resized at each power of two.)
function M.context(q, extra, dflt)
  local lethal_copy, default = {}, {}
  for c, n in pairs(q.lethal) do lethal_copy[c] = n end
  dflt = dflt or M.default(q)
  for i = 1, #dflt do local d = dflt[i]; default[d.target] = d.amount end
  local ctx = { source = q.source, amount = q.amount, power = q.amount, trample = q.trample, player = q.player,
    recipients = { unpack(q.recipients) }, lethal = lethal_copy, default = default,
    attacker = false, blockers = false, band = false }      -- room for the usual extra fields
  ctx.attacker, ctx.blockers, ctx.band = nil, nil, nil
  for k, v in pairs(extra) do ctx[k] = v end
  return ctx
end

-- ask_index(arbiter, g, p, n) -> the index (1..n) of the option p's answer would be among a
-- question's n options (1 + its creatures), when that is known without making them: ask.lua's
-- internal._ask_index for choose(p, "damage", ...) (p has no agent, or one whose choose answers
-- by position only; not during a recording or a replay, when M.ask notes or reads the
-- amounts); else nil, and the question is asked with M.ask. The caller notes the choice
-- (421.5) and makes option k (M.option). The same answer, the same draws: the same game.
function M.ask_index(arbiter, g, p, n) return arbiter._ask_index(g, p, "damage", n) end

-- Asks p to divide (only when M.has_choice(q)): the answer through p's agent, or the default
-- without one; during a replay, the recorded amounts. A recording notes the amounts in
-- recipient order ({amounts = {...}}), so any division replays. Returns the checked list.
function M.ask(arbiter, g, p, q, extra)
  local rec, rep = arbiter._recordings, arbiter._replays
  local watched = rec and rep and (rec[g] or rep[g])
  local pick, err
  local replayed, answer
  if watched then replayed, answer = arbiter._replayed_choice(g, p, "damage") end
  if replayed then
    local amounts = type(answer) == "table" and type(answer.amounts) == "table" and answer.amounts or {}
    local map = {}
    for i, r in ipairs(q.recipients) do map[r] = amounts[i] end
    pick, err = M.check(q, map)
    if not pick then error("replay: the recorded division of " .. tostring(q.source) .. " doesn't fit: " .. err, 0) end
  else
    local a = arbiter._agent_of(g, p)
    if a and a.choose then
      local options = M.options(q)
      local ctx = arbiter._hide(g, p, M.context(q, extra, options[1]))   -- before the agent sees options[1]
      answer = core._guard(a.choose)(p, "damage", options, ctx)
      if unchanged_option(q, options, answer) then
        pick = answer
      else
        pick, err = M.check(q, answer)
        if not pick then
          error(string.format("agent of %s answered choose(\"damage\") with a division the rules refuse: %s",
            tostring(p), err), 0)
        end
      end
    else
      pick = M.default(q)             -- nobody to ask: the default, without the options
    end
  end
  if watched then
    local by, amounts = {}, {}
    for _, d in ipairs(pick) do by[d.target] = d.amount end
    for i, r in ipairs(q.recipients) do amounts[i] = by[r] or 0 end
    arbiter._note_choice(g, p, "damage", { amounts = amounts })
  end
  GI._choice(g)                    -- a real choice: 421.5, not a mandatory loop
  return pick
end

return M
