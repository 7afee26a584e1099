-- arbiter.combat — legal attacks and blocks (500-501). Declarations are normalized by
-- lua/arbiter/combat_input.lua (which also holds combat costs and requirements) and handed to
-- the C solver (csrc/solver*.c via csrc/lcombat_attack.c and lcombat_block.c), which decides
-- legality exactly: a declaration is legal iff it obeys every restriction and as many
-- requirements as the most any restriction-obeying declaration obeys (500.4, text 004).
-- Combat damage: lua/arbiter/combat_damage.lua.
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions (internal.lua)
local core = require("arbiter.core")
local check = require("arbiter.check")

return function(arbiter, Game)
  local fail, describe = check.fail, check.describe
  local env = arbiter._env
  -- the core's methods, read once (a method call on a game is a lookup through __index)
  local attack_c, block_c, declare_c, settle, gen = GI._attack, GI._block, GI._declare, Game.settle, GI._gen
  local result = Game.result
  local input = require("arbiter.combat_input")(arbiter, Game)
  local by_id, sorted_keys, opponent_of = input.by_id, input.sorted_keys, input.opponent_of
  local norm_attack, norm_block = input.norm_attack, input.norm_block
  local check_opts, unpaid, pay_costs = input.check_opts, input.unpaid, input.pay_costs
  local NO_OPTS = check_opts("", 0, nil)     -- an absent options table (only read)
  local bands_of = require("arbiter.combat_bands")(arbiter)   -- banding (502.10)
  local card_keys = core.card_keys

  -- ---- explanations ----

  local RULE = { attack = "500.2", block = "500.3" }
  local function explain(g, kind, v)
    local r, c, o = v.reason, tostring(v.creature), tostring(v.other)
    local rule = RULE[kind]
    if r == "not_eligible" then
      if kind == "attack" then return string.format("%s: %s can't attack %s", rule, c, o) end
      -- 500.3: the defending player blocks with creatures he or she controls; a creature of
      -- another player (a teammate's) can't block an attacker attacking someone else
      local d = core.kind(v.other) == "card" and GI._defender_of(g, v.other)
      if d and core.kind(v.creature) == "card" and v.creature.controller.team ~= d.team then
        return string.format("%s: %s can't block %s: %s attacks %s, and only %s's creatures may block it "
          .. "(%s is controlled by %s)", rule, c, o, o, tostring(d), tostring(d), c, tostring(v.creature.controller))
      end
      return string.format("%s/501: %s can't block %s (a restriction or evasion ability forbids it)", rule, c, o)
    elseif r == "capacity" then
      return string.format("%s: %s blocks %d creatures but may block at most %d", rule, c, v.count, v.bound)
    elseif r == "too_few_blockers" then
      return string.format("%s: %s is blocked by %d creature(s); it can't be blocked except by %d or more",
        rule, v.creature and c or o, v.count, v.bound)
    elseif r == "too_many_blockers" then
      return string.format("%s: %s is blocked by %d creatures; at most %d may block it", rule,
        v.creature and c or o, v.count, v.bound)
    elseif r == "condition" and kind == "attack" then
      return string.format("500.1/%s: %s can't attack unless its condition holds (attack_condition), "
        .. "and in this declaration it doesn't", rule, c)
    elseif r == "condition" and v.blocked_condition then
      return string.format("500.1/%s: %s can't be blocked by these blocks (its blocked_condition refuses them)",
        rule, tostring(v.blocked_condition))
    elseif r == "condition" then
      return string.format("500.1/%s: %s can't block unless its condition holds (block_condition), "
        .. "and in this declaration it doesn't", rule, c)
    elseif r == "alone" then
      return string.format("%s: %s can't %s alone", rule, c, kind)
    elseif r == "limit" and v.creature then   -- multiplayer: the count is per defending player
      return string.format("%s: %d creatures of %s's side block (%s among them), but no more than %d can "
        .. "block each combat, counted per defending player (606.7c: a team's block is one)", rule, v.count,
        tostring(v.creature.controller), c, v.bound)
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

  -- a creature now: the layered types (an animated land is one), through the one accessor
  local has_type = arbiter.has_type
  local function is_creature(c) return has_type(c, "Creature") end

  -- Who may be declared at all (308: the active player's creatures attack; 309: creatures of
  -- a defending player block attacking creatures); the solver only sees those candidates.
  local attackable = GI._attackable   -- 308, 601, 603 (csrc/influence.c)
  local function not_candidate(g, kind, decl)
    local act = g.active_player
    for _, c in ipairs(sorted_keys(decl)) do
      local ok = c.zone == "battlefield" and is_creature(c)
      if kind == "attack" and not (ok and c.controller.team == act.team) then
        return string.format("308: %s is not a creature on the battlefield controlled by the active player (%s) " ..
          "or a teammate", tostring(c), tostring(act))
      elseif kind == "attack" and not attackable(g, act, decl[c]) then
        return string.format("308: %s can't attack %s, who is not a defending player (an opponent still in the game%s)",
          tostring(c), tostring(decl[c]), env[g].seats and ", within the attack direction (604) and range (601)" or "")
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
    local msg = explain(g, kind, v)
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

  -- opts.bands (502.10b-c) of a call without a declaration: its shape and band rules checked
  -- (a band doesn't change which attacks are legal: no restriction or requirement of the era
  -- reads bands), raising naming fname
  local function no_bad_bands(g, fname, argn, opts, decl)
    local _, bad = bands_of.read(g, fname, argn, opts, decl)
    if bad then fail(fname, argn, "bands: " .. bad, 3) end
    return opts
  end

  function Game:check_attack(attackers, opts)
    local decl = norm_attack(self, "check_attack", attackers)
    opts = check_opts("check_attack", 2, opts)
    local _, bad = bands_of.read(self, "check_attack", 2, opts, decl)
    if bad and not not_candidate(self, "attack", decl) then return false, bad, { legal = 0, reason = "band" } end
    return check_decl(self, "attack", decl, opts)
  end

  function Game:max_attack_requirements(opts)
    opts = no_bad_bands(self, "max_attack_requirements", 1, check_opts("max_attack_requirements", 1, opts))
    local r = attack_c(self, "max", nil, unpaid(self, "attack", opts))
    return r.exact and r.max or nil, r
  end

  local opponent_c = GI._opponent      -- the first opponent still in the game, and how many
  local function single_defender(g)
    if not env[g].seats then
      local _, n = opponent_c(g)
      return n == 1
    end
    return #arbiter._foes(g) == 1        -- (with the seat options: only players in the game)
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
    opts = no_bad_bands(self, "legal_attacks", 1, check_opts("legal_attacks", 1, opts))
    local list, exact = attack_c(self, "legal", nil, unpaid(self, "attack", opts), opts.limit or 100000)
    return to_array_if_single(self, list), exact
  end

  -- The last nearest legal declaration the solver proved legal (exact search, no combat
  -- costs), with the game's change counter then: declaring exactly it while nothing has
  -- changed needs no second check (the random agent's path: nearest, then declare).
  -- out: the table handed to the caller; keys (attacks with one defender): its array, as
  -- handed out (the caller may change out: it is compared with keys, never trusted).
  local NEAR = { attack = "near_attack", block = "near_block" }
  -- The record is the game's own, made once and written over (a table a declaration made
  -- and collected, issue 28): owner, the env it is in, tells it from a clone's shallow copy of
  -- that env (which shares it until the clone remembers a declaration of its own): a clone
  -- never takes it as proved (its cards are the original's; at the clone's first change
  -- counter the original's table would pass as the clone's own).
  -- (now: the change counter the solver's call answered last, else read here)
  local function remember(g, kind, u, near, exact, out, keys, now)
    local e, k = env[g], NEAR[kind]
    local m = e[k]
    if not (exact and u == nil) then
      e[k] = nil
    elseif m and m.owner == e then
      m.gen, m.decl, m.out, m.keys, m.order = now or gen(g), near, out, keys, nil
    else
      e[k] = { owner = e, gen = now or gen(g), decl = near, out = out, keys = keys }
    end
  end
  local function proved(g, kind, decl, opts)
    local e = env[g]
    local m = e[NEAR[kind]]
    if not m or m.owner ~= e or opts.pay ~= nil or m.gen ~= gen(g) or unpaid(g, kind, opts) ~= nil then
      return false
    end
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
  function Game:set_combat_budget(nodes)
    local n = check.integer(nodes)      -- checked here, so that an error names set_combat_budget
    if nodes ~= nil and (not n or n < 0 or n > 1e12) then
      fail("set_combat_budget", 1, "node budget: an integer 0 to 10^12 expected, got " .. describe(nodes))
    end
    local old = set_budget(self, n)
    arbiter._note_setting(self, "budget", { old = old })   -- 422: a failed call puts it back
    return old
  end

  -- nearest_legal_*'s search: by default sized by the maximum's own work (csrc/lcombat_*.c,
  -- ARB_LC_NEAR_FACTOR); opts.exact: the whole combat budget (g:set_combat_budget). The fourth
  -- result is a proved lower bound on the changes (csrc/solver_near.c): equal to changes
  -- when proved, at least 1 for an illegal proposal
  local WHOLE_BUDGET = 1000000000
  local function near_budget(fname, opts)
    if opts.exact ~= nil and type(opts.exact) ~= "boolean" then
      fail(fname, 2, "opts.exact: boolean expected, got " .. describe(opts.exact), 3)
    end
    return opts.exact and WHOLE_BUDGET or nil
  end

  function Game:nearest_legal_attack(attackers, opts)
    local decl = norm_attack(self, "nearest_legal_attack", attackers)
    if opts == nil then opts = NO_OPTS     -- (no options: no bands to check)
    else opts = no_bad_bands(self, "nearest_legal_attack", 2, check_opts("nearest_legal_attack", 2, opts)) end
    local u = unpaid(self, "attack", opts)
    -- keys, copy: near's creatures in card-id order, twice (csrc/lcombat_attack.c)
    local near, changes, exact, bound, keys, out, now = attack_c(self, "nearest", decl, u,
      near_budget("nearest_legal_attack", opts))
    if not single_defender(self) then   -- a map: a copy (the caller may change what it gets)
      keys, out = nil, {}
      for c, d in pairs(near) do out[c] = d end
    end                                 -- else the array (the shape legal_attacks uses), keys kept
    remember(self, "attack", u, near, exact, out, keys, now)
    return out, changes, exact, bound
  end

  -- the declaration (its events) and its bands, then the step's priority moment (one action)
  local function declare(g, list, blocks, n, bands)
    declare_c(g, list, blocks)
    bands_of.declare(g, bands)
    settle(g)
    return n
  end

  -- Combat run by these calls records its steps as the turn's step functions do (003 "Step by
  -- Step"; csrc/combat_steps.c): a step not entered yet is entered (outside a turn, recorded),
  -- so "at the beginning of combat" / "at end of combat" triggers fire here too. Returns
  -- whether anything happened besides the step events (then a declaration checked before is
  -- checked again: a trigger may have changed the board).
  local combat_step_c, history_length = GI._combat_step, Game.history_length
  local step_name = GI._step_name      -- g.step as a call (no __index dispatch)
  local function enter(g, name, settles, now)   -- now: g.step when the caller read it
    if (now or step_name(g)) == name then return 0 end
    combat_step_c(g, name, settles)
    return 1
  end
  local function enter_steps(g, kind)
    -- in the step already (the turn's own declarations): nothing entered, nothing happened
    if step_name(g) == (kind == "attack" and "declare_attackers" or "declare_blockers") then return false end
    local h0, n = history_length(g), 0
    if kind == "attack" then
      local s = step_name(g)
      if s ~= "beginning_of_combat" and s ~= "declare_attackers" then
        n = n + enter(g, "beginning_of_combat", true, s)   -- its priority moment, as the turn's
        s = nil                                            -- (the step is read again)
      end
      n = n + enter(g, "declare_attackers", nil, s)
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
    if opts.pay ~= nil then             -- (costs are paid only through opts.pay: 500.5)
      local order = {}                  -- the declared creatures, in declaration order
      for i = 1, #list, 2 do if order[#order] ~= list[i] then order[#order + 1] = list[i] end end
      pay_costs(g, kind, decl, order, opts)
    end
    local bands
    if kind == "attack" and opts.bands ~= nil then   -- (no bands asked: none to read)
      local bad
      bands, bad = bands_of.read(g, "declare_attackers", 2, opts, decl)
      if bad then error("declare_attackers: illegal attack: " .. bad, 0) end
    end
    return declare(g, list, kind == "block", n, bands)
  end

  -- A declaration to be made: its options checked, and it legal (or the solver's own proved
  -- one); an error naming fname otherwise, at the caller of fname. Returns the options.
  local function checked(g, kind, fname, decl, opts)
    opts = check_opts(fname, 2, opts)
    local ok, msg = true, nil
    if not proved(g, kind, decl, opts) then ok, msg = check_decl(g, kind, decl, opts) end
    if not ok then error(fname .. ": " .. (ok == nil and "undecided" or "illegal") .. " " .. kind .. ": " .. msg, 3) end
    return opts
  end

  -- The map g:nearest_legal_attack returned last (several defending players: {[creature] =
  -- player}), declared as handed out: the same pairs as the proved declaration, and the order
  -- norm_attack gives a map, its creatures by id (read once). Issue 33: a free-for-all's attacks
  -- are maps (spec/multiplayer_fast_spec.lua).
  local function nearest_attack_map(m, attackers)
    local near, n = m.decl, 0
    for c, d in next, attackers do
      if near[c] ~= d then return nil end
      n = n + 1
    end
    for _ in next, near do n = n - 1 end
    if n ~= 0 then return nil end
    local order = m.order or card_keys(near)
    if not order then return nil end
    m.order = order
    return near, #order, order
  end

  -- The array g:nearest_legal_attack returned last, declared as it was handed out (same
  -- cards, same order) while nothing changed and without options: its normalized form is
  -- the solver's proved declaration, and its order the array's. What norm_attack and
  -- proved would conclude, without reading each card again (spec/combat_fast_spec.lua).
  local function nearest_attack(g, attackers, opts)
    local e = env[g]
    local m = opts == nil and e.near_attack
    if not m or m.owner ~= e or m.out ~= attackers or m.gen ~= gen(g) or unpaid(g, "attack", NO_OPTS) ~= nil then
      return nil
    end
    if not m.keys then return nearest_attack_map(m, attackers) end
    local keys = m.keys
    local n = #keys
    if #attackers ~= n or next(attackers, n) ~= nil then return nil end
    for i = 1, n do if attackers[i] ~= keys[i] then return nil end end
    return m.decl, n, keys
  end

  -- An empty array with room for n (creature, creature or player) pairs of a declaration: the
  -- core's declaration list filled without a resize at each power of two (a few pairs mostly)
  local function pairs_room(n)
    if n <= 2 then return { nil, nil, nil, nil }
    elseif n <= 4 then return { nil, nil, nil, nil, nil, nil, nil, nil } end
    return {}
  end

  -- The proved declaration while the game is in its declare step (the turn's declarations):
  -- declared and settled by one core call, itself one action (csrc/lcombat_now.c), with what
  -- declare_in_steps would do there (no step to enter, nothing to check again); false outside
  -- the step (nothing changed: declare_in_steps' path). spec/combat_now_spec.lua.
  local declare_now = GI._declare_now

  function Game:declare_attackers(attackers, opts)
    local decl, n, order = nearest_attack(self, attackers, opts)
    if decl then
      if declare_now(self, false, order, decl) then return n end
      opts = NO_OPTS
    else
      decl, n, order = norm_attack(self, "declare_attackers", attackers)
      opts = checked(self, "attack", "declare_attackers", decl, opts)
      local _, bad = bands_of.read(self, "declare_attackers", 2, opts, decl)
      if bad then error("declare_attackers: illegal attack: " .. bad, 2) end
    end
    local keys = order or sorted_keys(decl)
    local list = pairs_room(#keys)
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
  local put_attacking_c, become_blocked_c = GI._put_attacking, GI._become_blocked
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
    if not attackable(self, act, defender) then
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

  -- g:become_unblocked(attacker): an effect says an attacking creature becomes unblocked (False
  -- Orders): it deals its combat damage to the player it attacks; creatures still blocking it
  -- stop blocking it. g:become_blocking(blocker, attacker): an effect makes a creature of the
  -- defending side block an attacking creature ("you may have it block an attacking creature of
  -- your choice"): not a declaration, so no restriction or requirement is checked (500.3), one
  -- "block" event per pair ("whenever ~ blocks" triggers wait for the next settle: it is called
  -- while a spell resolves), the band blocked whole (502.10e).
  local become_unblocked_c, become_blocking_c = GI._become_unblocked, GI._become_blocking
  local function attacking_arg(g, fname, i, c)
    check.object(g, fname, i, c, "card")
    if c.zone ~= "battlefield" or not c.attacking then
      fail(fname, i, tostring(c) .. " is not an attacking creature")
    end
  end
  function Game:become_unblocked(c)
    attacking_arg(self, "become_unblocked", 1, c)
    arbiter._atomic(self, function(g) become_unblocked_c(g, c) end)
  end
  function Game:become_blocking(b, a)
    check.object(self, "become_blocking", 1, b, "card")
    if b.zone ~= "battlefield" or not is_creature(b) or b.attacking then
      fail("become_blocking", 1, tostring(b) .. " is not a creature on the battlefield out of the attack")
    end
    attacking_arg(self, "become_blocking", 2, a)
    local d = GI._defender_of(self, a)
    if not d or b.controller.team ~= d.team then
      fail("become_blocking", 1, string.format("%s attacks %s, and only %s's creatures may block it (500.3)",
        tostring(a), tostring(d), tostring(d)))
    end
    arbiter._atomic(self, function(g) become_blocking_c(g, b, a) end)
  end

  -- g:remove_from_combat(c): "remove target creature from combat" (False Orders; 2005: a creature
  -- removed from combat stops being an attacking, blocking, blocked or unblocked creature). It
  -- leaves its band (502.10d); the creatures it blocked stay blocked, and blocks of it deal it no
  -- damage (csrc/combat.c: arb_leave_combat, as regeneration's). Returns whether it was in combat.
  local leave_combat_c, blocks_of = GI._leave_combat, Game.blocks
  function Game:remove_from_combat(c)
    check.object(self, "remove_from_combat", 1, c, "card")
    local was = c.zone == "battlefield" and (c.attacking or c.blocked)
    if not was and c.zone == "battlefield" then
      for _, pair in ipairs(blocks_of(self)) do if pair[1] == c then was = true break end end
    end
    if not was then return false end
    arbiter._atomic(self, function(g) leave_combat_c(g, c) end)
    return true
  end

  -- ---- blocks ----

  function Game:check_block(blocks, opts)
    local decl = norm_block(self, "check_block", blocks)
    return check_decl(self, "block", decl, check_opts("check_block", 2, opts))
  end

  -- The turn's blocks merged from several defending players' answers (turn.lua's decide_blocks):
  -- whether they are legal, as g:check_block(blocks) answers. When they are the declaration the
  -- solver proved last (one defender blocked: its nearest legal block), that proof answers; a
  -- legal verdict is kept as the proved declaration, with blocks as the map handed out, so that
  -- declaring blocks next, unchanged while nothing changed, reads and checks nothing again
  -- (declare_blockers' fast path, as for g:nearest_legal_block's map). Before, a four-player
  -- combat read and checked the same blocks twice after the defenders' own searches (issue 33).
  function arbiter._check_merged_blocks(g, blocks)
    local decl = norm_block(g, "check_block", blocks)
    local ok = proved(g, "block", decl, NO_OPTS) or check_decl(g, "block", decl, NO_OPTS)
    if ok then remember(g, "block", unpaid(g, "block", NO_OPTS), decl, true, blocks) end
    return ok
  end

  -- g:can_block(blocker, attacker): whether that pair may be part of a block as far as the pair
  -- goes (the solver's eligibility: evasion, protection, "can't block", tapped, the definitions'
  -- and effects' restrictions on the pair), not the declaration-wide restrictions (minimum and
  -- maximum blockers, "can't block alone", limits, conditions) nor requirements
  function Game:can_block(b, a)
    check.object(self, "can_block", 1, b, "card")
    check.object(self, "can_block", 2, a, "card")
    if b.zone ~= "battlefield" or a.zone ~= "battlefield" or not a.attacking or b.attacking
      or not is_creature(b) then return false end
    local d = GI._defender_of(self, a)
    if not d or b.controller.team ~= d.team then return false end
    local v = block_c(self, "check", { [b] = { a } }, unpaid(self, "block", NO_OPTS))
    return v.legal == 1 or v.reason ~= "not_eligible"
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

  function Game:legal_blocks(opts)
    opts = check_opts("legal_blocks", 1, opts)
    local list, exact = block_c(self, "legal", nil, unpaid(self, "block", opts), opts.limit or 100000)
    return simplify_blocks(list), exact
  end

  -- A plain map {[blocker] = attacker} of this game's cards (the random agent's) is read by the
  -- solver as it is (csrc/lcombat_norm.c, lcombat_block.c): no normalized copy made for it.
  local block_plain = GI._block_plain
  function Game:nearest_legal_block(blocks, opts)
    local decl = type(blocks) == "table" and block_plain(self, blocks)
      or norm_block(self, "nearest_legal_block", blocks)
    opts = check_opts("nearest_legal_block", 2, opts)
    local u = unpaid(self, "block", opts)
    -- out: a copy of near the caller may change, simplified (one attacker stands alone), made
    -- by the core with near (csrc/lcombat_block.c)
    local near, changes, exact, bound, out, now = block_c(self, "nearest", decl, u,
      near_budget("nearest_legal_block", opts))
    remember(self, "block", u, near, exact, out, nil, now)
    return out, changes, exact, bound
  end

  -- Whether blocks is the map g:nearest_legal_block returned last, as it was handed out
  -- (each blocker's attacker, or its list in the same order) while nothing changed: then
  -- its normalized form is the solver's proved declaration (norm_block and proved would
  -- find the same; spec/combat_fast_spec.lua). Read raw, as card_keys reads a declaration.
  local function nearest_block(g, blocks)
    local e = env[g]
    local m = e.near_block
    if not m or m.owner ~= e or m.out ~= blocks or m.gen ~= gen(g) or unpaid(g, "block", NO_OPTS) ~= nil then
      return nil
    end
    local near, n = m.decl, 0
    for b, v in next, blocks do
      local w = near[b]
      if w == nil then return nil end
      local k = #w
      if k == 1 then
        if v ~= w[1] then return nil end
      else
        if type(v) ~= "table" or #v ~= k then return nil end
        for i = 1, k do if v[i] ~= w[i] then return nil end end
      end
      n = n + 1
    end
    for _ in next, near do n = n - 1 end
    return n == 0 and m or nil
  end
  -- the proof that blocks are g:nearest_legal_block's map as handed out, for declare_blockers
  -- right after (turn.lua's decide_blocks), or nil
  arbiter._nearest_block = nearest_block

  -- An empty declaration (a plain table: a script's read-only view is read as ever) while no
  -- creature may block (csrc/combat.c: tapped, can't block, or evaded by every attacker): no
  -- block is then the legal declaration (500.3: every restriction obeyed; 500.4: no requirement
  -- can be obeyed, the most is none), known without the solver (the random agent's answer
  -- when it has no untapped creature). spec/combat_now_spec.lua.
  local none_can_block = GI._none_can_block
  local function no_blocks(g, blocks)
    return type(blocks) == "table" and getmetatable(blocks) == nil and next(blocks) == nil and none_can_block(g)
  end

  -- a creature whose controller doesn't declare blockers this turn (rules.declare_blockers)
  local function not_declaring(g, blocks)
    if not env[g].blocks_instead or type(blocks) ~= "table" then return nil end   -- (none: at once)
    local found
    for b in pairs(blocks) do    -- the lowest id named (the order of pairs reaches nothing)
      if core.kind(b) == "card" and b.zone == "battlefield" and arbiter._blocks_instead(g, b.controller)
        and (not found or b.id < found.id) then found = b end
    end
    return found
  end

  -- proof: what arbiter._nearest_block(g, blocks) found just before (nothing ran since)
  local function declare_blockers(self, blocks, opts, proof)
    local nd = not_declaring(self, blocks)
    if nd then
      fail("declare_blockers", 1, string.format("%s doesn't declare blockers this turn: an effect says what %s "
        .. "does instead (%s)", tostring(nd.controller), tostring(nd.controller), tostring(nd)))
    end
    local m = opts == nil and (proof or nearest_block(self, blocks))
    local decl, order
    if m and declare_now(self, true, nil, m.decl) then return end
    -- no block while no creature may block: legal (500.3, 500.4), declared as a proved one
    if not m and opts == nil and no_blocks(self, blocks) and declare_now(self, true, nil, blocks) then return end
    if m then                           -- the solver's map: its lists in card-id order, once
      decl, order = m.decl, m.order
      if not order then
        order = sorted_keys(decl)
        for i = 1, #order do
          local as = decl[order[i]]
          if #as > 1 then table.sort(as, by_id) end
        end
        m.order = order
      end
      opts = NO_OPTS
    else
      decl, order = norm_block(self, "declare_blockers", blocks)
      opts = checked(self, "block", "declare_blockers", decl, opts)
    end
    local list, n = pairs_room(#order), 0   -- (a blocker of several: more pairs, room grown)
    for i = 1, #order do
      local b = order[i]
      local as = decl[b]
      for j = 1, #as do
        list[n + 1] = b
        list[n + 2] = as[j]
        n = n + 2
      end
    end
    arbiter._atomic(self, declare_in_steps, "block", decl, opts, list)
  end
  arbiter._declare_blockers = declare_blockers
  function Game:declare_blockers(blocks, opts) return declare_blockers(self, blocks, opts) end

  require("arbiter.combat_damage")(arbiter, Game, enter)
end
