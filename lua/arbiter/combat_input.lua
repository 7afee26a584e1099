-- arbiter.combat_input — what a combat declaration may be given as, and what it costs: the
-- declarations normalized (array or map form, read in card-id order, never pairs() order) for
-- lua/arbiter/combat.lua and the C solver; attack and block costs (500.2-500.3); requirements
-- tied to one creature or player (500.1, 500.4).
--
-- Attack and block costs (Propaganda-style, 500.2-500.3): g:add_combat_cost{kind = "attack"
-- or "block", applies = function(g, creature) ... end, name = "Propaganda"} puts a cost on a
-- creature. A declaration pays costs through its options: g:declare_attackers(decl,
-- {pay = {creature, ...}}). A creature whose cost is unpaid can't attack (or block) and is
-- exempt from requirements.
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions (internal.lua)
local core = require("arbiter.core")
local check = require("arbiter.check")
local isint = require("arbiter.compat").isint

-- Defines the cost and requirement methods; returns the helpers combat.lua reads.
return function(arbiter, Game)
  local fail, describe = check.fail, check.describe
  local env = arbiter._env

  local NO_OPTS = {}       -- an absent options table (only read)

  local function by_id(a, b) return a.id < b.id end

  -- The keys of a declaration in a fixed order (never pairs() order): an array's indices in
  -- order; otherwise cards by id, then anything else by its string.
  local card_keys = core.card_keys
  -- A declaration a script got from the host (its function's argument, an agent's ctx) is a
  -- read-only view (sandbox.lua): next() and # read the host table it shows
  local unshield = core._unshield
  local function sorted_keys(t)
    local n, ks = #t, {}
    if n > 0 and next(t, n) == nil then
      for i = 1, n do ks[i] = i end
      return ks
    end
    if n == 0 then                               -- the common case: cards only (C sorts them)
      local cards = card_keys(t)
      if cards then return cards end
    end
    local k1 = next(t)
    if k1 == nil then return ks end
    if next(t, k1) == nil then ks[1] = k1; return ks end     -- one key: nothing to sort
    local id = {}
    for k in pairs(t) do
      ks[#ks + 1] = k
      id[k] = core.kind(k) == "card" and k.id or false
    end
    table.sort(ks, function(a, b)
      local ia, ib = id[a], id[b]
      if ia and ib then return ia < ib end
      if ia or ib then return ia and true or false end
      return tostring(a) < tostring(b)
    end)
    return ks
  end

  -- The attack's default defending player: the first opponent still in the game (one core call,
  -- csrc/lcombat.c; with the seat options the first in reach, influence.lua's)
  local lost, opponent_c = GI._lost, GI._opponent   -- p.lost as a call (no __index dispatch)
  local function opponent_of(g)
    if not env[g].seats then return (opponent_c(g)) end
    local order = arbiter._foes(g)
    for i = 1, #order do
      local p = order[i]
      if not lost(g, p) then return p end
    end
  end

  -- attackers: array of creatures or map {[creature] = defending player}
  -- An array of distinct cards of the game against one opponent (the random agent's) is read
  -- by the core in one call (csrc/lcombat_norm.c); anything else card by card here, which also
  -- says what is wrong with a bad one.
  local attack_array, block_map = GI._attack_array, GI._block_map
  local function norm_attack(g, fname, decl)
    decl = unshield(decl)                -- a script's view of a host table: read its table
    if type(decl) ~= "table" then fail(fname, 1, "table of attackers expected, got " .. describe(decl), 3) end
    local arr = #decl > 0
    local pure = arr and next(decl, #decl) == nil     -- an array only: its values, in order
    local seats = env[g].seats
    if pure and not seats then           -- (against opponent_of's player, found by the core)
      local map, count = attack_array(g, decl)
      if map then return map, count, nil end
    end
    local opponent = arr and opponent_of(g)
    local kind = core.kind
    if pure and seats and opponent ~= nil then     -- (opponent_of gives nil or a player of g)
      local map, count = attack_array(g, decl, opponent)
      if map then return map, count, nil end
    end
    local out, n, order = {}, 0, not arr and {} or nil   -- an array gives its own order
    local keys = pure and decl or sorted_keys(decl)
    for i = 1, #keys do
      local k = keys[i]
      local c, d
      if pure then c, d = k, opponent
      elseif arr and isint(k) then c, d = decl[k], opponent
      else c, d = k, decl[k] end
      local kc, og = kind(c)
      if kc ~= "card" then fail(fname, 1, "attacker must be a card, got " .. describe(c), 3) end
      if og ~= g then fail(fname, 1, "card of another game: " .. describe(c), 3) end
      local kd, od = kind(d)
      if kd ~= "player" then
        fail(fname, 1, "defending player expected for " .. tostring(c) .. ", got " .. describe(d), 3)
      end
      if od ~= g then fail(fname, 1, "player of another game: " .. describe(d), 3) end
      if out[c] then fail(fname, 1, tostring(c) .. " is declared twice", 3) end
      out[c] = d
      n = n + 1
      if order then order[n] = c end
    end
    -- a map's keys came in card-id order: that order; an array's came in its own order
    return out, n, order
  end

  -- blocks: {[blocker] = attacker} or {[blocker] = {attacker, ...}}
  local function norm_block(g, fname, decl)
    decl = unshield(decl)
    if type(decl) ~= "table" then fail(fname, 1, "table of blocks expected, got " .. describe(decl), 3) end
    local map, order0 = block_map(g, decl)   -- {[blocker] = attacker} of this game's cards: one call
    if map then return map, order0 end
    local out, order = {}, {}
    local kind = core.kind
    local keys = sorted_keys(decl)
    for i = 1, #keys do
      local b = keys[i]
      local kb, og = kind(b)
      if kb ~= "card" then fail(fname, 1, "blocker must be a card, got " .. describe(b), 3) end
      if og ~= g then fail(fname, 1, "card of another game: " .. describe(b), 3) end
      local v = decl[b]
      local kv, ov = kind(v)
      local copy
      if kv == "card" then               -- one attacker: its list, made here
        if ov ~= g then fail(fname, 1, "card of another game: " .. describe(v), 3) end
        copy = { v }
      else                               -- a list: copied (the caller may change it)
        if type(v) ~= "table" then
          fail(fname, 1, "attacker(s) expected for " .. tostring(b) .. ", got " .. describe(v), 3)
        end
        copy = {}
        for j = 1, #v do
          local a = v[j]
          local ka, oa = kind(a)
          if ka ~= "card" then fail(fname, 1, "attacker must be a card, got " .. describe(a), 3) end
          if oa ~= g then fail(fname, 1, "card of another game: " .. describe(a), 3) end
          copy[j] = a
        end
        if #copy > 1 then table.sort(copy, by_id) end
      end
      out[b] = copy
      order[#order + 1] = b
    end
    return out, order   -- order: the blockers in card-id order (sorted_keys of a map of cards)
  end

  local function check_opts(fname, argn, opts)
    if opts == nil then return NO_OPTS end
    if type(opts) ~= "table" then fail(fname, argn, "options table expected, got " .. describe(opts), 3) end
    return opts
  end

  -- creatures whose combat cost applies and isn't paid by opts.pay
  local function unpaid(g, kind, opts)
    local e = env[g]
    local costs, off = e.combat_costs, e.combat_costs_off or NO_OPTS
    if not costs or #costs == 0 then return nil end
    local paid = {}
    for _, c in ipairs(opts.pay or {}) do paid[c] = true end
    local out = {}
    for _, c in ipairs(g.battlefield:cards()) do
      if not paid[c] then
        for _, cost in ipairs(costs) do
          if cost.kind == kind and not off[cost] and core._guard(cost.applies)(g, c) then out[c] = true end
        end
      end
    end
    return out
  end

  -- Pays the costs with a `cost` of the declared creatures whose costs opts.pay says are paid
  -- (500.5: paid as they are declared; acting is the choice, so no "pay" question), through
  -- the payment path of arbiter.ask_pay (its mana, life, sacrifice, discard), one creature
  -- after the other in declaration order. Raises when one can't be paid: the declaration is
  -- undone whole (422).
  local function pay_costs(g, kind, decl, order, opts)
    local e = env[g]
    local costs, off = e.combat_costs, e.combat_costs_off or NO_OPTS
    if not costs or not opts.pay then return end
    local paid = {}
    for _, c in ipairs(opts.pay) do paid[c] = true end
    local fname = kind == "attack" and "declare_attackers" or "declare_blockers"
    for _, c in ipairs(order) do
      if paid[c] and decl[c] then
        for _, cost in ipairs(costs) do
          if cost.cost ~= nil and cost.kind == kind and not off[cost] and core._guard(cost.applies)(g, c) then
            arbiter._pay_payment(g, c.controller, assert(arbiter._read_payment(g, cost.cost)),
              fname .. " (the cost to " .. kind .. " with " .. tostring(c) .. ")", { source = c, cost = cost.cost })
          end
        end
      end
    end
  end

  function Game:add_combat_cost(spec)
    check.table("add_combat_cost", 1, spec)
    if spec.kind ~= "attack" and spec.kind ~= "block" then
      fail("add_combat_cost", 1, "kind must be \"attack\" or \"block\", got " .. describe(spec.kind))
    end
    check.func("add_combat_cost", 1, spec.applies, "applies")
    if spec.cost ~= nil then          -- what ask_pay takes: "{2}", {mana =, life =, ...}
      local ok, err = arbiter._read_payment(self, spec.cost)
      if not ok then fail("add_combat_cost", 1, "cost: " .. err) end
      if ok.mana.x > 0 then fail("add_combat_cost", 1, "cost can't hold {X} (a combat cost names its amount)") end
    end
    local e = env[self]
    local h = { kind = spec.kind, applies = spec.applies, name = spec.name, cost = spec.cost }
    local list = {}                      -- a new list: a rollback puts the old one back (422)
    for i, c in ipairs(e.combat_costs or {}) do list[i] = c end
    list[#list + 1] = h
    arbiter._note_setting(self, "top", { key = "combat_costs", old = e.combat_costs })
    e.combat_costs = list
    return h
  end

  -- Removed in this game only: the handle is shared with clones (a clone's env is a shallow
  -- copy), so what is off is a per-game set, a new one at each removal (a rollback puts the
  -- old one back, 422; a clone keeps the set it was made with).
  function Game:remove_combat_cost(h)
    check.table("remove_combat_cost", 1, h)
    local e = env[self]
    local off = {}
    for k in pairs(e.combat_costs_off or NO_OPTS) do off[k] = true end
    off[h] = true
    arbiter._note_setting(self, "top", { key = "combat_costs_off", old = e.combat_costs_off })
    e.combat_costs_off = off
  end

  -- Requirements tied to one creature or player (500.1, 500.4): "blocks <creature> each
  -- combat if able" (provoke: "target creature blocks it this turn if able") and "attacks
  -- <player> each combat if able". Each is an ability of the creature that must obey it --
  -- "blocks creature <card id> each combat if able", "attacks player <n> each combat if able"
  -- (n: g.players[n]) -- granted until the end of the turn (opts["until"] = "end_of_combat":
  -- this combat; opts.count: instances, each counting as one requirement). A requirement
  -- tied to a creature that isn't attacking, or to a player who isn't defending, can't be
  -- obeyed and doesn't count. Returns the creature.
  local UNTIL = { end_of_turn = true, end_of_combat = true }
  local function requirement(g, fname, c, what, opts)
    opts = check.table(fname, 3, opts, true)
    local u = opts["until"] or "end_of_turn"
    if not UNTIL[u] then
      fail(fname, 3, "until must be \"end_of_turn\" or \"end_of_combat\", got " .. describe(u), 3)
    end
    local n = check.integer(opts.count or 1)
    if not n or n < 1 then fail(fname, 3, "count must be a positive integer, got " .. describe(opts.count), 3) end
    g:grant(c, what, { ["until"] = u, count = n })
    return c
  end

  function Game:require_block(blocker, attacker, opts)
    check.object(self, "require_block", 1, blocker, "card")
    check.object(self, "require_block", 2, attacker, "card")
    if attacker.id > 65535 then fail("require_block", 2, "card id too large: " .. describe(attacker)) end
    return requirement(self, "require_block", blocker,
      "blocks creature " .. attacker.id .. " each combat if able", opts)
  end

  function Game:require_attack(creature, player, opts)
    check.object(self, "require_attack", 1, creature, "card")
    check.object(self, "require_attack", 2, player, "player")
    return requirement(self, "require_attack", creature,
      "attacks player " .. player.index .. " each combat if able", opts)
  end

  return { by_id = by_id, sorted_keys = sorted_keys, opponent_of = opponent_of, norm_attack = norm_attack,
    norm_block = norm_block, check_opts = check_opts, unpaid = unpaid, pay_costs = pay_costs }
end
