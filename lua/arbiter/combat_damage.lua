-- arbiter.combat_damage — the combat damage step (502.2): who deals damage in which step
-- (first strike, double strike: 502.2b-c), the division of an attacker's or a multi-blocker's
-- damage (lua/arbiter/division.lua asks the player), trample (502.9); flanking and the end of
-- combat. A step where nobody has a division to choose is planned and dealt in C
-- (csrc/combat_damage.c); `assign` here is the same order, with the questions.
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions (internal.lua)
local core = require("arbiter.core")
local check = require("arbiter.check")
local isint = require("arbiter.compat").isint
local division = require("arbiter.division")

-- enter(g, step_name): enters a combat step not entered yet (lua/arbiter/combat.lua).
return function(arbiter, Game, enter)
  local fail, describe = check.fail, check.describe
  local env = arbiter._env
  local settle, result, first_strike = Game.settle, Game.result, GI._first_strike
  local defender_of, blocks_c = GI._defender_of, Game.blocks
  local set_dealt_first, dealt_first = GI._set_dealt_first, GI._dealt_first
  local attackers_c = Game.attackers
  local divider = require("arbiter.combat_bands")(arbiter).divider

  local function in_play(c) return c.zone == "battlefield" end

  -- The declared blocks still in play, indexed both ways (one pass over g:blocks()).
  local function block_index(g)
    local of_attacker, of_blocker, order = {}, {}, {}
    for _, pair in ipairs(blocks_c(g)) do
      local b, a = pair[1], pair[2]
      if in_play(b) then
        local l = of_attacker[a]
        if not l then of_attacker[a] = { b } else l[#l + 1] = b end   -- made with its first
        if in_play(a) and a.attacking then
          local m = of_blocker[b]
          if not m then of_blocker[b] = { a }; order[#order + 1] = b else m[#m + 1] = a end
        end
      end
    end
    return of_attacker, of_blocker, order
  end

  -- A question's division: the divider's answer when it has more than one legal division
  -- (502.10h: banding decides who divides), else the default. The question's extra ctx fields
  -- (attacker and blockers, or blocker and attackers) are made only when asked.
  -- (division.ask_index first: an answer known by its position needs no options or ctx made;
  -- the choice noted as division.ask notes it, 421.5)
  local choice_c = GI._choice
  local function pick_division(g, q, src, targets, as_attacker)
    if not division.has_choice(q) then return division.default(q) end
    local who, band = divider(src, targets, as_attacker)
    local k = division.ask_index(arbiter, g, who, #targets + 1)
    if k then choice_c(g); return division.option(q, k) end
    local extra = as_attacker and { attacker = src, blockers = targets } or { blocker = src, attackers = targets }
    extra.band = band
    return division.ask(arbiter, g, who, q, extra) or division.default(q)
  end

  -- The division of one source's damage (lua/arbiter/division.lua), by pick_division.
  local function divide(g, out, src, targets, player, as_attacker, assigned)
    if #targets == 1 and not player then   -- one creature, no trample: no choice, all of it
      local amount = src.power
      if amount > 0 then out[#out + 1] = { source = src, target = targets[1], amount = amount } end
      return
    end
    local q = division.question(src, src.power, targets, player, assigned)
    local pick = pick_division(g, q, src, targets, as_attacker)
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
    if not had_first_step then return true end   -- one step: everyone (no ability read)
    if first_step then return c:has("first strike") or c:has("double strike") end
    return not dealt_first(g, c) or c:has("double strike")   -- 502.2b, 502.2c
  end

  -- One attacker's damage into its own list. `assigned` counts the damage already assigned to
  -- each blocker in this step, which a trampler's lethal damage accounts for (502.9b).
  local function assign_attacker(g, a, defender, of_attacker, assigned, trample)
    local out
    if not a.blocked then
      out = { { source = a, target = defender, amount = a.power } }
    else
      local bs = of_attacker[a]
      if not bs then
        out = trample and { { source = a, target = defender, amount = a.power } } or {}
      else
        out = {}
        divide(g, out, a, bs, trample and defender or nil, true, assigned)
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
  -- skip: the creatures whose "assign combat damage" event was replaced away (none assign)
  local function assign(g, first_step, had_first_step, skip)
    local out, assigned, by, tramplers = {}, {}, {}, {}
    local of_attacker, of_blocker, blockers = block_index(g)
    local atk = {}
    for _, a in ipairs(attackers_c(g)) do
      if in_play(a) and deals_now(g, a, first_step, had_first_step) and a.power > 0 and not skip[a] then
        atk[#atk + 1] = a
        if a:has("trample") then tramplers[#tramplers + 1] = a
        else by[a] = assign_attacker(g, a, defender_of(g, a), of_attacker, assigned, false) end
      end
    end
    for _, a in ipairs(tramplers) do
      by[a] = assign_attacker(g, a, defender_of(g, a), of_attacker, assigned, true)
    end
    for _, a in ipairs(atk) do
      for _, d in ipairs(by[a]) do out[#out + 1] = d end
      if first_step then set_dealt_first(g, a, true) end
    end
    for _, b in ipairs(blockers) do
      if deals_now(g, b, first_step, had_first_step) and not skip[b] then
        local targets = of_blocker[b]
        if b.power > 0 then
          -- a blocker blocking several attackers: its controller divides its damage (502.2)
          divide(g, out, b, targets, nil, false)
        end
        if first_step then set_dealt_first(g, b, true) end
      end
    end
    return out
  end

  -- All combat damage of a step is dealt at once, then state-based actions (settle). A step is
  -- planned and dealt by the core in one call (csrc/combat_damage.c, the same orders as
  -- assign), which asks the divisions it comes to through ask_division; assign (the Lua path)
  -- is taken when a creature's "assign combat damage" event was replaced away, and
  -- g:_damage_in_lua(true) forces it (the differential spec compares the two).
  local combat_damage_c = GI._combat_damage
  local history_length, damage_dealt = Game.history_length, GI._damage_dealt

  -- "Would assign combat damage" (Illusionary Mask: "instead it's turned face up and assigns"):
  -- when a game has declared the event ASSIGN, each creature about to assign combat damage in
  -- this step -- an attacker unblocked, or with a blocker still in combat or trample; a
  -- blocker blocking an attacker still attacking; with power above 0 (502.2) -- is an
  -- ASSIGN event {card, player = its controller, amount = its power} first, active player's
  -- attackers in card-id order, then blockers in block order. A replacement may change the
  -- creature (turn it face up) and let the event go on: the assignment then reads the creature
  -- as it is now. One replaced away assigns no combat damage this step (returned in skip).
  local ASSIGN = "assign combat damage"
  local function would_assign(g, first_step, had_first_step)
    local skip = {}
    local names = env[g].event_names
    if not (names and names[ASSIGN]) then return skip end
    local of_attacker, _, blockers = block_index(g)
    local list = {}
    for _, a in ipairs(attackers_c(g)) do
      if in_play(a) and (not a.blocked or of_attacker[a] or a:has("trample")) then list[#list + 1] = a end
    end
    for _, b in ipairs(blockers) do list[#list + 1] = b end
    for _, c in ipairs(list) do
      if in_play(c) and deals_now(g, c, first_step, had_first_step) and c.power > 0
          and not g:emit(ASSIGN, { card = c, player = c.controller, amount = c.power }) then
        skip[c] = true
      end
    end
    return skip
  end
  arbiter._ASSIGN_EVENT = ASSIGN

  -- A division the core's step comes to (csrc/combat_damage.c's arb_dmg_ask, in assign's order
  -- of questions): divide's question q, made by the core at its size with the lethal damage it
  -- counted (502.9b: less what the creatures planned before assign; csrc/lcombat.c), targets its
  -- creatures; the division picked (the core reads its amounts in recipient order).
  local function ask_division(g, q, targets, as_attacker)
    return pick_division(g, q, q.source, targets, as_attacker)
  end
  -- The core's shortcut to it (csrc/lcombat.c, when no creature among the targets has banding:
  -- the source's controller divides): division.ask_index for p's n options, the core making
  -- option k and noting the choice; nil: the core asks ask_division.
  local function ask_index(g, p, n) return division.ask_index(arbiter, g, p, n) end

  local function damage_step(g, first_step, had_first_step)
    local from = history_length(g)
    local skip = would_assign(g, first_step, had_first_step)
    if env[g].damage_in_lua or next(skip)
        or not GI._damage_step(g, first_step, had_first_step, ask_division, ask_index) then
      for _, d in ipairs(assign(g, first_step, had_first_step, skip)) do
        combat_damage_c(g, d.source, d.target, d.amount)
      end
    end
    damage_dealt(g, from, true)   -- dealt at once: one "damage_dealt" per recipient (510.2 today)
    settle(g)
  end

  function GI._damage_in_lua(self, on) env[self].damage_in_lua = on and true or nil end

  local function combat_damage(g)
    enter(g, "combat_damage")
    local any = first_strike(g)   -- an attacker or blocker in play with first/double strike
    if any then damage_step(g, true, true) end   -- 502.2b: a first combat damage step
    if result(g) then return end
    damage_step(g, false, any)
  end
  -- Without a watched "assign combat damage" event (would_assign's) nor the forced Lua path, the
  -- step entered, the first strike read and each damage step dealt (its questions asked through
  -- ask_division and ask_index), its "damage_dealt" and its settle are one core call, itself one
  -- action (csrc/lcombat.c: g:_combat_damage_now, which answers the damage steps it dealt; several
  -- core calls in an atomic one before).
  -- spec/combat_now_spec.lua.
  function Game:combat_damage()
    local e = env[self]
    local names = e.event_names
    if e.damage_in_lua or (names and names[ASSIGN]) then return arbiter._atomic(self, combat_damage) end
    GI._combat_damage_now(self, ask_division, ask_index)   -- (read at the call, as GI._damage_step)
  end
  -- The turn's damage step (turn.lua): the step entered as the turn enters its steps (g:_step),
  -- then g:combat_damage; one core call when it takes the core's path (the step's entry made by
  -- g:_combat_damage_now too, a core call less a combat)
  function arbiter._turn_damage_step(g)
    local e = env[g]
    local names = e.event_names
    if e.damage_in_lua or (names and names[ASSIGN]) then
      GI._step(g, "combat_damage")
      return arbiter._atomic(g, combat_damage)
    end
    GI._combat_damage_now(g, ask_division, ask_index, true)
  end
  -- the steps by their own core calls in an atomic one (the path a watched "assign combat damage"
  -- event takes): what g:_combat_damage_now does in one, for spec/combat_now_spec.lua to compare
  function GI._combat_damage_calls(g) return arbiter._atomic(g, combat_damage) end

  -- Flanking (502.3): "Whenever this creature becomes blocked by a creature without
  -- flanking, the blocking creature gets -1/-1 until end of turn"; each instance triggers
  -- separately (502.3b). A built-in trigger (csrc/flanking.c): new_game installs one per
  -- player, controlled by the flanking creature's controller (APNAP order of triggers).
  -- Returns the trigger's effect id.
  function arbiter.install_flanking(g, controller)
    check.object(g, "install_flanking", 2, controller, "player")
    return GI._flanking(g, controller)
  end

  -- The end of combat step (entered unless the game is in it), creatures out of combat, "until
  -- end of combat" effects end, then settle: one core call, itself one action (csrc/lcombat_now.c;
  -- four calls in an atomic one before)
  local end_combat_now = GI._end_combat_now
  function Game:end_combat() end_combat_now(self) end
end
