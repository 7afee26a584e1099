-- arbiter.stack — casting spells (405), activating abilities (406, 406.1 mana abilities),
-- targets (413), illegal actions reversed (422) and the players' answers when they hold
-- priority (116). The stack itself and the priority loop are the core's (csrc/spell.c,
-- csrc/stack.c: g:settle()); this module is what the loop calls into.
--
-- Timing (116): inside a turn (g.step ~= nil) an instant or an activated ability may be
-- played by the player holding priority (or, between calls, by a host standing in for a
-- player); any other spell only by the active player in a main phase with an empty stack.
-- Outside any turn (set-up, scripts, tests) timing isn't checked.
--
-- Targets (413) are chosen and checked by arbiter.targets (targets.lua).
--
-- Illegal actions (422): g:cast / g:activate run as one action. If anything in it fails (an
-- unpayable cost, an illegal target, wrong timing, a `pay` that raises) everything is undone
-- — the spell back where it came from, payments cancelled, mana abilities played meanwhile
-- reversed, nothing triggered — except cards moved to or out of a library, which stay moved
-- (422.1; logged in the history, triggering nothing). A host's call then raises naming the
-- rule; an agent's answer to priority is asked again (422.2), at most
-- arbiter.PRIORITY_RETRIES times, then the error names the answer.
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions (internal.lua)
local core = require("arbiter.core")
local check = require("arbiter.check")

