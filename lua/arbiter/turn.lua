-- arbiter.turn — a whole turn, step by step (older guide 003 "Step by Step"; the CompRules'
-- turn structure, which is not among the seeds), and life (003 "This Is Your Life").
--
-- Step by step (scripts and tests), in this order:
--   g:begin_turn([p])       p (default: the next player in turn order still in the game) becomes
--                           active; turn + 1; summoning sickness ends for p's permanents; house
--                           hook turn_start(g, p)
--   g:untap_step()          p's permanents untap (each untap is a replaceable "untap" event)
--   g:upkeep_step()
--   g:draw_step()           p draws house hook draw_step(g, n, p) cards: 1, or 0 on the game's
--                           first turn (the player who plays first skips that draw)
--   g:main_phase()          main phase 1 (or 2 after combat): the agent plays a land, casts spells
--   g:beginning_of_combat()
--   g:attack_step([decl])   declare attackers: decl, or the agent's; false when none attack
--   g:block_step([blocks])  declare blockers: blocks, or each defending player's agent's
--   g:damage_step()         combat damage (first-strike step when needed, then regular)
--                           (neither happens when no creature attacked: 308.4)
--   g:end_of_combat_step()  creatures leave combat; "until end of combat" ends
--   g:end_step()
--   g:cleanup_step()        discard to maximum hand size (house hook max_hand_size, 7), then
--                           damage wears off and "until end of turn" effects end
-- g:combat_phase() runs beginning_of_combat .. end_of_combat_step with agents deciding (the
-- blockers and damage steps are skipped when no creature attacks). g:play_turn() runs a whole
-- turn; g:play{max_turns = n} plays turns until the game has a result (or n turns passed).
--
-- Each step records a "step" event ({type = "step", step = name, player = active}): a trigger on
-- it is "at the beginning of ...". Each step settles at its end (the moment players would get
-- priority). g.step is the current step's name, g.turn the turn number.
--
-- Agents decide through optional functions next to may/choose (see arbiter.agents):
--   agent.attack(p, g, ctx) -> a declaration for g:declare_attackers (array or map), and
--                              optionally its options ({bands = ...}: 502.10b)
--   agent.block(p, g, ctx)  -> this player's blocks {[blocker] = attacker}
--   agent.main(p, g, ctx)   -> plays the main phase itself (ctx.phase = "main1" | "main2")
-- Without them: choose(p, "attack", legal declarations (at most 16)), choose(p, "block", ...),
-- and the default main phase: choose(p, "land", lands .. "pass") then, repeatedly,
-- choose(p, "cast", affordable cards .. "pass").
--
-- Spells: g:cast (lua/arbiter/stack.lua) puts a spell on the stack and pays its mana cost
-- (lua/arbiter/mana.lua); the step's settle gives priority and resolves it. Every step's
-- settle is a priority moment (116): the untap step gives none, cleanup only when something
-- triggered (csrc/stack.c). The pool empties as each step or phase ends (mana burn).
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions (internal.lua)
local core = require("arbiter.core")
local check = require("arbiter.check")
local compat = require("arbiter.compat")
local isint, idiv = compat.isint, compat.idiv

