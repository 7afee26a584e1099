-- arbiter.combat — legal attacks and blocks (500-501) and combat damage (502.2).
-- Declarations are normalized here (array or map form, read in card-id order, never
-- pairs() order) and handed to the C solver (csrc/solver*.c via csrc/lcombat.c), which
-- decides legality exactly: a declaration is legal iff it obeys every restriction and as
-- many requirements as the most any restriction-obeying declaration obeys (500.4, text 004).
--
-- Attack and block costs (Propaganda-style, 500.2-500.3): g:add_combat_cost{kind = "attack"
-- or "block", applies = function(g, creature) ... end, name = "Propaganda"} puts a cost on a
-- creature. A declaration pays costs through its options: g:declare_attackers(decl,
-- {pay = {creature, ...}}). A creature whose cost is unpaid can't attack (or block) and is
-- exempt from requirements.
local core = require("arbiter.core")
local check = require("arbiter.check")
local isint = require("arbiter.compat").isint
local division = require("arbiter.division")

return function(arbiter, Game)
  local fail, describe = check.fail, check.describe
  local env = arbiter._env
  -- the core's methods, read once (a method call on a game is a lookup through __index)
  local attack_c, block_c, declare_c, settle, gen = Game._attack, Game._block, Game._declare, Game.settle, Game._gen
  local result, first_strike, end_combat_c = Game.result, Game._first_strike, Game._end_combat
  local end_durations, defender_of, blocks_c = Game._end_durations, Game._defender_of, Game.blocks
  local set_dealt_first, dealt_first = Game._set_dealt_first, Game._dealt_first
  local attackers_c = Game.attackers

  local NO_OPTS = {}       -- an absent options table (only read)

  local function by_id(a, b) return a.id < b.id end

  -- The keys of a declaration in a fixed order (never pairs() order): an array's indices in
  -- order; otherwise cards by id, then anything else by its string.
  local card_keys = core.card_keys
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

  local function opponent_of(g)
    local order = arbiter._foes(g)
    for i = 1, #order do
      local p = order[i]
      if not p.lost then return p end
    end
  end

  -- attackers: array of creatures or map {[creature] = defending player}
  local function norm_attack(g, fname, decl)
    if type(decl) ~= "table" then fail(fname, 1, "table of attackers expected, got " .. describe(decl), 3) end
    local arr = #decl > 0
    local out, n, order = {}, 0, not arr and {} or nil   -- an array gives its own order
    local opponent = arr and opponent_of(g)
    local kind = core.kind
    local pure = arr and next(decl, #decl) == nil     -- an array only: its values, in order
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
    if type(decl) ~= "table" then fail(fname, 1, "table of blocks expected, got " .. describe(decl), 3) end
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
    local costs = env[g].combat_costs
    if not costs or #costs == 0 then return nil end
    local paid = {}
    for _, c in ipairs(opts.pay or {}) do paid[c] = true end
    local out = {}
    for _, c in ipairs(g.battlefield:cards()) do
      if not paid[c] then
        for _, cost in ipairs(costs) do
          if cost.kind == kind and cost.active and core._guard(cost.applies)(g, c) then out[c] = true end
        end
      end
    end
    return out
  end

  function Game:add_combat_cost(spec)
    check.table("add_combat_cost", 1, spec)
    if spec.kind ~= "attack" and spec.kind ~= "block" then
      fail("add_combat_cost", 1, "kind must be \"attack\" or \"block\", got " .. describe(spec.kind))
    end
    check.func("add_combat_cost", 1, spec.applies, "applies")
    local e = env[self]
    local h = { kind = spec.kind, applies = spec.applies, name = spec.name, active = true }
    local list = {}                      -- a new list: a rollback puts the old one back (422)
    for i, c in ipairs(e.combat_costs or {}) do list[i] = c end
    list[#list + 1] = h
    arbiter._note_setting(self, "top", { key = "combat_costs", old = e.combat_costs })
    e.combat_costs = list
    return h
  end

  function Game:remove_combat_cost(h)
    arbiter._note_setting(self, "field", { t = h, key = "active", old = h.active })
    h.active = false
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

  -- ---- explanations ----

  local RULE = { attack = "500.2", block = "500.3" }
  local function explain(kind, v)
    local r, c, o = v.reason, tostring(v.creature), tostring(v.other)
    local rule = RULE[kind]
    if r == "not_eligible" then
      if kind == "attack" then return string.format("%s: %s can't attack %s", rule, c, o) end
      return string.format("%s/501: %s can't block %s (a restriction or evasion ability forbids it)", rule, c, o)
    elseif r == "capacity" then
      return string.format("%s: %s blocks %d creatures but may block at most %d", rule, c, v.count, v.bound)
    elseif r == "too_few_blockers" then
      return string.format("%s: %s is blocked by %d creature(s); it can't be blocked except by %d or more",
        rule, v.creature and c or o, v.count, v.bound)
    elseif r == "too_many_blockers" then
      return string.format("%s: %s is blocked by %d creatures; at most %d may block it", rule,
        v.creature and c or o, v.count, v.bound)
    elseif r == "condition" then
      return string.format("500.1/%s: %s can't block unless its condition holds (block_condition), "
        .. "and in this declaration it doesn't", rule, c)
    elseif r == "alone" then
      return string.format("%s: %s can't %s alone", rule, c, kind)
    elseif r == "limit" then
      return string.format("%s: %d creatures %s, but no more than %d can %s each combat", rule, v.count,
        kind == "attack" and "attack" or "block", v.bound, kind)
    elseif r == "requirements" and not v.exact then   -- certain even though the maximum isn't proved
      return string.format("500.4: the declaration obeys %d requirements, but one obeying %d exists "
        .. "(the most, not proved within the search budget, is at most %d)", v.score, v.bound, v.upper)
    elseif r == "requirements" then
      return string.format("500.4: the declaration obeys %d of the most %d requirements", v.score, v.max)
    elseif r == "unknown" then
      return string.format("500.4: undecided: the declaration obeys every restriction and %d requirements, "
        .. "but the solver could not prove the maximum within its search budget (the most is between %d and %d; "
        .. "raise it with g:set_combat_budget(nodes))", v.score, v.lower, v.upper)
    end
    return "illegal declaration"
  end

  local function verdict(g, kind, decl, opts)
    local v
    if kind == "attack" then v = attack_c(g, "check", decl, unpaid(g, "attack", opts))
    else v = block_c(g, "check", decl, unpaid(g, "block", opts)) end
    return v
  end

  local function is_creature(c)
    local def = c.definition
    for _, t in ipairs(def and def.types or {}) do if t == "Creature" then return true end end
    return false
  end

  -- Who may be declared at all (308: the active player's creatures attack; 309: creatures of
  -- a defending player block attacking creatures); the solver only sees those candidates.
  local function not_candidate(g, kind, decl)
    local act = g.active_player
    for _, c in ipairs(sorted_keys(decl)) do
      local ok = c.zone == "battlefield" and is_creature(c)
      if kind == "attack" and not (ok and c.controller == act) then
        return string.format("308: %s is not a creature on the battlefield controlled by the active player (%s)",
          tostring(c), tostring(act))
      elseif kind == "attack" and (decl[c].team == act.team or decl[c].lost) then
        return string.format("308: %s can't attack %s, who is not a defending player (an opponent still in the game)",
          tostring(c), tostring(decl[c]))
      elseif kind == "block" then
        if not (ok and c.controller.team ~= act.team) then
          return string.format("309: %s is not a creature on the battlefield controlled by a defending player",
            tostring(c))
        end
        for _, a in ipairs(decl[c]) do
          if a.zone ~= "battlefield" or not a.attacking then
            return string.format("309: %s blocks %s, which is not an attacking creature", tostring(c), tostring(a))
          end
        end
      end
    end
  end

  -- the example's search: this many nodes, plus the maximum's own, plus one per creature
  -- (a node costs about a pass over the attackers: the search costs about what the maximum did)
  local NEAR_NODES = 16

  local function check_decl(g, kind, decl, opts)
    local bad = not_candidate(g, kind, decl)
    if bad then return false, bad, { legal = 0, reason = "not_candidate" } end
    local v = verdict(g, kind, decl, opts)
    if v.legal == 1 then return true, v end
    local msg = explain(kind, v)
    if v.legal == -1 then return nil, msg, v end    -- undecided (budget): neither verdict is claimed
    if v.reason == "requirements" or v.reason == "unknown" then
      -- the example: a legal declaration near the proposal, searched within a budget
      -- proportional to what the maximum cost (from the cached witness), so a check
      -- costs about what the maximum costs; g:nearest_legal_* searches exactly on request
      local nodes = NEAR_NODES + (v.nodes or 0) + (v.size or 0)
      local near = kind == "attack" and attack_c(g, "nearest", decl, unpaid(g, "attack", opts), nodes)
        or block_c(g, "nearest", decl, unpaid(g, "block", opts), nodes)
      local parts = {}
      for _, k in ipairs(sorted_keys(near)) do
        local t = near[k]
        if type(t) == "table" then
          local names = {}
          for i, a in ipairs(t) do names[i] = tostring(a) end
          t = table.concat(names, ", ")
        end
        parts[#parts + 1] = tostring(k) .. " -> " .. tostring(t)
      end
      msg = msg .. "; for example: {" .. table.concat(parts, "; ") .. "}"
    end
    return false, msg, v
  end

  -- ---- attacks ----

  function Game:check_attack(attackers, opts)
    local decl = norm_attack(self, "check_attack", attackers)
    return check_decl(self, "attack", decl, check_opts("check_attack", 2, opts))
  end

  function Game:max_attack_requirements(opts)
    local r = attack_c(self, "max", nil, unpaid(self, "attack", check_opts("max_attack_requirements", 1, opts)))
    return r.exact and r.max or nil, r
  end

  local function single_defender(g)
    local defs, ps = 0, arbiter._foes(g)
    for i = 1, #ps do
      if not ps[i].lost then defs = defs + 1 end
    end
    return defs == 1
  end
  local function as_array(d)
    local arr = card_keys(d)
    if not arr then
      arr = {}
      for c in pairs(d) do arr[#arr + 1] = c end
      table.sort(arr, by_id)
    end
    return arr
  end
  local function to_array_if_single(g, decls)
    if not single_defender(g) then return decls end
    local out = {}
    for i, d in ipairs(decls) do out[i] = as_array(d) end
    return out
  end

  function Game:legal_attacks(opts)
    opts = check_opts("legal_attacks", 1, opts)
    local list, exact = attack_c(self, "legal", nil, unpaid(self, "attack", opts), opts.limit or 100000)
    return to_array_if_single(self, list), exact
  end

  -- The last nearest legal declaration the solver proved legal (exact search, no combat
  -- costs), with the game's change counter then: declaring exactly it while nothing has
  -- changed needs no second check (the random agent's path: nearest, then declare).
  local NEAR = { attack = "near_attack", block = "near_block" }
  local function remember(g, kind, u, near, exact)
    env[g][NEAR[kind]] = exact and u == nil and { gen = gen(g), decl = near } or nil
  end
  local function proved(g, kind, decl, opts)
    local m = env[g][NEAR[kind]]
    if not m or opts.pay ~= nil or m.gen ~= gen(g) or unpaid(g, kind, opts) ~= nil then return false end
    local near, n = m.decl, 0
    for c, v in pairs(decl) do
      local w = near[c]
      if kind == "attack" then
        if w ~= v then return false end
      else                              -- the same attackers (decl's are sorted, near's as given)
        if type(w) ~= "table" or #w ~= #v then return false end
        for _, a in ipairs(v) do
          local found = false
          for _, x in ipairs(w) do if x == a then found = true break end end
          if not found then return false end
        end
      end
      n = n + 1
    end
    for _ in pairs(near) do n = n - 1 end
    return n == 0
  end

  -- a budget change may change a verdict (undecided): forget what was proved
  local raw_budget = Game.set_combat_budget
  local function set_budget(g, ...)
    local e = env[g]
    e.near_attack, e.near_block = nil, nil
    return raw_budget(g, ...)
  end
  arbiter._undo_kinds.budget = function(g, x) set_budget(g, x.old) end
  function Game:set_combat_budget(...)
    local old = set_budget(self, ...)
    arbiter._note_setting(self, "budget", { old = old })   -- 422: a failed call puts it back
    return old
  end

  function Game:nearest_legal_attack(attackers, opts)
    local decl = norm_attack(self, "nearest_legal_attack", attackers)
    local u = unpaid(self, "attack", check_opts("nearest_legal_attack", 2, opts))
    local near, changes, exact = attack_c(self, "nearest", decl, u)
    remember(self, "attack", u, near, exact)
    local out = single_defender(self) and as_array(near) or near   -- the same shape as legal_attacks
    if out == near then                 -- a map: a copy (the caller may change what it gets)
      out = {}
      for c, d in pairs(near) do out[c] = d end
    end
    return out, changes, exact
  end

  -- the declaration (its events), then the step's priority moment (one action)
  local function declare(g, list, blocks, n)
    declare_c(g, list, blocks)
    settle(g)
    return n
  end

  -- Combat run by these calls records its steps as the turn's step functions do (003 "Step by
  -- Step"; csrc/combat_steps.c): a step not entered yet is entered (outside a turn, recorded),
  -- so "at the beginning of combat" / "at end of combat" triggers fire here too. Returns
  -- whether anything happened besides the step events (then a declaration checked before is
  -- checked again: a trigger may have changed the board).
  local combat_step_c, history_length = Game._combat_step, Game.history_length
  local function enter(g, name, settles)
    if g.step == name then return 0 end
    combat_step_c(g, name, settles)
    return 1
  end
  local function enter_steps(g, kind)
    local h0, n = history_length(g), 0
    if kind == "attack" then
      local s = g.step
      if s ~= "beginning_of_combat" and s ~= "declare_attackers" then
        n = n + enter(g, "beginning_of_combat", true)   -- its priority moment, as the turn's
      end
      n = n + enter(g, "declare_attackers")
    else
      n = n + enter(g, "declare_blockers")
    end
    return history_length(g) - h0 > n
  end

  -- the steps, then the declaration (checked again if the steps changed anything), one action
  local function declare_in_steps(g, kind, decl, opts, list, n)
    if enter_steps(g, kind) and not result(g) then
      local ok, msg = check_decl(g, kind, decl, opts)
      if not ok then
        error(string.format("declare_%s: %s %s: %s", kind == "attack" and "attackers" or "blockers",
          ok == nil and "undecided" or "illegal", kind, msg), 0)
      end
    end
    if result(g) then return n end
    return declare(g, list, kind == "block", n)
  end

  function Game:declare_attackers(attackers, opts)
    local decl, n, order = norm_attack(self, "declare_attackers", attackers)
    opts = check_opts("declare_attackers", 2, opts)
    local ok, msg = true, nil
    if not proved(self, "attack", decl, opts) then ok, msg = check_decl(self, "attack", decl, opts) end
    if not ok then error("declare_attackers: " .. (ok == nil and "undecided" or "illegal") .. " attack: " .. msg, 2) end
    local list = {}
    local keys = order or sorted_keys(decl)
    for i = 1, #keys do
      local c = keys[i]
      list[2 * i - 1], list[2 * i] = c, decl[c]
    end
    return arbiter._atomic(self, declare_in_steps, "attack", decl, opts, list, n)
  end

  -- ---- effects on combat (csrc/combat_effects.c) ----

  -- g:put_attacking(creature, defender, {tapped = true}): puts the creature onto the
  -- battlefield (from wherever it is: ninjutsu returns a blocked attacker and puts a creature
  -- from the hand) attacking defender (default: the one opponent). It was never declared as
  -- an attacker: no "attack" event, so "whenever ~ attacks" doesn't trigger (glossary
  -- "Attack"; 308.1). Returns the creature.
  local put_attacking_c, become_blocked_c = Game._put_attacking, Game._become_blocked
  function Game:put_attacking(c, defender, opts)
    check.object(self, "put_attacking", 1, c, "card")
    if not is_creature(c) then fail("put_attacking", 1, tostring(c) .. " is not a creature") end
    local act = self.active_player
    local ctl = c.zone == "battlefield" and c.controller or c.owner
    if ctl.team ~= act.team then
      fail("put_attacking", 1, string.format("%s would be controlled by %s, not by the attacking player %s (308)",
        tostring(c), tostring(ctl), tostring(act)))
    end
    if defender == nil then defender = opponent_of(self) end
    check.object(self, "put_attacking", 2, defender, "player")
    if defender.team == act.team or defender.lost then
      fail("put_attacking", 2, string.format("%s is not a defending player (an opponent still in the game)",
        tostring(defender)))
    end
    opts = check_opts("put_attacking", 3, opts)
    if opts.tapped ~= nil and type(opts.tapped) ~= "boolean" then
      fail("put_attacking", 3, "tapped must be a boolean, got " .. describe(opts.tapped))
    end
    return arbiter._atomic(self, function(g)
      if c.zone ~= "battlefield" then g:move(c, "battlefield") end
      if c.zone ~= "battlefield" or g:result() then return c end   -- a replacement kept it out
      if opts.tapped then c:tap() end
      put_attacking_c(g, c, defender)
      return c
    end)
  end

  -- g:become_blocked(attacker): an effect makes an attacking creature blocked with no creature
  -- blocking it: it stays blocked and deals no combat damage unless it has trample (502.9c).
  -- A "block" event with no blocker is recorded ("whenever ~ becomes blocked" triggers fire),
  -- then the triggers go on the stack (settle).
  function Game:become_blocked(c)
    check.object(self, "become_blocked", 1, c, "card")
    if c.zone ~= "battlefield" or not c.attacking then
      fail("become_blocked", 1, tostring(c) .. " is not an attacking creature")
    end
    return arbiter._atomic(self, function(g)
      become_blocked_c(g, c)
      settle(g)
    end)
  end

  -- ---- blocks ----

  function Game:check_block(blocks, opts)
    local decl = norm_block(self, "check_block", blocks)
    return check_decl(self, "block", decl, check_opts("check_block", 2, opts))
  end

  function Game:max_block_requirements(opts)
    local r = block_c(self, "max", nil, unpaid(self, "block", check_opts("max_block_requirements", 1, opts)))
    return r.exact and r.max or nil, r
  end

  local function simplify_blocks(decls)
    for _, d in ipairs(decls) do
      for b, list in pairs(d) do if #list == 1 then d[b] = list[1] end end
    end
    return decls
  end

  -- a copy the caller may change, simplified: one attacker stands alone
  local function copy_blocks(d)
    local out = {}
    for b, list in pairs(d) do
      if #list == 1 then out[b] = list[1]
      else
        local l = {}
        for i = 1, #list do l[i] = list[i] end
        out[b] = l
      end
    end
    return out
  end

  function Game:legal_blocks(opts)
    opts = check_opts("legal_blocks", 1, opts)
    local list, exact = block_c(self, "legal", nil, unpaid(self, "block", opts), opts.limit or 100000)
    return simplify_blocks(list), exact
  end

  function Game:nearest_legal_block(blocks, opts)
    local decl = norm_block(self, "nearest_legal_block", blocks)
    local u = unpaid(self, "block", check_opts("nearest_legal_block", 2, opts))
    local near, changes, exact = block_c(self, "nearest", decl, u)
    remember(self, "block", u, near, exact)
    return copy_blocks(near), changes, exact
  end

  function Game:declare_blockers(blocks, opts)
    local decl, order = norm_block(self, "declare_blockers", blocks)
    opts = check_opts("declare_blockers", 2, opts)
    local ok, msg = true, nil
    if not proved(self, "block", decl, opts) then ok, msg = check_decl(self, "block", decl, opts) end
    if not ok then error("declare_blockers: " .. (ok == nil and "undecided" or "illegal") .. " block: " .. msg, 2) end
    local list = {}
    for i = 1, #order do
      local b = order[i]
      local as = decl[b]
      for j = 1, #as do list[#list + 1] = b; list[#list + 1] = as[j] end
    end
    arbiter._atomic(self, declare_in_steps, "block", decl, opts, list)
  end

  -- ---- combat damage (502.2) ----

  local function in_play(c) return c.zone == "battlefield" end

  -- The declared blocks still in play, indexed both ways (one pass over g:blocks()).
  local function block_index(g)
    local of_attacker, of_blocker, order = {}, {}, {}
    for _, pair in ipairs(blocks_c(g)) do
      local b, a = pair[1], pair[2]
      if in_play(b) then
        local l = of_attacker[a]
        if not l then l = {}; of_attacker[a] = l end
        l[#l + 1] = b
        if in_play(a) and a.attacking then
          local m = of_blocker[b]
          if not m then m = {}; of_blocker[b] = m; order[#order + 1] = b end
          m[#m + 1] = a
        end
      end
    end
    return of_attacker, of_blocker, order
  end

  -- The division of one source's damage (lua/arbiter/division.lua): its controller is asked
  -- when it has more than one legal division, else it is the default.
  local function divide(g, out, src, targets, player, extra, assigned)
    local q = division.question(src, src.power, targets, player, assigned)
    local pick = division.has_choice(q) and division.ask(arbiter, g, src.controller, q, extra)
      or division.default(q)
    for _, d in ipairs(pick) do
      if d.amount > 0 then out[#out + 1] = { source = src, target = d.target, amount = d.amount } end
    end
  end

  -- arbiter.check_division(ctx, division) -> the division as a list of {target, amount}, or
  -- false and a message naming the rule: the check the engine makes of an answer to
  -- choose(p, "damage", options, ctx), for a UI that wants to check before it answers.
  function arbiter.check_division(ctx, answer)
    check.table("check_division", 1, ctx)
    if core.kind(ctx.source) ~= "card" then
      fail("check_division", 1, "ctx.source (a card) expected, got " .. describe(ctx.source), 2)
    end
    if not isint(ctx.amount) then
      fail("check_division", 1, "ctx.amount (an integer) expected, got " .. describe(ctx.amount), 2)
    end
    for _, f in ipairs({ "recipients", "lethal" }) do
      if type(ctx[f]) ~= "table" then
        fail("check_division", 1, "ctx." .. f .. " (a table) expected, got " .. describe(ctx[f]), 2)
      end
    end
    local q = { source = ctx.source, amount = ctx.amount, recipients = ctx.recipients, lethal = ctx.lethal,
      player = ctx.player, trample = ctx.player ~= nil }
    for _, r in ipairs(q.recipients) do
      if r ~= q.player and not isint(q.lethal[r]) then
        fail("check_division", 1, "ctx.lethal has no amount for " .. describe(r), 2)
      end
    end
    local list, err = division.check(q, answer)
    if not list then return false, err end
    return list
  end

  local function deals_now(g, c, first_step, had_first_step)
    local fs = c:has("first strike") or c:has("double strike")
    if not had_first_step then return true end
    if first_step then return fs end
    return not dealt_first(g, c) or c:has("double strike")   -- 502.2b, 502.2c
  end

  -- One attacker's damage into its own list. `assigned` counts the damage already assigned to
  -- each blocker in this step, which a trampler's lethal damage accounts for (502.9b).
  local function assign_attacker(g, a, defender, of_attacker, assigned)
    local out, trample = {}, a:has("trample")
    if not a.blocked then
      out[1] = { source = a, target = defender, amount = a.power }
    else
      local bs = of_attacker[a] or {}
      if #bs == 0 then
        if trample then out[1] = { source = a, target = defender, amount = a.power } end
      else
        divide(g, out, a, bs, trample and defender or nil, { attacker = a, blockers = bs }, assigned)
      end
    end
    for _, d in ipairs(out) do assigned[d.target] = (assigned[d.target] or 0) + d.amount end
    return out
  end

  -- The attacking player's divisions come first (seed 003: the active player makes such
  -- choices first); those of attackers without trample before those with it, so that a
  -- trampler's lethal damage accounts for the damage other creatures assign to its blockers at
  -- the same time (502.9b, 502.9e); tramplers in card-id order, each counting the ones before.
  -- The damage is listed in card-id order whatever the order of the questions.
  local function assign(g, first_step, had_first_step)
    local out, assigned, by, tramplers = {}, {}, {}, {}
    local of_attacker, of_blocker, blockers = block_index(g)
    local atk = {}
    for _, a in ipairs(attackers_c(g)) do
      if in_play(a) and deals_now(g, a, first_step, had_first_step) and a.power > 0 then
        atk[#atk + 1] = a
        if a:has("trample") then tramplers[#tramplers + 1] = a
        else by[a] = assign_attacker(g, a, defender_of(g, a), of_attacker, assigned) end
      end
    end
    for _, a in ipairs(tramplers) do by[a] = assign_attacker(g, a, defender_of(g, a), of_attacker, assigned) end
    for _, a in ipairs(atk) do
      for _, d in ipairs(by[a]) do out[#out + 1] = d end
      if first_step then set_dealt_first(g, a, true) end
    end
    for _, b in ipairs(blockers) do
      if deals_now(g, b, first_step, had_first_step) then
        local targets = of_blocker[b]
        if b.power > 0 then
          -- a blocker blocking several attackers: its controller divides its damage (502.2)
          divide(g, out, b, targets, nil, { blocker = b, attackers = targets })
        end
        if first_step then set_dealt_first(g, b, true) end
      end
    end
    return out
  end

  -- All combat damage of a step is dealt at once, then state-based actions (settle). A step
  -- where nobody has a division to choose is planned and dealt by the core in one call
  -- (csrc/combat_damage.c, the same orders as assign); else assign asks the players here.
  -- g:_damage_in_lua(true) forces this path (the differential spec compares the two).
  local function damage_step(g, first_step, had_first_step)
    if env[g].damage_in_lua or not g:_damage_step(first_step, had_first_step) then
      for _, d in ipairs(assign(g, first_step, had_first_step)) do
        g:_combat_damage(d.source, d.target, d.amount)
      end
    end
    settle(g)
  end

  function Game:_damage_in_lua(on) env[self].damage_in_lua = on and true or nil end

  function Game:combat_damage()
    return arbiter._atomic(self, function()
      enter(self, "combat_damage")
      local any = first_strike(self)   -- an attacker or blocker in play with first/double strike
      if any then damage_step(self, true, true) end   -- 502.2b: a first combat damage step
      if result(self) then return end
      damage_step(self, false, any)
    end)
  end

  -- Flanking (502.3): "Whenever this creature becomes blocked by a creature without
  -- flanking, the blocking creature gets -1/-1 until end of turn"; each instance triggers
  -- separately (502.3b). A built-in trigger (csrc/flanking.c): new_game installs one per
  -- player, controlled by the flanking creature's controller (APNAP order of triggers).
  -- Returns the trigger's effect id.
  function arbiter.install_flanking(g, controller)
    check.object(g, "install_flanking", 2, controller, "player")
    return g:_flanking(controller)
  end

  function Game:end_combat()
    return arbiter._atomic(self, function()
      enter(self, "end_of_combat")
      end_combat_c(self)
      end_durations(self, "end_of_combat")   -- "until end of combat" effects end
      settle(self)
    end)
  end
end