return function(arbiter, Game)
  local fail, describe = check.fail, check.describe
  local atomic, guard = arbiter._atomic, core._guard
  local parse = arbiter.parse_cost
  local abilities_of = arbiter._abilities_of

  arbiter.PRIORITY_RETRIES = 8

  -- a card's printed spell characteristics, read once per definition (the one per-definition
  -- cache of printed types: the default main phase sorts its hand with it too, turn.lua)
  local spell_of = arbiter._once_per_definition(function(d)
    local s = { cost = assert(parse(d.cost)), targets = d.targets, resolve = d.resolve, pay = d.pay,
      modes = d.modes, x_mana = d.x_mana, condition = d.cast_condition }
    for _, t in ipairs(d.types or {}) do s[t] = true end
    s.permanent = s.Creature or s.Artifact or s.Enchantment or s.Land or false
    -- nothing to choose or pay beyond its mana cost: a cast of it may be plain (cast_checked)
    s.plain = not (s.targets or s.modes or s.pay or s.condition) and s.cost.x == 0
    return s
  end)
  arbiter._spell_of = spell_of

  -- targets (413), a definition's activated list and equip: arbiter.targets (targets.lua)
  local choose_targets, recheck = arbiter._choose_targets, arbiter._recheck_targets
  local candidates = arbiter._target_candidates

  -- ---------------------------------------------------------------- timing (116)

  local MAIN = { main1 = true, main2 = true }
  -- g.active_player, g.step, g.priority, #g.stack as calls (no __index dispatch)
  local active, step_name, priority_of, stack_size = GI._active, GI._step_name, GI._priority, GI._stack_size
  local team_of = require("arbiter.internal")._team   -- a player's team, read once (init.lua)

  -- what: the card, named only in a failure's message (a name is a string made per call).
  -- An activated ability with timing = "sorcery" ("Play this ability only any time you could
  -- play a sorcery": equip, 502.33a) follows a sorcery's rule.
  local timely = GI._timely   -- (lcast_plain.c) the same test in one call, true when it passes
  local function timing(g, fname, p, sorcery_speed, what)
    if timely(g, p, sorcery_speed) then return end
    local step = step_name(g)         -- read once (each read is a C call)
    if step == nil then return end
    local holder = priority_of(g)
    if holder ~= nil and holder ~= p then
      fail(fname, 1, string.format("%s doesn't hold priority (%s does; 116)", tostring(p), tostring(holder)), 4)
    end
    if not sorcery_speed then return end
    if not MAIN[step] or team_of[active(g)] ~= team_of[p] or stack_size(g) > 0 then   -- 2HG: the team's turn
      local verb = fname == "cast" and " can be cast" or "'s ability can be activated"
      fail(fname, 2, string.format("%s%s only in its controller's main phase with an empty stack " ..
        "(116; now: %s's %s, %d object(s) on the stack)", tostring(what), verb, tostring(g.active_player), g.step,
        #g.stack), 4)
    end
  end

  arbiter._timing = timing   -- (player_abilities.lua: an ability a player has, at instant speed)

  -- card, ability: what the cost is of, named only in a failure's message
  local function check_x(fname, argn, opts, cost, card, ability)
    local x = opts.x
    if x == nil then return 0 end
    if cost.x == 0 then
      local what = tostring(card) .. (ability and "'s ability " .. ability or "")
      fail(fname, argn, what .. " has no {X} in its cost, but x = " .. describe(x) .. " was given (407)", 4)
    end
    local n = check.integer(x)
    if not n or n < 0 then fail(fname, argn, "x must be a non-negative integer, got " .. describe(x), 4) end
    return n
  end

  -- ---------------------------------------------------------------- 422: one action

  -- Cards the failed action moved to or out of a library (history since h0): they stay moved.
  local function library_moves(g, h0)
    local out = {}
    for _, ev in ipairs(g:history(h0 + 1)) do
      if ev.type == "draw" and ev.card then
        out[#out + 1] = { card = ev.card, to = "hand" }
      elseif (ev.type == "zone_change" or ev.type == "discard") and ev.card
          and (ev.from == "library" or ev.to == "library") then
        out[#out + 1] = { card = ev.card, to = ev.to, top = ev.top }
      end
    end
    return out
  end

  local function restore_moves(g, moves)
    for _, m in ipairs(moves) do
      if m.card.zone ~= m.to then GI._place(g, m.card, m.to, m.top ~= false) end
    end
  end

  -- Runs fn(g, ...) as one action (422.1): on failure undone as a whole except library moves.
  -- fn returns one value (the stack object, or nil).
  -- the library moves of the last failed body, read by reversible right after its pcall
  -- (nothing runs in between but the action's rollback, in C): no closure per action
  local failed_moves
  local function body(game, fn, h0, ...)
    local ok, r = pcall(fn, game, ...)
    if not ok then
      failed_moves = library_moves(game, h0)
      error(r, 0)
    end
    return r
  end
  -- (g:attempt: the action's own protected call answers, no pcall around it)
  local history_length, attempt = Game.history_length, Game.attempt
  local function reversible(g, fn, ...)
    failed_moves = nil
    local ok, r = attempt(g, body, fn, history_length(g), ...)
    if ok then return r end
    local moves = failed_moves
    failed_moves = nil
    if moves and #moves > 0 then atomic(g, restore_moves, moves) end
    error(r, 0)
  end

  -- A definition's `pay` (further costs in Lua: life, a sacrifice, a discard) for a spell or an
  -- ability being played. Raising makes the action illegal (422): the error names the function
  -- and the rule, with the script's own message after it.
  local function pay_more(fname, fn, obj, g, card)
    local ok, err = pcall(guard(fn), obj, g, card)
    if ok then return end
    if arbiter.is_driver_question(err) then error(err, 0) end   -- a host's question (driver.lua)
    error(string.format("%s: %s's additional cost wasn't paid (409.1f, 422: the %s is illegal and undone): %s",
      fname, tostring(card), fname == "cast" and "spell" or "activation", tostring(err)), 0)
  end

  -- ---------------------------------------------------------------- casting (405)

  -- ---------------------------------------------------------------- modes (700.2)

  -- the modes that may be chosen for card now: those whose targets all have a legal one (a
  -- mode without targets always), and each one's index
  function arbiter._mode_options(g, card, s)
    local out, index = {}, {}
    for i, m in ipairs(s.modes) do
      if arbiter._targets_exist(g, m.targets, card) then out[#out + 1] = m; index[m] = i end
    end
    return out, index
  end

  -- the mode of a modal spell being cast: opts.mode, or the caster's answer to
  -- choose(p, "mode", modes, ctx) among the modes that could be chosen (700.2)
  local function choose_mode(g, p, card, s, opts)
    local m = opts.mode
    if m ~= nil then
      local i = check.integer(m)
      if not i or i < 1 or i > #s.modes then
        fail("cast", 3, string.format("mode must be an integer from 1 to %d for %s, got %s", #s.modes,
          tostring(card), describe(m)), 4)
      end
      return i
    end
    local options, index = arbiter._mode_options(g, card, s)
    if #options == 0 then
      fail("cast", 2, tostring(card) .. " has no mode whose targets are legal now (700.2, 413)", 4)
    end
    return index[arbiter._ask_choose(g, p, "mode", options, { card = card, player = p })]
  end

  -- "Spend only <color> mana on X" (x_mana): the X part paid as that many colored symbols
  local x_colored = setmetatable({}, { __mode = "k" })   -- cost -> color -> x -> the cost
  local function with_x_mana(cost, color, x)
    if not color or cost.x == 0 or x == 0 then return cost end
    local by = x_colored[cost] or {}
    x_colored[cost] = by
    local key = color .. x
    if not by[key] then
      local c = {}
      for k, v in pairs(cost) do c[k] = v end   -- (a copy: the order reaches no game)
      c[color] = c[color] + cost.x * x
      c.total = c.total + cost.x * x
      c.x = 0
      by[key] = c
    end
    return by[key]
  end

  -- obj.x_spent: the mana spent on X, as the payment reports it by pool slot (x_mana: all of
  -- the X part was that color); nothing to note when X was 0
  local SLOT_OF = { white = 1, blue = 2, black = 3, red = 4, green = 5 }
  local function note_x_spent(g, obj, spent, x_color, amount)
    if x_color and amount > 0 then
      spent = { 0, 0, 0, 0, 0, 0 }
      spent[SLOT_OF[x_color]] = amount
    end
    if spent then GI._set_x_spent(g, obj, spent[1], spent[2], spent[3], spent[4], spent[5], spent[6]) end
  end

  -- "Cast [this] only ...": a definition's cast_condition(g, p, card) -> ok, why
  function arbiter._cast_allowed(g, p, card)
    local cond = spell_of[card].condition
    if not cond then return true end
    local ok, why = guard(cond)(g, p, card)
    return ok and true or false, why
  end

  -- an instructed cast's mana sources (Word of Command): a set of cards, or nil (any)
  local function sources_only(opts)
    if not opts.instructed then return nil end
    local only = {}
    for _, c in ipairs(opts.mana_sources or {}) do only[c] = true end
    return only
  end

  -- opts.face_down: the card is cast face down (504): put on the stack and turned face down
  -- before anything reads it, it is the face-down 2/2 (no name, color, cost, abilities, so no
  -- targets, X or mode) from then on, on the stack and as the permanent it resolves into
  local function cast_face_down(g, p, card, opts)
    local obj = GI._spell_put(g, card, p, {}, 0)
    GI._face(g, card, true)
    arbiter._face_changed(card)
    local s = spell_of[card]
    if not opts.without_paying then arbiter._pay_mana(g, p, s.cost, 0, "cast", card, sources_only(opts)) end
    if s.pay then pay_more("cast", s.pay, obj, g, card) end
    GI._played(g, "cast", p, card)
    return obj
  end

  -- quiet: the caller doesn't read the stack object (the default main phase's cast): its Lua
  -- value isn't made here when nothing below reads it either (no `pay`, X 0: no x_spent);
  -- the cast then returns nothing
  local NO_TARGETS = {}   -- (only read)
  local function cast_body(g, p, card, opts, quiet)
    -- an effect's instruction: no timing; a face-down spell is a creature spell (sorcery speed)
    local s = spell_of[card]
    if not opts.instructed then timing(g, "cast", p, opts.face_down or not s.Instant, card) end
    if opts.face_down then return cast_face_down(g, p, card, opts) end
    local x = opts.x == nil and 0 or check_x("cast", 3, opts, s.cost, card)   -- (no x: 0, check_x's answer)
    local mode = s.modes and choose_mode(g, p, card, s, opts)
    local list = mode and s.modes[mode].targets or s.targets
    local targets = NO_TARGETS   -- (no list and none given: choose_targets' answer, uncalled)
    if list or opts.targets ~= nil then
      targets = choose_targets(g, "cast", p, list, opts.targets, card,
        list and { kind = "spell", card = card, x = x },   -- what a target is checked against (none: unread)
        list and opts.targets == nil and arbiter._extra_targets_affordable(g, p, s.cost, list, x) or nil)
    end
    local obj = GI._spell_put(g, card, p, targets, x, mode, quiet and x == 0 and not s.pay)
    -- (no targets list: no extra cost, as _cost_with_targets answers)
    local cost = arbiter._changed_cost(g, "spell_cost", card,
      list and arbiter._cost_with_targets(s.cost, list, targets) or s.cost)
    if not opts.without_paying then   -- "without paying its mana cost": additional costs still are
      -- (with X 0, no instruction and nothing spent reported: the helpers' own answers, uncalled)
      local spent = arbiter._pay_mana(g, p, x > 0 and with_x_mana(cost, s.x_mana, x) or cost, x, "cast", card,
        opts.instructed and sources_only(opts) or nil)
      if spent or x > 0 then note_x_spent(g, obj, spent, s.x_mana, cost.x * x) end
    end
    if s.pay then pay_more("cast", s.pay, obj, g, card) end     -- additional costs, after mana
    GI._played(g, "cast", p, card)
    return obj
  end

  local CAST_FLAGS = { "instructed", "face_down", "without_paying" }   -- g:cast's boolean options
  -- g:cast once p, card and opts are known to be a player, a card of g and a table: what may
  -- be cast now (418, 405.1, 216.2, 101.1), the options' values, then the cast as one action.
  -- (Called from g:cast and from arbiter._cast_offered only, not as a tail call: an error's
  -- level 3 names their caller's line, as g:cast's own checks do with level 2.)
  -- g:cast's first checks one by one, for the error (level 4: the caller of g:cast or of
  -- arbiter._cast_offered, through cast_checked)
  local function first_checks(self, p, card)
    if not GI._can_cast(self, p) then   -- a "can't cast" effect (prohibit = "cast", 418)
      fail("cast", 1, tostring(p) .. " can't cast spells (a \"can't cast\" effect applies)", 4)
    end
    if card.zone ~= "hand" or card.owner ~= p then
      fail("cast", 2, tostring(card) .. " is not in " .. tostring(p) ..
        "'s hand (405.1: a spell is cast from its owner's hand)", 4)
    end
    if arbiter.has_type(card, "Land") then
      fail("cast", 2, tostring(card) .. " is a land: use play_land (a land isn't cast)", 4)
    end
    if card.token then
      fail("cast", 2, tostring(card) .. " is a token: it isn't a card and can't be cast (216.2)", 4)
    end
  end
  local cast_ok = GI._cast_ok
  -- The plain cast (issue 28): the same cast made by the core in one call (csrc/lcast_plain.c)
  -- when nothing in it is the Lua layer's: a spell with nothing to choose or pay but its mana
  -- cost (s.plain), cast with no options, no rule effect changing a cost or how mana is spent,
  -- no triggered mana ability. The core makes it only when no host code could run and every
  -- check passes and the cost is paid its simple way; else nothing is done and the general
  -- path below casts or explains (spec/cast_plain_spec.lua: the same games both ways).
  -- (GI._cast_plain is read at each cast: spec/cast_plain_spec.lua watches its answers)
  local env = arbiter._env
  local NO_OPTS = {}   -- (only read)
  local OPTION_KEYS = { "targets", "x", "mode", "instructed", "face_down", "without_paying", "mana_sources" }
  local function no_options(opts)
    if opts == NO_OPTS then return true end
    for i = 1, #OPTION_KEYS do if opts[OPTION_KEYS[i]] ~= nil then return false end end
    return true
  end
  arbiter._plain_casts = true   -- false: always the general path (the spec compares the two)
  local function plain(self, p, card, s, opts, quiet)
    if not (arbiter._plain_casts and no_options(opts)) then return false end
    local e = env[self]
    if e.rule_effects or e.mana_triggers then return false end
    local c = s.cost
    return GI._cast_plain(self, p, card, not s.Instant, quiet, c.white, c.blue, c.black, c.red, c.green, c.generic)
  end
  local check_options   -- (below)
  local function cast_checked(self, p, card, opts, quiet)
    local s = spell_of[card]
    if s.plain then
      local done, obj = plain(self, p, card, s, opts, quiet)
      if done then return obj end
    end
    -- the first checks in one core call when they all pass (the common case)
    if not cast_ok(self, p, card) then first_checks(self, p, card) end
    if s.targets ~= nil then
      local ok, err = arbiter._check_targets(s.targets)
      if not ok then fail("cast", 2, tostring(card) .. ": " .. err, 3) end
    end
    if opts ~= NO_OPTS then check_options(self, opts) end
    -- checked on every cast; a face-down spell has no text (504.1): not its front's
    local allowed, why = true, nil
    if s.condition and not opts.face_down then allowed, why = arbiter._cast_allowed(self, p, card) end
    if not allowed then
      local because = why and ": " .. tostring(why) or ""
      fail("cast", 2, tostring(card) .. " can't be cast now (its cast_condition" .. because .. "; 101.1, 422)", 3)
    end
    return reversible(self, cast_body, p, card, opts, quiet)
  end
  -- g:cast's options (none given: the default main phase's cast, nothing to check); the errors
  -- name the caller of g:cast (level 4 here)
  function check_options(self, opts)
    for i = 1, #CAST_FLAGS do
      local k = CAST_FLAGS[i]
      if opts[k] ~= nil and type(opts[k]) ~= "boolean" then
        fail("cast", 3, k .. " must be a boolean, got " .. describe(opts[k]), 4)
      end
    end
    if opts.face_down and (opts.targets ~= nil or opts.mode ~= nil) then
      fail("cast", 3, "a face-down spell has no targets or modes (504: it has no text)", 4)
    end
    if (opts.without_paying or opts.face_down) and opts.x ~= nil and opts.x ~= 0 then
      fail("cast", 3, "x must be 0 when the spell is cast without paying its mana cost (X is 0), got "
        .. describe(opts.x), 4)
    end
    if opts.mana_sources ~= nil then
      if not opts.instructed then fail("cast", 3, "mana_sources is for an instructed cast (instructed = true)", 4) end
      if type(opts.mana_sources) ~= "table" then
        fail("cast", 3, "mana_sources must be a list of permanents, got " .. describe(opts.mana_sources), 4)
      end
      for i, c in ipairs(opts.mana_sources) do
        if core.kind(c) ~= "card" then
          fail("cast", 3, "mana_sources[" .. i .. "]: a card expected, got " .. describe(c), 4)
        end
        check.object(self, "cast", 3, c, "card")
      end
    end
  end

  --- g:cast(p, card, {targets = {...}, x = n}) -> the stack object
  function Game:cast(p, card, opts)
    check.object(self, "cast", 1, p, "player")
    check.object(self, "cast", 2, card, "card")
    local obj = cast_checked(self, p, card, check.table("cast", 3, opts, true))
    return obj   -- (not a tail call: the checks' errors name the caller's line)
  end

  -- The default main phase's cast of the card its agent picked (turn.lua): p is the player
  -- whose phase it is and the card one of the options, one of p's cards (ask_choose answers
  -- only with an option), no options given. What may be cast is checked as g:cast checks it.
  -- Nothing is returned (quiet: the phase doesn't read the stack object).
  function arbiter._cast_offered(g, p, card)
    cast_checked(g, p, card, NO_OPTS, true)
  end

  -- ---------------------------------------------------------------- activating (406)

  -- "Activate only ...": an activated entry's condition(g, p, card) -> ok, why, checked on every
  -- activation as cast_condition is on every cast (the era's 406.1 with the ability's own
  -- restriction, 403.4-style timing text)
  function arbiter._activation_allowed(g, p, card, a)
    local cond = a.def.condition
    if not cond then return true end
    local ok, why = guard(cond)(g, p, card)
    return ok and true or false, why
  end

  local function activate_body(g, p, card, a, opts)
    local d = a.def
    if not a.mana then timing(g, "activate", p, a.sorcery, card) end
    local x = check_x("activate", 4, opts, a.cost, card, a.index)
    if a.cost.tap then
      local ok, why = arbiter._can_tap(card)
      if not ok then fail("activate", 2, why .. " (406: its {T} cost can't be paid)", 3) end
    end
    local cost = arbiter._changed_cost(g, "ability_cost", card, a.cost)   -- increases in force (409.1f)
    if a.mana then                                   -- 406.1: no stack, resolves at once
      arbiter._pay_mana(g, p, cost, x, "activate")
      arbiter._mana_ability(g, p, card, a, opts)
      return nil
    end
    local targets = choose_targets(g, "activate", p, a.targets, opts.targets, card,
      { kind = "ability", card = card, x = x })
    local obj = GI._ability_put(g, card, a.index, p, targets, x)
    if a.cost.tap then card:tap() end
    note_x_spent(g, obj, arbiter._pay_mana(g, p, cost, x, "activate", card))
    if d.pay then pay_more("activate", d.pay, obj, g, card) end
    GI._played(g, "activate", p, card, a.index)
    return obj
  end

  --- g:activate(p, card, i, {targets, x}) -> the stack object, or nil for a mana ability
  function Game:activate(p, card, i, opts)
    check.object(self, "activate", 1, p, "player")
    if getmetatable(card) == arbiter._PlayerAbility then      -- an ability p has (g:add_ability)
      return arbiter._activate_player_ability(self, p, card)
    end
    check.object(self, "activate", 2, card, "card")
    opts = check.table("activate", 4, opts, true)
    local list = abilities_of[card]
    i = check.integer(i) or i                       -- ability 1.0 is ability 1
    -- who = "owner": "Only [its] owner may activate this ability" (its owner, whoever controls it)
    local by_owner = check.integer(i) and list[i] ~= nil and list[i].def.who == "owner"
    local from = check.integer(i) and list[i] ~= nil and list[i].def.zone   -- "graveyard" | "hand" | nil
    if from then               -- an ability that works from its owner's graveyard or hand: the owner's
      if card.zone ~= from or card.owner ~= p then
        fail("activate", 2, string.format("%s's ability %d works from its owner's %s: %s is in %s, owned by %s",
          tostring(card), i, from, tostring(card), card.zone, tostring(card.owner)))
      end
    elseif card.zone ~= "battlefield" or (by_owner and card.owner ~= p) or (not by_owner and card.controller ~= p) then
      fail("activate", 2, string.format("%s is not a permanent %s %s (406.1)", tostring(card), tostring(p),
        by_owner and "owns (only its owner may activate this ability)" or "controls"))
    end
    if not check.integer(i) or list[i] == nil then
      fail("activate", 3,
        string.format("%s has no activated ability %s (it has %d)", tostring(card), describe(i), #list))
    end
    local allowed, why = arbiter._activation_allowed(self, p, card, list[i])
    if not allowed then
      fail("activate", 3, string.format("%s's ability %d can't be activated now (its condition%s; 422)",
        tostring(card), i, why and ": " .. tostring(why) or ""))
    end
    return reversible(self, activate_body, p, card, list[i], opts)
  end

  -- ---------------------------------------------------------------- resolution (413)

  local function resolve_object(g, obj)
    local src = obj.card
    if obj.kind == "spell" then
      local s = spell_of[src]
      local m = obj.mode and s.modes and s.modes[obj.mode]     -- a modal spell: its chosen mode's
      if recheck(g, obj, m and m.targets or s.targets, src) then return true end   -- 413: countered
      local resolve = m and m.resolve or s.resolve
      if not s.permanent and resolve then guard(resolve)(obj, g, src) end
      -- an Aura spell enters attached to its target (the core attaches it as it enters)
      if s.permanent and s.targets and obj.targets[1] then GI._aura_enchant(g, src) end
      return false
    end
    if src == nil then return arbiter._resolve_player_ability(g, obj) end   -- g:add_ability's
    local a = abilities_of[src][obj.ability]
    if a == nil then return false end
    if recheck(g, obj, a.targets, src) then return true end
    -- resolve(obj, g, source), a spell's signature, or effect, its older name (issue 31)
    local fn = a.def.resolve or a.def.effect
    if fn then guard(fn)(obj, g, src) end
    return false
  end

  -- targets of a triggered ability, chosen as it goes on the stack (413); with none legal it
  -- is removed from the stack
  local function trigger_targets(g, record, obj)
    local p, list, out = obj.controller, record.targets, {}
    for i = 1, #list do
      local options = candidates(g, list[i], obj.card, obj)
      if #options == 0 then g:counter(obj); return end
      out[i] = arbiter._ask_choose(g, p, "target", options,
        { source = obj.card, index = i, spec = list[i], trigger = record })
    end
    GI._set_targets(g, obj, out)
  end

  -- ---------------------------------------------------------------- priority (116)

  --- The agent's answer to priority (the one place it is asked; a host agent answers here too,
  -- and an agent whose pass is known beforehand is not asked, below): nil passes, or
  -- {cast = card, ...} / {activate = card, ability = i, ...}.
  function arbiter._ask_priority(g, p, ctx)
    local a = arbiter._agent_of(g, p)      -- p's, or its controller's (g:control_player)
    local fn = a and a.priority
    if not fn then return nil end
    -- what p may see (ask.lua); priority's first ask ({player, step}, no retry) holds no card,
    -- so it is seen as it is (the walk would answer the same: ~1,000 instructions a pass)
    if ctx.retry ~= nil then ctx = arbiter._hide(g, p, ctx) end
    return guard(fn)(p, g, ctx)
  end

  local function take(g, p, answer)
    if type(answer) ~= "table" then
      error("not an action: pass with nil, or answer {cast = card, ...} or {activate = card, ability = i, ...}", 0)
    end
    if answer.cast ~= nil then
      return g:cast(p, answer.cast, { targets = answer.targets, x = answer.x, mode = answer.mode })
    elseif answer.activate ~= nil then
      return g:activate(p, answer.activate, answer.ability, { targets = answer.targets, x = answer.x })
    end
    error("an action has cast = card or activate = card", 0)
  end

  local function describe_answer(a)
    if type(a) ~= "table" then return describe(a) end
    if a.cast ~= nil then return "{cast = " .. tostring(a.cast) .. "}" end
    if a.activate ~= nil then
      return "{activate = " .. tostring(a.activate) .. ", ability = " .. describe(a.ability) .. "}"
    end
    return describe(a)
  end

  -- env.priority (the core's hook): true when p acted. An illegal answer is undone and p
  -- asked again (422.2), a bounded number of times. step: the current step's name, passed by
  -- the core (g:_step_name's; an undone answer leaves it as it was)
  -- (an agent's pass known without asking it: internal._priority_passes, agents.lua; p's
  -- answering agent as _ask_priority reads it)
  local passes_of, agent_of = require("arbiter.internal")._priority_passes, arbiter._agent_of
  local function priority(g, p, step)
    local a = agent_of(g, p)
    local passes = a and passes_of[a.priority]
    if passes and passes(p, g, step) then return false end
    local last
    for _ = 1, arbiter.PRIORITY_RETRIES do
      local answer = arbiter._ask_priority(g, p, { player = p, step = step, retry = last })
      if answer == nil then return false end
      local ok, err = pcall(take, g, p, answer)
      if ok then return true end
      if arbiter.is_driver_question(err) then error(err, 0) end   -- a host's question (driver.lua)
      last = { answer = answer, error = err }
    end
    error(string.format("agent of %s answered priority illegally %d times in a row; last answer %s: %s (422.2)",
      tostring(p), arbiter.PRIORITY_RETRIES, describe_answer(last.answer), tostring(last.error)), 0)
  end

  -- env.optional_loop (the core's hook, 421.5): the players' actions that brought the game
  -- back to an earlier state are a loop; the numbers are asked as g:loop asks them
  -- (choose(p, "loop_iterations", ...), ctx.name = "priority"); returns the steps agreed
  local function optional_loop(g, players)
    local steps = {}
    for i = 1, #players do steps[i] = { player = players[i] } end
    local max = arbiter._loop_limit(g)
    return arbiter._agree_loop_number(g, { name = "priority" }, steps, 1, max)
  end

  arbiter._stack_env = function(e)
    e.optional_loop = optional_loop
    e.priority = priority
    -- while a player is controlled during an object's resolution only (g:control_player with
    -- {resolving = obj}: Word of Command's chosen spell), the object resolving is known
    e.resolve_object = function(game, obj)
      local ge = arbiter._env[game]
      if not ge.control_resolving then return resolve_object(game, obj) end
      local was = ge.resolving
      arbiter._note_setting(game, "top", { key = "resolving", old = was })   -- undone with a failed action
      ge.resolving = obj
      local countered = resolve_object(game, obj)
      arbiter._note_setting(game, "top", { key = "resolving", old = obj })
      ge.resolving = was
      return countered
    end
    e.trigger_targets = trigger_targets
    e.event_names = e.event_names or {}
    e.event_names.mana, e.event_names.cast, e.event_names.activate = true, true, true
    e.event_names.mana_removed = true
    e.event_names.land_played = true    -- g:play_land (turn.lua): Fastbond
    e.event_names.special_action = true -- a player's special action (player_abilities.lua, 408.2i)
    e.event_names.draws = true          -- a whole draw instruction (draw.lua)
    e.event_names.damage_dealt = true   -- damage dealt at once, per recipient (csrc/actions.c)
  end
end