return function(arbiter, Game)
  local fail, describe = check.fail, check.describe
  local atomic = arbiter._atomic
  local env, guard, index_of, team_of = arbiter._env, core._guard, arbiter._index, arbiter._team
  -- the core's methods, read once (a method call on a game is a lookup through __index)
  local step_c, result, settle, move = GI._step, Game.result, Game.settle, Game.move
  local lands_played, attackers, nattacking = GI._lands_played, Game.attackers, GI._nattacking
  local untap_all, cleanup, begin_turn_c = GI._untap_all, GI._cleanup, GI._begin_turn
  -- g.active_player, g.turn, p.lost as calls (no __index dispatch, no match by name)
  local active, turn_of, lost = GI._active, GI._turn, GI._lost

  local players = arbiter._players     -- g.players, read once per game
  -- a player's hand: the same zone proxy for the whole game (its cards are read from it live)
  local hand_of = arbiter._once_per(function(p) return p.hand end)
  arbiter._hand_of = hand_of

  local agent_of = arbiter._agent_of   -- p's agent, or its controller's (g:control_player)
  -- the random agent's declarations at once: engine closures (agents.lua), called without
  -- core._guard, which hands back any function that isn't card-script code as it is (only host
  -- code reaches internal: a script's require gives no arbiter.internal; spec/agent_random_now_spec.lua)
  local now_of = require("arbiter.internal")._random_now

  -- The active team's players still in the game, the active player (the primary) first:
  -- Two-Headed Giant's shared turn, where each member untaps, draws (432.2b's order), plays
  -- and discards; without teams, the active player alone.
  -- (without teams: the same one-player list for every turn of that player, not a new table
  -- each step; the callers only read it)
  local alone = arbiter._once_per(function(p) return { p } end)
  -- (act: the active player when the caller has it: play_turn's, read once a turn)
  local function turn_players(g, act)
    act = act or active(g)
    if not env[g].teams then return act and alone[act] or {} end
    local out = { act }
    for _, q in ipairs(players[g]) do
      if q ~= act and q.team == act.team and not lost(g, q) then out[#out + 1] = q end
    end
    return out
  end

  -- g:house_hook without house rules is the value itself (the common case: no call made)
  local function hook(g, name, value, p)
    local rules = env[g].house_rules
    if rules[1] == nil then return value end
    return g:house_hook(name, value, p)
  end

  local has_type = arbiter.has_type


  -- Each step has a body (run inside whatever action calls it) and a public method that
  -- runs the body as one action (422). A whole turn is one action made of the bodies.
  local raw = {}

  -- a step the active player skips (300.8): a counted skip (g:skip: env.skips, turns.lua) or a
  -- skip rule (rules.skip: env.rule_effects, rules.lua); one counted skip is used. Nothing is
  -- skipped while the game has neither counted skips nor skip rules (the rule list's kinds,
  -- arbiter._skip_rules): table reads then, no call (issue 28: skipped(g, p, s)'s calls at every
  -- step were ~4 % of a whole game). Read at each step: an effect during the turn may add either.
  local function may_skip(g)
    local e = env[g]
    local list = e.rule_effects
    return e.skips or list and arbiter._skip_rules(list)
  end
  local function skips(g, s) return may_skip(g) and arbiter._skipped(g, active(g), s) end

  -- A step method a script calls (g:upkeep_step()): a skipped step doesn't happen (300.8: the
  -- game goes on as though it didn't exist), as in g:play_turn's turn, and uses the skip; the
  -- method says the game goes on (an attack step skipped: nobody attacked, false).
  -- The blockers and damage steps don't exist when no creature attacked (306.1, 308.4): called
  -- while combat is still before them (beginning of combat or declare attackers, its own step
  -- skipped or not) with no attacking creature, they don't happen either, nor use a counted
  -- skip (g:play_turn's test: its attack step's answer, nattacking after the declaration).
  local before_blocks = { beginning_of_combat = true, declare_attackers = true }
  local after_attacks = { declare_blockers = true, combat_damage = true }
  local function public_step(g, s, fn, ...)
    if after_attacks[s] and before_blocks[g.step] and nattacking(g) == 0 then return not result(g) end
    if s and skips(g, s) then return s ~= "declare_attackers" and not result(g) end
    return fn(g, ...)
  end

  -- (the public method takes no arguments: the body's second, the active player, is play_turn's)
  local function public(name, fn, s)
    raw[name] = fn
    Game[name] = function(self) return atomic(self, public_step, s, fn) end
  end

  -- enters a step and settles: true while the game goes on
  local function step(g, name) return step_c(g, name, true) end

  -- ---------------------------------------------------------------- the steps

  -- The next player in turn order on another team still in the game; a team's turn is its
  -- first remaining player's (Two-Headed Giant: teams take turns).
  local function next_player(g, act)
    local ps = players[g]
    act = act or active(g)
    local at, ai, n = team_of[act], index_of[act], #ps
    for k = 1, n do
      local p = ps[(ai - 1 + k) % n + 1]
      local pt = team_of[p]
      if pt ~= at and not lost(g, p) then
        for i = 1, #ps do
          local q = ps[i]
          if team_of[q] == pt and (q == p or not lost(g, q)) then return q end   -- p: not lost
        end
      end
    end
    return act
  end

  -- (with no rule effects, rules.lua has none to end: no call; the house rules by index, no
  -- iterator made each turn)
  local function begin_turn(g, p)
    begin_turn_c(g, p)
    local e = env[g]
    if e.rule_effects then arbiter._turn_began(g, p) end   -- "until your next turn" effects end (rules.lua)
    local rules = e.house_rules
    for i = 1, #rules do
      local r = rules[i]
      if r.turn_start then guard(r.turn_start)(g, p) end   -- a script's hook: budgeted
    end
    return p
  end

  -- the next turn's player (turns.lua: extra turns, skipped turns), used up as it is taken
  local function next_turn(g)
    if turn_of(g) == 0 then return active(g) end
    return arbiter._next_turn(g, next_player)
  end

  function Game:begin_turn(p)
    if p ~= nil then
      check.object(self, "begin_turn", 1, p, "player")
      if p.lost then fail("begin_turn", 1, tostring(p) .. " has left the game") end
    end
    return atomic(self, function(g) return begin_turn(g, p or next_turn(g)) end)
  end

  -- Untap limits (rules.untap_limit: Winter Orb, Smoke): for each, p chooses which of its tapped
  -- permanents of the type untap, one at a time (choose(p, "untap", options .. false, ctx): one
  -- permanent or false to stop), at most count; the others don't untap this step (their untap
  -- events are replaced by nothing while the step untaps: a built-in replacement, csrc/turn.c
  -- arb_untap_held). Returns the array of those held, or nil.
  local function limit_untaps(g, p)
    local limits = arbiter._untap_limits(g, p)
    if not limits then return nil end
    local held = {}
    for _, u in ipairs(limits) do
      local options = {}
      for _, c in ipairs(g:permanents(p)) do
        if c.tapped and (u.type == nil or has_type(c, u.type)) then options[#options + 1] = c end
      end
      local left = {}
      for i, c in ipairs(options) do left[i] = c end
      if #left > u.count then
        for n = 1, u.count do
          local shown = {}
          for i, c in ipairs(left) do shown[i] = c end
          shown[#shown + 1] = false
          local ctx = { player = p, limit = u.count, type = u.type, index = n }
          local pick = arbiter._ask_choose(g, p, "untap", shown, ctx)
          if not pick then break end
          for i, c in ipairs(left) do if c == pick then table.remove(left, i); break end end
        end
        for _, c in ipairs(left) do held[c] = true end
      end
    end
    if next(held) == nil then return nil end
    local list = {}
    for c in pairs(held) do list[#list + 1] = c end   -- (a set: the order reaches no game)
    return list
  end

  -- (untap limits come from rule effects only: none, no call)
  public("untap_step", function(g, act)
    step_c(g, "untap")
    local ps = turn_players(g, act)
    for i = 1, #ps do
      local p = ps[i]
      untap_all(g, p, env[g].rule_effects and limit_untaps(g, p) or nil)
    end
    return settle(g)   -- no player gets priority in the untap step; triggers wait for upkeep
  end, "untap")

  public("upkeep_step", function(g) return step_c(g, "upkeep", true) end, "upkeep")   -- (step's: one call less)

  -- the draw step once entered (play_turn's quiet turn enters it in C)
  local function draws(g, act)
    local ps = turn_players(g, act)
    for i = 1, #ps do                       -- 432.2b: the primary's draws, then the secondary's
      local p = ps[i]
      local n = hook(g, "draw_step", turn_of(g) == 1 and 0 or 1, p)
      if n > 0 then Game.draw(g, p, n) end  -- a real draw: replaceable, triggers (423)
    end
    return settle(g)
  end

  public("draw_step", function(g, act)
    step_c(g, "draw")
    return draws(g, act)
  end, "draw")

  public("end_step", function(g) return step_c(g, "end", true) end, "end")

  -- The maximum hand size: a rule-changing continuous effect's (the latest; no maximum:
  -- math.huge, Anvil of Bogardan), else the house hook's, else 7.
  local function max_hand(g, p)
    local n = GI._max_hand_size(g, p)
    if n == nil then return hook(g, "max_hand_size", 7, p) or math.huge end
    return n or math.huge
  end

  -- nil for no maximum, as documented (a house hook's math.huge or nil is no maximum too)
  function Game:max_hand_size(p)
    check.object(self, "max_hand_size", 1, p, "player")
    local n = max_hand(self, p)
    if n == math.huge then return nil end
    return n
  end

  -- the cleanup step once entered (play_turn's quiet turn enters it in C)
  local function clean_up(g, act)
    local ps = turn_players(g, act)
    for i = 1, #ps do
      local p = ps[i]
      local over = #hand_of[p] - max_hand(g, p)
      if over > 0 then Game.discard(g, p, over) end
    end
    cleanup(g)        -- damage wears off; "until end of turn" effects end (simultaneously)
    return settle(g)
  end

  public("cleanup_step", function(g, act)
    step_c(g, "cleanup")
    return clean_up(g, act)
  end, "cleanup")

  -- Leaves the turn: g.step nil, as in set-up (timing unchecked, 116 applies inside turns
  -- only). A spell or ability still on the stack would be left without a turn to resolve in.
  function Game:end_turn()
    if #self.stack > 0 then
      error(string.format("end_turn: the stack is not empty (%d object(s)): resolve or counter them first",
        #self.stack), 2)
    end
    return atomic(self, GI._end_turn)
  end

  -- ---------------------------------------------------------------- main phase

  local function main_check(g, fname, p, card)
    check.object(g, fname, 1, p, "player")
    check.object(g, fname, 2, card, "card")
    if card.zone ~= "hand" or card.owner ~= p then
      fail(fname, 2, tostring(card) .. " is not in " .. tostring(p) .. "'s hand", 3)
    end
    if g.active_player.team ~= p.team then   -- Two-Headed Giant: each member of the active team
      fail(fname, 1, tostring(p) .. " is not the active player (nor on the active team)", 3)
    end
  end

  local function lands_left(g, p)
    -- 1, or what an effect says (rules.land_plays: Fastbond; none without rule effects, and
    -- then no call), then the house hook
    local n = env[g].rule_effects and arbiter._land_plays(g, p) or 1
    return hook(g, "lands_per_turn", n, p) - lands_played(g, p)
  end

  -- 212.6c: a land played is a special action; once it is on the battlefield a "land_played"
  -- event {player, card, amount = the how-many-th land p played this turn} happens (Fastbond:
  -- "whenever you play a land, if it wasn't the first ..."), when an effect watches named
  -- events (games that don't keep their history as it was)
  local hooked_named = GI._hooked_named
  local function play_land(g, p, card)
    local n = lands_played(g, p) + 1
    lands_played(g, p, n)
    move(g, card, "battlefield")
    if hooked_named(g) then GI._emit(g, "land_played", { player = p, card = card, amount = n }) end
    return card
  end

  --- g:untapped_lands_at_turn_start(p) -> how many untapped lands p controlled as this turn
  --- began, before its untap step (Power Surge)
  function Game:untapped_lands_at_turn_start(p)
    check.object(self, "untapped_lands_at_turn_start", 1, p, "player")
    return GI._lands_untapped_start(self, p)
  end

  --- g:lands_played(p) -> how many lands p played this turn (212.6c)
  function Game:lands_played(p)
    check.object(self, "lands_played", 1, p, "player")
    return lands_played(self, p)
  end

  --- g:play_land(p, card): one land per turn (house hook lands_per_turn)
  function Game:play_land(p, card)
    main_check(self, "play_land", p, card)
    if not has_type(card, "Land") then fail("play_land", 2, tostring(card) .. " is not a land") end
    if lands_left(self, p) <= 0 then
      fail("play_land", 2, string.format("%s has already played %d land(s) this turn", tostring(p),
        GI._lands_played(self, p)))
    end
    return atomic(self, play_land, p, card)
  end

  -- a spell p could cast now from hand with the mana it could make (avail: arbiter._available),
  -- p being allowed to cast spells (can_cast_c: no "can't cast" effect applies)
  -- (each call below is made only when its answer isn't known without it: a cost changes only
  -- with rule effects in force (rules.lua), the quick count (arbiter._affordable) answers before
  -- arbiter._can_pay tries anything, a spell without targets has them all: ~1,500 instructions a
  -- candidate, issue 28)
  local can_cast_c = GI._can_cast
  local function castable(g, c, avail, s, p)
    s = s or arbiter._spell_of[c]
    local cost = s.cost
    -- increases in force (409.1f)
    if env[g].rule_effects then cost = arbiter._changed_cost(g, "spell_cost", c, cost) end
    if cost.total > avail.total and (avail.upper or not avail.inexact) then return false end   -- more than there is
    if not (arbiter._affordable(cost, avail, 0) or arbiter._can_pay(g, p, cost, 0, avail)) then return false end
    if s.modes then return arbiter._mode_options(g, c, s)[1] ~= nil end
    return s.targets == nil or arbiter._targets_exist(g, s.targets, c)
  end

  --- g:can_cast(p, card): in p's hand, not a land, and p's pool and mana abilities could pay it
  -- (and its cast_condition allows it: "cast only during ...")
  function Game:can_cast(p, card)
    return card.zone == "hand" and card.owner == p and not has_type(card, "Land")
      and can_cast_c(self, p) and arbiter._cast_allowed(self, p, card)
      and castable(self, card, arbiter._available(self, p), nil, p)
  end

  -- The default main phase: a land (choose "land"), then spells while the agent picks one
  -- (choose "cast"; "pass" ends it). The candidates are read from the hand once; each round
  -- offers those still in hand that p's mana could pay for, when p may cast spells at all
  -- (asked once per round: the answer is p's, whichever card). Each spell is cast (the
  -- stack) and settle resolves it (players get priority first).
  -- Both questions are plain (ask.lua): their options are cards in p's own hand (217.3a) and
  -- "pass", their ctx {phase = ...}.
  -- The scan is the core's (csrc/lmain_scan.c, issue 28: a Lua call and table reads per card
  -- were a tenth of a whole game): the hand read once, then each round one call that keeps the
  -- candidates still in the hand and offers those the core's mana count pays for (the Lua round's
  -- count and tests, dual lands and Birds of Paradise too: source_code below), and whose targets,
  -- when each is a kind by name, exist (_targets_exist's C search). The Lua layer asks what only
  -- it knows: a spell's modes, other targets and cast condition once its mana is there, and
  -- the whole round when the core can't tell (a rule effect on spells' costs, triggered mana
  -- abilities not declared, a source it doesn't count, a payment that must be tried: lua_round below,
  -- arbiter._available's count and castable's tests). Mana p may spend as another color
  -- (rules.mana_as: Sunglasses of Urza) the core's round asks (arbiter._mana_as_mask) when a
  -- spell's color is short, its payment's plan using it as the Lua one does. Both ways read the
  -- same things and offer the same options (spec/main_scan_spec.lua).
  local spell_of, available, cast_allowed, cast_offered, ask_choose
  local scan_hand, scan_round, scan_cands
  -- a spell record's scan code (csrc/lmain_scan.c): 1 a land, 2 a spell the phase offers (a
  -- permanent spell, or one with an effect or modes), + 4 when more than its mana decides whether
  -- it may be cast (its modes 700.2, targets 413 or cast condition), + 8 when its cost doesn't fit
  -- the code (the core reads the record's then); then the cost's white, blue, black, red and
  -- green symbols (4 bits each) and its total (6 bits); + 2^30 when only its targets do and each
  -- entry is a kind by name (Holy Strength's "creature", Power Sink's "spell": the core's round
  -- asks _targets_exist's C search itself, ltargets.c, no Lua call)
  local PLAIN_TARGETS = 1073741824   -- 2^30
  local function plain_targets(s)
    local list = s.targets
    if s.modes or s.condition ~= nil or type(list) ~= "table" or list[1] == nil then return false end
    for i = 1, #list do if type(list[i]) ~= "string" then return false end end
    return true
  end
  local function scan_code(s)
    local cost = s.cost
    local code = s.Land and 1 or (s.permanent or s.resolve or s.modes) and 2 or 0
    if code == 2 and (s.modes or s.targets ~= nil or s.condition ~= nil) then code = 6 end
    local w, u, b, r, gr, total = cost.white, cost.blue, cost.black, cost.red, cost.green, cost.total
    if w > 15 or u > 15 or b > 15 or r > 15 or gr > 15 or total > 63 then return code + 8 end
    if code == 6 and plain_targets(s) then code = code + PLAIN_TARGETS end
    return code + 16 * (w + 16 * (u + 16 * (b + 16 * (r + 16 * (gr + 16 * total)))))
  end
  arbiter._scan_code = scan_code   -- (spec/main_scan_spec.lua reads the codes)

  -- A mana source's description for the scan's count (csrc/mana_choice.c, arb_mana_count: the
  -- pool plus one use of each source, as arbiter._available counts it and the payment's plan
  -- plays it): 0 when only the Lua round can tell (a mana ability that does more than add its
  -- mana, has a mana cost or a further cost, adds several mana with a choice, or can be played
  -- tapped: 409.1f); NONE when a tapped one can play nothing; ONE + 16 * amount + kind (1..6:
  -- white .. green, colorless) for one "{T}: add that mana" (Sol Ring, a land whose land type an
  -- effect set: 212.6e); else its choice code (several "{T}: add one mana", 406.1: a dual land,
  -- Birds of Paradise; mana.lua's list.code, 0 for any other list). tapped: c is.
  -- CONV: only mana abilities with a mana cost, none making more than it, all with {T} (Celestial
  -- Prism: the payment plays it only for a colored symbol still short, 409.1f; the count's total
  -- stays a bound, its colors don't).
  local ONE, NONE, CONV = 16777216, 33554432, 67108864   -- 2^24, 2^25, 2^26
  local KINDS = { "white", "blue", "black", "red", "green", "generic" }
  local function source_code(c, tapped)
    local list = arbiter._abilities_of[c]
    if tapped then return list.untapped == nil and NONE or 0 end
    if list.converts and not list.gains and list.simple == nil and not list.untapped then return CONV end
    if list.converts or list.multi or list.again or list.untapped or not list.plain then return 0 end
    local a = list.simple
    if not a then return NONE end                -- (no mana ability a payment plays)
    if list.choices then return list.code end
    if not a.cost.tap then return 0 end
    local m, kind = a.mana, nil
    for i = 1, 6 do
      if m[KINDS[i]] > 0 then
        if kind then return 0 end
        kind = i
      end
    end
    if not kind or m.total > 15 then return 0 end
    return ONE + 16 * m.total + kind
  end
  arbiter._scan_source_code = source_code   -- (spec/main_scan_spec.lua breaks it)
  -- the mana availability table each Lua round of p refills (made once per player, not once
  -- per phase; a round reads it right after refilling it, and a main phase of p that a
  -- script run by those reads might start refills it with what p could make then: still p's)
  local avail_of = arbiter._once_per(function() return {} end)

  -- A round the Lua layer takes (the count isn't exact): p's candidates (start: the phase's,
  -- scan_hand's: those still in the hand, read after the mana as the core's round reads them)
  -- -> the options (with "pass" after them), or nil: the phase ends.
  local casting_rules
  local function lua_round(g, p, start)
    local avail = available(g, p, avail_of[p])   -- p's own, refilled each round
    local total, bounded = avail.total, avail.upper or not avail.inexact   -- bounded: no more than total
    local cands, n = scan_cands(g, p, start)
    local options, no, can = nil, 0, nil
    for i = 1, n do
      local c = cands[i]
      if c then
        if can == nil then
          can = can_cast_c(g, p)
          if not can then return nil end       -- p can't cast spells: nothing to offer
        end
        local s = spell_of[c]
        if (not bounded or s.cost.total <= total) and (s.condition == nil or cast_allowed(g, p, c))
            and castable(g, c, avail, s, p) then
          no = no + 1
          if no == 1 then options = { c, nil, nil, nil } else options[no] = c end
        end
      end
    end
    if no == 0 then return nil end
    options[no + 1] = "pass"
    return options
  end

  -- what castable asks once the mana is there (the core counted it): the cast condition, then
  -- modes or targets. The condition first, here as in the Lua round and g:can_cast: a spell
  -- that can't be cast now (False Orders, Blaze of Glory, Righteousness outside combat) costs
  -- no target search and no payment trial (issue 27's speed: -6.5 M per 20 Alpha games)
  local function castable_rest(g, p, c)
    local s = spell_of[c]
    if s.condition ~= nil and not cast_allowed(g, p, c) then return false end
    if s.modes then return arbiter._mode_options(g, c, s)[1] ~= nil end
    return s.targets == nil or arbiter._targets_exist(g, s.targets, c)
  end

  -- With triggered mana abilities in force (e.mana_triggers), the mana the core's round may plan
  -- with: their declared mana as each of p's sources is tapped (mana.lua's declared_extras: card
  -- id, code pairs; none in force now: an empty list), or nil when only the Lua round can tell
  -- (one not declared, something else watching the taps: arbiter._can_pay tries the payment
  -- then), asked by the core's round only when a spell's quick test fails (a plan needs it); mana
  -- p may spend as another color beside them the core's plan reads (Sunglasses of Urza beside
  -- Mana Flare: the plan with both answers as the tried payment)
  local declared_extras

  -- A round: the options (with "pass" after them), or nil: the phase ends.
  local function round(g, p, start)
    local e = env[g]
    if e.rule_effects and casting_rules(g) then return lua_round(g, p, start) end
    local options, no, more = scan_round(g, p, start, e.mana_triggers and declared_extras or nil, e.rule_effects)
    if options == false then return lua_round(g, p, start) end
    if not more then return options end
    local k = 0                                  -- the options the Lua layer asks about: more's
    for i = 1, no do                             -- bit i - 1 (a mask, read with % and / as on 5.1)
      local c, bit = options[i], more % 2
      more = (more - bit) / 2
      if bit == 0 or castable_rest(g, p, c) then k = k + 1; options[k] = c end
    end
    if k == 0 then return nil end
    for i = k + 1, no do options[i] = nil end
    options[k + 1] = "pass"
    return options
  end

  -- (read once: the other modules load after this one)
  local function read_once()
    spell_of, available, cast_allowed = arbiter._spell_of, arbiter._available, arbiter._cast_allowed
    cast_offered, ask_choose = arbiter._cast_offered, arbiter._ask_choose
    casting_rules, declared_extras = arbiter._casting_rules, arbiter._declared_extras
    scan_hand, scan_round, scan_cands = GI._main_scan(spell_of, setmetatable({}, { __mode = "k" }),
      function(c) return scan_code(spell_of[c]) end, setmetatable({}, { __mode = "k" }),
      function(c, tapped) return arbiter._scan_source_code(c, tapped) end, arbiter._mana_as_mask)
  end

  -- The options the default main phase would offer p now, nothing asked: the lands' (nil: none
  -- in the hand) and the first round's spells' (nil: none), each with "pass" after them, and the
  -- way the round went: "core", "core+lua" (the core's count, the Lua layer asked about modes,
  -- targets or a cast condition) or "lua"; lua: the Lua round's way whatever the count
  -- (spec/main_scan_spec.lua compares them)
  function arbiter._main_options(g, p, lua)
    if not scan_hand then read_once() end
    local lands, start = scan_hand(g, p)
    if not start then return lands, nil, nil end
    local e = env[g]
    if lua or e.rule_effects and casting_rules(g) then return lands, lua_round(g, p, start), "lua" end
    local options, _, more = scan_round(g, p, start, e.mana_triggers and declared_extras or nil, e.rule_effects)
    if options == false then return lands, lua_round(g, p, start), "lua" end
    return lands, round(g, p, start), more and "core+lua" or "core"
  end

  -- (name: the phase's: the questions' ctx {phase = name}, made only when an agent is asked, ask.lua)
  local function default_main(g, p, name)
    if not scan_hand then read_once() end
    -- lands: the lands' options (and "pass"); start: the phase's candidates (nil: none), the
    -- spells its hand holds now: each round offers those still in the hand that never left it
    -- (csrc/lmain_scan.c: a card that changes zones gets a new timestamp, 217.1c), so a card
    -- drawn, or back in the hand, during the phase is not offered
    -- (one: one land a turn, the core's test, when no rule effect nor house rule may allow more)
    local e = env[g]
    local one = not e.rule_effects and e.house_rules[1] == nil
    local lands, start = scan_hand(g, p, one)
    if lands and (one or lands_left(g, p) > 0) then
      local pick = ask_choose(g, p, "land", lands, nil, name)
      if pick ~= "pass" then play_land(g, p, pick) end
    end
    if not start then return end
    while true do
      local options = round(g, p, start)
      if not options then return end
      local pick = ask_choose(g, p, "cast", options, nil, name)
      if pick == "pass" then return end
      cast_offered(g, p, pick)
      if not settle(g) then return end
    end
  end

  -- name: "main1" or "main2" (read from the step when not given: g:main_phase()); act: the
  -- active player when the caller has it (a turn's parts: read once a turn)
  -- (the first member is asked about without a result or lost call: the step's settle just said
  -- the game goes on, and with two players in it neither has lost then; with more, the active
  -- player may have lost and the others play on: asked, as every later member is)
  -- defer(g): asked as the phase ends; true leaves its closing settle to the caller's next core
  -- call (-> true, true: a turn's quiet calls, below); entered: the caller entered the step
  -- and settled it (the quiet turn's first call)
  local function main_phase(g, name, act, defer, entered)
    if not name then
      local s = g.step
      name = (s == nil or s == "draw" or s == "upkeep" or s == "untap") and "main1" or "main2"
    end
    if not entered and not step_c(g, name, true) then return false end
    local ps = turn_players(g, act)
    local two = #players[g] == 2
    for i = 1, #ps do                       -- Two-Headed Giant: each member plays in turn
      local p = ps[i]
      if (i > 1 or not two) and (lost(g, p) or result(g)) then break end
      local a = agent_of(g, p)
      if a and a.main then guard(a.main)(p, g, { phase = name }) else default_main(g, p, name) end
    end
    if defer and defer(g) then return true, true end
    return settle(g)
  end
  -- g:main_phase(): main 1 or main 2 as the step says; skipped (300.8), it doesn't happen
  local function public_main(g)
    local s = g.step
    local name = (s == nil or s == "draw" or s == "upkeep" or s == "untap") and "main1" or "main2"
    return public_step(g, name, main_phase, name)
  end
  Game.main_phase = function(self) return atomic(self, public_main) end
  raw.main1 = function(g, act) return main_phase(g, "main1", act) end   -- a turn's: after its draw step
  raw.main2 = function(g, act) return main_phase(g, "main2", act) end   -- after its combat phase

  -- ---------------------------------------------------------------- combat

  public("beginning_of_combat", function(g) return step(g, "beginning_of_combat") end,
    "beginning_of_combat")

  -- The defending players (the active player's opponents still in the game, APNAP order), a
  -- fresh array: the core's list (csrc/lcombat.c, one call), or with the seat options those
  -- in reach (601, 604: influence.lua's, only players in the game).
  local foes, defenders_c = arbiter._foes, GI._defenders
  local function defenders_of(g)
    if not env[g].seats then return defenders_c(g) end
    local out, order = {}, foes(g)
    for i = 1, #order do out[i] = order[i] end
    return out
  end
  arbiter.defenders_of = defenders_of

  --- A player's declaration, kind "attack" or "block" (the one place they are asked, as
  -- _ask_may/_ask_choose/_ask_priority are for the rest: a host agent answers here too):
  -- agent.attack / agent.block, else choose(p, kind, the legal declarations (at most 16)).
  -- An attack may come with its options (agent.attack's second result: {bands = ...}); the
  -- default asks choose(p, "bands", options, ctx) after the declaration when its creatures with
  -- banding may form a band (502.10b; the first option, {}, is no band).
  function arbiter._ask_declaration(g, p, kind, ctx)
    local a = agent_of(g, p)
    local fn = a and a[kind]
    if fn then                          -- budgeted; what p may see (an attack's ctx holds
      -- players only, {player, defenders}: nothing to hide from anyone)
      return guard(fn)(p, g, kind == "attack" and ctx or arbiter._hide(g, p, ctx))
    end
    local options = kind == "attack" and g:legal_attacks{ limit = 16 } or g:legal_blocks{ limit = 16 }
    local decl = arbiter._ask_choose(g, p, kind, options, ctx) or {}
    if kind ~= "attack" or type(decl) ~= "table" then return decl end
    local bands = arbiter._band_options(g, decl)
    if #bands < 2 then return decl end
    local pick = arbiter._ask_choose(g, p, "bands", bands, ctx)
    return decl, type(pick) == "table" and #pick > 0 and { bands = pick } or nil
  end

  -- The members of p's team still in the game, in turn order (p alone outside Two-Headed Giant)
  -- whether every team is one player (no Two-Headed Giant): then p's team in the game is p
  local solo_teams = arbiter._once_per(function(g)
    local seen = {}
    for _, q in ipairs(players(g)) do
      if seen[team_of[q]] then return false end
      seen[team_of[q]] = true
    end
    return true
  end)
  local function team_in_game(g, p)
    local out, list = {}, players(g)
    for i = 1, #list do
      local q = list[i]
      if team_of[q] == team_of[p] and not lost(g, q) then out[#out + 1] = q end   -- (teams never change)
    end
    return out
  end

  -- One member's answer added to the team's attack: its own creatures only (606.5: teammates
  -- can't manipulate each other's permanents); an array's creatures attack `d`
  local function merge_attack(all, decl, q, d)
    for k, v in pairs(decl) do
      local c, target = k, v
      if type(k) == "number" then c, target = v, d end
      if core.kind(c) == "card" and c.controller == q then all[c] = target end
    end
  end

  -- The active player's attack; in Two-Headed Giant the active team's one combined attack
  -- (606.7b): each member declares for its own creatures, primary first, and the set is made
  -- legal as a whole when the members' answers don't fit together.
  local function decide_attack(g, p)
    local defenders = defenders_of(g)
    if #defenders == 0 then return {} end      -- no one to attack (607.3c: an emperor at the start)
    local team = not solo_teams[g] and team_in_game(g, p)
    if not team or #team < 2 then
      local ctx, a = { player = p, defenders = defenders }, agent_of(g, p)
      -- the built-in random agent's attack: true when it declared its wish at once, the nearest
      -- legal attack proved without the solver (agents.lua, csrc/lagent_random.c); else its answer
      local now = a and now_of[a.attack]
      if now then return now(p, g, ctx) end
      return arbiter._ask_declaration(g, p, "attack", ctx)
    end
    local all, bands = {}, {}
    for i = 1, #team do
      local q = team[i]
      local decl, opts = arbiter._ask_declaration(g, q, "attack", { player = q, defenders = defenders })
      if type(decl) ~= "table" then
        error("attack_step: the agent of " .. tostring(q) .. " answered " .. describe(decl)
          .. " instead of a declaration", 0)
      end
      merge_attack(all, decl, q, defenders[1])
      for _, band in ipairs(opts and opts.bands or {}) do bands[#bands + 1] = band end
    end
    local opts = #bands > 0 and { bands = bands } or nil
    if g:check_attack(all, opts) then return all, opts end
    return g:nearest_legal_attack(all), nil
  end


  -- (act: the active player when the caller has it: a turn's combat phase)
  -- (entered: the caller entered the step and settled it: the turn's quiet calls)
  local function attack_step(g, decl, opts, act, entered)
    if not entered and not step_c(g, "declare_attackers", true) then return false end
    if not decl then
      decl, opts = decide_attack(g, act or active(g))
      if decl == true then return nattacking(g) > 0 and not result(g) end   -- declared at once
    end
    if type(decl) ~= "table" then
      error("attack_step: the agent of " .. tostring(g.active_player) .. " answered "
        .. describe(decl) .. " instead of a declaration", 0)
    end
    if next(decl) == nil then return false end   -- nobody attacks
    -- (arbiter._unchecked: the methods without their bad-self check, init.lua: g is a game)
    arbiter._unchecked.declare_attackers(g, decl, opts)
    return nattacking(g) > 0 and not result(g)   -- (#g:attackers(), no table made)
  end

  function Game:attack_step(decl, opts)
    if decl ~= nil then check.table("attack_step", 1, decl) end
    if opts ~= nil then check.table("attack_step", 2, opts) end
    return atomic(self, public_step, "declare_attackers", attack_step, decl, opts)
  end

  -- q's blocks as its agent answers: the nearest legal blocks as g:nearest_legal_block handed
  -- them out (q alone defends: its blockers are q's cards) are declared as they are, without a
  -- copy read card by card (the proof found handed on: declare_blockers doesn't look for it
  -- again); else q's own cards' blocks, a copy
  local function one_defender_blocks(g, q)
    local a = agent_of(g, q)
    -- the built-in random agent's block: true when it declared its wish at once (as decide_attack)
    local now = a and now_of[a.block]
    local mine = now and now(q, g)
    if mine == true then return true end
    mine = mine or arbiter._ask_declaration(g, q, "block", { player = q, attackers = attackers(g) }) or {}
    local proof = arbiter._nearest_block(g, mine)
    if proof then return mine, proof end
    local all = {}
    for b, t in pairs(mine) do
      if core.kind(b) == "card" and b.controller == q then all[b] = t end
    end
    return all
  end

  -- Each defending player's blocks (APNAP order), merged; made legal as a whole when the
  -- players' separate answers don't fit together. (One defending player, no seat options:
  -- that player's, no list of defenders made: the core's count, GI._opponent.)
  local opponent_c = GI._opponent
  local function decide_blocks(g, skip)
    if not skip and not env[g].seats then
      local first, n = opponent_c(g)
      if n == 1 then return one_defender_blocks(g, first) end
    end
    local all, defenders = {}, defenders_of(g)
    if skip then      -- players who don't declare blockers (rules.declare_blockers)
      local rest = {}
      for _, q in ipairs(defenders) do if not skip[q] then rest[#rest + 1] = q end end
      defenders = rest
    end
    for i = 1, #defenders do
      local q = defenders[i]
      local mine = arbiter._ask_declaration(g, q, "block", { player = q, attackers = attackers(g) }) or {}
      -- the nearest legal blocks as g:nearest_legal_block handed them out (one defender: its
      -- blockers are q's cards) are declared as they are, without a copy read card by card
      -- (the proof found handed on: declare_blockers doesn't look for it again)
      if #defenders == 1 then
        local proof = arbiter._nearest_block(g, mine)
        if proof then return mine, proof end
      end
      for b, t in pairs(mine) do
        if core.kind(b) == "card" and b.controller == q then all[b] = t end
      end
    end
    if #defenders > 1 and not arbiter._check_merged_blocks(g, all) then all = g:nearest_legal_block(all) end
    return all
  end

  -- "Instead of declaring blockers" (rules.declare_blockers: Camouflage): the defending players
  -- an effect affects don't declare; the others declare theirs, then each of them does what the
  -- effect says (its fn(g, p, source): blocks made by g:become_blocking), in APNAP order.
  local function instead_of_blocks(g)
    local list, skip
    if not env[g].blocks_instead then return nil end   -- no such effect ever made (rules.lua)
    for _, q in ipairs(defenders_of(g)) do
      local r = arbiter._blocks_instead(g, q)
      if r then
        list, skip = list or {}, skip or {}
        list[#list + 1] = { q, r }
        skip[q] = true
      end
    end
    return list, skip
  end

  local function block_step(g, blocks)
    if not step_c(g, "declare_blockers", true) then return false end
    local instead, skip = instead_of_blocks(g)
    if not instead then
      local proof
      if not blocks then
        blocks, proof = decide_blocks(g)
        if blocks == true then return not result(g) end   -- declared at once
      end
      arbiter._declare_blockers(g, blocks, nil, proof)
      return not result(g)
    end
    local decl = blocks or decide_blocks(g, skip)
    if next(decl) ~= nil then Game.declare_blockers(g, decl) end
    for _, x in ipairs(instead) do
      if result(g) then break end
      guard(x[2].fn)(g, x[1], x[2].source)      -- a script's function: budgeted
    end
    return not result(g)
  end

  function Game:block_step(blocks)
    if blocks ~= nil then check.table("block_step", 1, blocks) end
    return atomic(self, public_step, "declare_blockers", block_step, blocks)
  end

  -- (each step entered and its work done in one core call: combat_damage.lua's, GI._end_combat_now)
  public("damage_step", function(g)
    arbiter._turn_damage_step(g)
    return not result(g)
  end, "combat_damage")

  local end_combat_now = GI._end_combat_now
  public("end_of_combat_step", function(g)
    end_combat_now(g, true)
    return not result(g)
  end, "end_of_combat")

  -- a combat step p skips (300.8: skips, above): skipping declare attackers declares none, so
  -- the blockers and damage steps don't happen either (no creature attacks)

  -- (done: how many of its first two steps the turn's quiet call entered, -1 or 0 none)
  public("combat_phase", function(g, act, done)
    done = done or 0
    if done < 1 and not skips(g, "beginning_of_combat") and not step(g, "beginning_of_combat") then return false end
    local attacked = (done >= 2 or not skips(g, "declare_attackers")) and attack_step(g, nil, nil, act, done >= 2)
    if attacked and (skips(g, "declare_blockers") or block_step(g)) and not skips(g, "combat_damage") then
      raw.damage_step(g)
    end
    if result(g) then return false end
    if skips(g, "end_of_combat") then return true end
    return raw.end_of_combat_step(g)
  end)

  -- ---------------------------------------------------------------- whole turns

  local TURN = { "untap_step", "upkeep_step", "draw_step", "main1", "combat_phase",
    "main2", "end_step", "cleanup_step" }

  -- the step each part of a turn is (a skipped one, 300.8, is passed over; the combat
  -- phase asks for its own steps)
  local STEP_OF = { untap_step = "untap", upkeep_step = "upkeep", draw_step = "draw", main1 = "main1",
    main2 = "main2", end_step = "end", cleanup_step = "cleanup" }

  -- (each step's body gets the turn's player: the steps that need the active player don't
  -- read it again; may_skip's two reads made here, no call a step)
  -- The parts TURN[from..to] of p's turn: false once the game is over.
  local function parts(g, p, e, from, to)
    for i = from, to do
      local name = TURN[i]
      local s = STEP_OF[name]
      local list = s and e.rule_effects
      if not (s and (e.skips or list and arbiter._skip_rules(list)) and arbiter._skipped(g, p, s))
          and not raw[name](g, p) then
        return false                             -- each step says whether the game goes on
      end
    end
    return true
  end

  -- The quiet turn (issue 28: a step nobody acts in cost more than a dozen calls between the
  -- layers): while nothing the Lua layer decides by can change how the turn's first and last
  -- steps go -- no extra, skipped or replaced turns (turns.lua), no skipped steps, rule effects
  -- (untap limits, hand sizes, "until your next turn"), teams or house rules (their hooks) --
  -- the core takes them in one call each (csrc/turn.c: the same calls in the same order,
  -- going on only while no script changed a setting the Lua layer reads: then it takes over).
  local quiet_begin, quiet_end = GI._quiet_begin, GI._quiet_end
  -- may a step of this turn be skipped or go otherwise (counted skips; rule effects that skip,
  -- limit untaps or end as a turn begins: rules.lua _turn_rules; others leave the turn quiet)
  local function steps_may_change(g, e) return e.skips or e.rule_effects and arbiter._turn_rules(g) end
  -- what takes a whole turn off the quiet path whatever its steps: teams, turn order (extra turns,
  -- a regular turn owed), house rules
  local function turn_changes(e) return e.teams or e.extra_turns or e.regular_turn or e.house_rules[1] end
  -- (the declared "begin turn" event, turns.lua, counts at a turn's start only: turn_start)
  local function quiet(g, e) return not (steps_may_change(g, e) or turn_changes(e)) end

  -- may the rest of a turn's start (its upkeep, draw step, main 1 entered) go quietly once its
  -- untap step is over? As quiet's test, but a rule effect counts only when it may skip one of
  -- those steps: untap limits and "until your next turn" effects are done with by then, and
  -- Stasis skips untap steps only
  local function rest_quiet(g, e)
    local list = e.rule_effects
    return not (e.skips or turn_changes(e) or list and arbiter._skips_after_untap(list))
  end

  -- the turn's first parts: its player, the part to go on from (nil: the game is over), and
  -- whether main phase 1 (part 4) was entered. With "begin turn" declared (Time Vault) the
  -- next player is taken as the Lua layer takes it, its event emitted (replaced away: that
  -- turn skipped, turns.lua), before the quiet check that decides the rest (the emit's scripts
  -- may have made the turn not quiet); the quiet begin then starts that player's turn. A turn
  -- that isn't quiet begins and takes its untap step here; then, when the rest may go quietly,
  -- the quiet begin takes it from the upkeep.
  local function turn_start(g, p, e)
    local q = quiet(g, e)
    if q and not p and e.event_names and e.event_names["begin turn"] then p = next_turn(g); q = quiet(g, e) end
    if not q then
      p = begin_turn(g, p or next_turn(g))
      if not parts(g, p, e, 1, 1) then return p, nil end
      if not rest_quiet(g, e) then return p, 2 end
    end
    local done, going
    p, done, going = quiet_begin(g, p, not q)
    if not going then return p, nil end
    if done == 5 then return p, 4, true end      -- in main 1
    return p, done == 4 and 4 or done + 1        -- main1; or a script changed a setting
  end

  -- The turn's middle, parts 4 to 6 (main 1, combat, main 2): -> whether the game goes on, and
  -- whether main 2's closing settle is left to the caller (quiet_end's). While no skip can apply
  -- (no counted skips nor rule effects, read as each phase ends, before its settle), main 1's
  -- closing settle and the combat phase's first two steps are one core call (csrc/turn.c
  -- arb_quiet_steps: the same settle and steps, in the same order, stopping where the game ends
  -- or a script changed a setting: the combat phase goes on from there as it would have); and
  -- when the turn's end will be quiet, main 2's closing settle is made by quiet_end's call.
  local quiet_steps = GI._quiet_steps
  local function no_skips(g) return not steps_may_change(g, env[g]) end
  local function quiet_end_next(g) return quiet(g, env[g]) end
  -- (in_main1: the quiet turn's first call entered main 1: no skip could apply)
  local function middle(g, p, e, in_main1)
    if not in_main1 and steps_may_change(g, e) then   -- main 1 may be skipped
      return parts(g, p, e, 4, 6), false
    end
    local going, owed = main_phase(g, "main1", p, no_skips, in_main1)
    if not going then return false, false end
    if owed then
      local done
      done, going = quiet_steps(g, true, "beginning_of_combat", "declare_attackers")
      if not going or not raw.combat_phase(g, p, done) then return false, false end
    elseif not raw.combat_phase(g, p) then return false, false end
    if steps_may_change(g, e) then return parts(g, p, e, 6, 6), false end   -- main 2 may be skipped
    going, owed = main_phase(g, "main2", p, quiet_end_next)
    return going, owed
  end

  local function play_turn(g, p)
    local e = env[g]
    local from, in_main1, going, owed, done
    p, from, in_main1 = turn_start(g, p, e)
    if not from or not parts(g, p, e, from, 3) then return result(g) end
    going, owed = middle(g, p, e, in_main1)
    if not going then return result(g) end
    if owed then                                 -- main 2's settle, then the end (-1: the settle only,
      done, going = quiet_end(g, p, true)        -- a script changed a setting)
      if done < 0 and not going then return result(g) end
    end
    if not owed or done < 0 then
      if not quiet(g, e) then parts(g, p, e, 7, 8); return result(g) end
      done, going = quiet_end(g, p)
    end
    if done == 1 then clean_up(g, p)             -- in the cleanup step, with cards to discard
    elseif done == 0 and going then parts(g, p, e, 8, 8) end   -- a script changed a setting
    return result(g)
  end

  function Game:play_turn(p)
    if p ~= nil then check.object(self, "play_turn", 1, p, "player") end
    return atomic(self, play_turn, p)
  end

  function Game:play(opts)
    opts = check.table("play", 1, opts, true)
    local max = check.integer(opts.max_turns or 1000)
    if not max or max < 0 then
      fail("play", 1, "max_turns must be a non-negative integer, got " .. describe(opts.max_turns))
    end
    local r = result(self)
    for _ = 1, max do                  -- (a turn's result is play_turn's: no second read)
      if r then break end
      r = atomic(self, play_turn)
    end
    return r
  end

  -- ---------------------------------------------------------------- life (003)

  -- life totals lie in [-10^9, 10^9] (the core's 32-bit range): an amount or a result past
  -- it is refused here, naming the method, before any sum is made (issue 24)
  local LIFE_MAX = 1000000000
  local function amount(fname, n)
    if not check.integer(n) or n < 0 then
      fail(fname, 2, "a non-negative integer amount expected, got " .. describe(n), 3)
    end
    n = check.integer(n)
    if n > LIFE_MAX then fail(fname, 2, "amount too large (at most 10^9), got " .. describe(n), 3) end
    return n
  end
  local function new_life(fname, life)
    if life > LIFE_MAX or life < -LIFE_MAX then
      fail(fname, 2, "the life total would be " .. life .. ", out of range (-10^9 to 10^9)", 3)
    end
    return life
  end

  --- g:gain_life(p, n), g:lose_life(p, n): "life" events; losing life is not damage, so
  -- damage prevention doesn't stop it (003: "not considered damage").
  function Game:gain_life(p, n)
    check.object(self, "gain_life", 1, p, "player")
    n = amount("gain_life", n)
    if n > 0 then p.life = new_life("gain_life", p.life + n) end
  end

  function Game:lose_life(p, n)
    check.object(self, "lose_life", 1, p, "player")
    n = amount("lose_life", n)
    if n > 0 then p.life = new_life("lose_life", p.life - n) end
  end

  --- g:pay_life(p, n) -> true, or false when n exceeds p's life ("you can't spend more life
  -- than you currently have", 003); paying 0 is always possible.
  function Game:pay_life(p, n)
    check.object(self, "pay_life", 1, p, "player")
    n = amount("pay_life", n)
    if n == 0 then return true end
    if n > p.life then return false end
    p.life = p.life - n
    return true
  end

  --- g:lose_half_life(p, {round = "up" | "down"}): at 0 or less life nothing changes (003)
  function Game:lose_half_life(p, opts)
    check.object(self, "lose_half_life", 1, p, "player")
    opts = check.table("lose_half_life", 2, opts, true)
    if p.life <= 0 then return 0 end
    local n = opts.round == "down" and idiv(p.life, 2) or idiv(p.life + 1, 2)
    p.life = p.life - n
    return n
  end

  -- ---------------------------------------------------------------- durations

  local UNTIL = { end_of_turn = true, end_of_combat = true }
  local function check_until(fname, argn, u)
    if not UNTIL[u] then
      fail(fname, argn, "until must be \"end_of_turn\" or \"end_of_combat\", got " .. describe(u), 3)
    end
  end

  --- g:grant(card, ability, {until = "end_of_turn", count = 1}): abilities for a while
  function Game:grant(card, ability, opts)
    check.object(self, "grant", 1, card, "card")
    opts = check.table("grant", 3, opts, true)
    local u = opts["until"] or "end_of_turn"
    check_until("grant", 3, u)
    GI._grant_until(self, card, ability, opts.count or 1, u)
    return card
  end

  --- g:until_end(handle, "end_of_turn" | "end_of_combat"): a replacement, trigger or observer
  -- handle ends then; add_replacement/trigger/on specs may say duration = ... instead.
  function Game:until_end(h, u)
    check.table("until_end", 1, h)
    if not isint(h.id) then fail("until_end", 1, "effect handle expected, got " .. describe(h)) end
    check_until("until_end", 2, u)
    GI._until_effect(self, h.id, u)
    return h
  end
end
