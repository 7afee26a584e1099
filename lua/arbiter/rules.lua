-- arbiter.rules — continuous effects that change what things cost and how mana and lands are
-- used (418; CompRules 2005-2008: 409.1f total cost with increases, 407; 212.6c playing lands):
--   g:add_static{ spell_cost = "{3}", affects = function(card, g, source) ... end }
--   g:add_static{ ability_cost = "{3}", affects = ... }      (activated abilities of the affected)
--   g:add_static{ affects = p, rules = { mana_as = { white = {"red"} } } }
--   g:add_static{ affects = p, rules = { land_plays = n } }  (math.huge: any number)
--   g:add_static{ affects = c, block_condition = function(blocker, attacker, g, source) ... end }
--   g:add_static{ affects = p, can_attack = function(creature, defender, g, source) ... end }
--     (restrictions granted by an effect, 500.1: "can't be blocked except by Walls", "you can't be
--     attacked except by creatures with flying"; asked for each pair in which an affected creature
--     or player takes part, by the combat solver's eligibility: csrc/lcombat_block.c, _attack.c)
-- They go through g:add_static and g:remove_static like every continuous effect, with its
-- source and duration; the core's effects (csrc/static.c) are about permanents and players'
-- characteristics, so these live in the game's Lua state (env, copied by clones, undone with a
-- failed action: 422) and are read where a cost is paid or a land played.
--
-- `affects` is a predicate (asked for a spell's card wherever it is, for an ability's source,
-- or for a player), a card or player, or an array of them; nil: everything. An effect with a
-- source lasts while that source stays on the battlefield (leaving ends it for good, 418.3 of
-- the era: a returning permanent is a new object); duration = "end_of_turn" ends it at the
-- turn's end.
local core = require("arbiter.core")
local check = require("arbiter.check")
local fail, describe = check.fail, check.describe
local guard = core._guard        -- the one guarded path: card-script code runs budgeted

return function(internal, Game)
  local arbiter = internal   -- a public name written here lands on the public table (internal.lua)
  local env, atomic = internal._env, internal._atomic
  local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions (internal.lua)
  local card_ts = GI._card_ts
  local parse = arbiter.parse_cost
  local COLORS = { white = true, blue = true, black = true, red = true, green = true }
  local ORDER = { "white", "blue", "black", "red", "green" }

  local RuleEffect = { __name = "arbiter.RuleEffect" }
  RuleEffect.__tostring = function(h) return "static(" .. h.what .. ")#" .. h.n end

  -- is this spec one of ours? (spell_cost, ability_cost, rules.land_plays, rules.mana_as)
  local function ours(spec)
    if type(spec) ~= "table" then return false end
    if spec.spell_cost ~= nil or spec.ability_cost ~= nil then return true end
    if spec.block_condition ~= nil or spec.can_attack ~= nil then return true end
    local r = spec.rules
    return type(r) == "table" and (r.land_plays ~= nil or r.mana_as ~= nil or r.untap_limit ~= nil or r.skip ~= nil
      or r.declare_blockers ~= nil)
  end

  local ALLOWED = { source = true, duration = true, affects = true, spell_cost = true, ability_cost = true,
    rules = true, block_condition = true, can_attack = true, until_turn_of = true }

  local function bad(msg) fail("add_static", 1, msg, 4) end

  -- rules.skip: the steps a continuous effect may skip (300.8; contract "Steps")
  local STEP_NAMES = { untap = true, upkeep = true, draw = true, main1 = true, beginning_of_combat = true,
    declare_attackers = true, declare_blockers = true, combat_damage = true, end_of_combat = true,
    main2 = true, ["end"] = true, cleanup = true }

  local function read_mana_as(m)
    if type(m) ~= "table" then bad("rules.mana_as must be a table {color = {colors}}, got " .. describe(m)) end
    local out = {}
    for _, from in ipairs(ORDER) do
      local to = m[from]
      if to ~= nil then
        if type(to) == "string" then to = { to } end
        if type(to) ~= "table" then bad("rules.mana_as." .. from .. " must be a color or a list of colors") end
        out[from] = {}
        for _, c in ipairs(to) do
          if not COLORS[c] then bad("rules.mana_as." .. from .. ": unknown color " .. describe(c)) end
          out[from][c] = true
        end
      end
    end
    for k in pairs(m) do   -- (only checks)
      if not COLORS[k] then bad("rules.mana_as: unknown color " .. describe(k)) end
    end
    return out
  end

  -- rules.untap_limit = {count = n, type = "Land"}: "players can't untap more than n lands during
  -- their untap steps" (type nil: permanents)
  local function read_untap_limit(u)
    if type(u) ~= "table" or not check.integer(u.count) or u.count < 0 then
      bad("rules.untap_limit must be {count = a non-negative integer, type = a card type or nil}, got " .. describe(u))
    end
    if u.type ~= nil and type(u.type) ~= "string" then
      bad("rules.untap_limit.type must be a card type (\"Land\", \"Creature\", ...), got " .. describe(u.type))
    end
    return { count = check.integer(u.count), type = u.type }
  end

  -- Cards and players are kept by number (a card's id, "p" and a player's index): a clone shares
  -- the records (its env is copied) and must read its own objects, never its original's.
  local function key_of(x)
    if core.kind(x) == "player" then return "p" .. x.index end
    return x.id
  end

  -- the effect's record: {what, cost (parsed), land_plays, mana_as, untap_limit, affects, source
  -- (a card id), set (of key_of), turn, at}
  local function read(g, spec)
    for k in pairs(spec) do   -- (only checks: the order reaches no game)
      if not ALLOWED[k] then
        bad("field " .. describe(k) .. " can't be mixed with spell_cost, ability_cost, land_plays, mana_as, " ..
          "block_condition or can_attack (make two effects)")
      end
    end
    local r = { affects = spec.affects }
    local n = 0
    for _, f in ipairs({ "spell_cost", "ability_cost" }) do
      if spec[f] ~= nil then
        local c, err = parse(spec[f])
        if not c then bad(f .. ": " .. err) end
        if c.x > 0 or c.tap then bad(f .. " can't hold {X} or {T}") end
        r.what, r.cost, n = f, c, n + 1
      end
    end
    for _, f in ipairs({ "block_condition", "can_attack" }) do
      if spec[f] ~= nil then
        if type(spec[f]) ~= "function" then bad(f .. " must be a function, got " .. describe(spec[f])) end
        r.what, r.fn, n = f, spec[f], n + 1
      end
    end
    local rules = spec.rules
    if rules ~= nil then
      if type(rules) ~= "table" then bad("rules must be a table, got " .. describe(rules)) end
      for k in pairs(rules) do
        if k ~= "land_plays" and k ~= "mana_as" and k ~= "untap_limit" and k ~= "skip" and k ~= "declare_blockers" then
          bad("rule " .. describe(k)
            .. " can't be mixed with land_plays, mana_as, untap_limit or skip (make two effects)")
        end
      end
      if rules.declare_blockers ~= nil then   -- "instead of declaring blockers" (Camouflage)
        if type(rules.declare_blockers) ~= "function" then
          bad("rules.declare_blockers must be a function(g, p, source), got " .. describe(rules.declare_blockers))
        end
        r.what, r.fn, n = "declare_blockers", rules.declare_blockers, n + 1
      end
      if rules.skip ~= nil then
        if not STEP_NAMES[rules.skip] then
          bad("rules.skip must be a step name (\"untap\", \"upkeep\", \"draw\", ... \"cleanup\"), got "
            .. describe(rules.skip))
        end
        r.what, r.skip, n = "skip", rules.skip, n + 1
      end
      if rules.untap_limit ~= nil then
        r.what, r.untap_limit, n = "untap_limit", read_untap_limit(rules.untap_limit), n + 1
      end
      if rules.land_plays ~= nil then
        local v = rules.land_plays
        if not (v == math.huge or (check.integer(v) and v >= 0)) then
          bad("rules.land_plays must be a non-negative integer or math.huge, got " .. describe(v))
        end
        r.what, r.land_plays, n = "land_plays", v, n + 1
      end
      if rules.mana_as ~= nil then r.what, r.mana_as, n = "mana_as", read_mana_as(rules.mana_as), n + 1 end
    end
    if n > 1 then
      bad("one of spell_cost, ability_cost, land_plays, mana_as, untap_limit, skip, block_condition, can_attack "
        .. "per effect (make two effects)")
    end
    local a = spec.affects
    if type(a) == "table" and core.kind(a) == nil and a[1] == nil and next(a) ~= nil then
      bad("affects: a filter ({attached = true}, {is = ...}) is the layer effects' own; these rules take "
        .. "a function or cards and players")   -- (a filter is read by the core's layers, not here)
    end
    if a ~= nil and type(a) ~= "function" then
      local list = (type(a) == "table" and core.kind(a) == nil) and a or { a }
      for i = 1, #list do
        local kind, owner = core.kind(list[i])
        if (kind ~= "card" and kind ~= "player") or owner ~= g then
          bad("affects: a function, or cards and players of this game expected, got " .. describe(list[i]))
        end
      end
      r.set = {}
      for i = 1, #list do r.set[key_of(list[i])] = true end
    end
    if spec.source ~= nil then
      check.object(g, "add_static", 1, spec.source, "card")
      r.source, r.ts = spec.source.id, card_ts(g, spec.source)
      -- a static ability (its source's install made it): it reads as its source's text reads now
      if GI._installing(g, 0) > 0 then r.static = true end
      if spec.source.zone ~= "battlefield" then r.ts = -1 end   -- never there: ended from the start
    end
    if spec.duration ~= nil then
      if spec.duration ~= "end_of_turn" then
        bad("duration must be \"end_of_turn\", got " .. describe(spec.duration))
      end
      r.turn = g.turn
    end
    if spec.until_turn_of ~= nil then   -- "until your next turn": ends as that player's turn begins
      check.object(g, "add_static", 1, spec.until_turn_of, "player")
      r.until_turn_of = spec.until_turn_of.index
    end
    return r
  end

  -- ---------------------------------------------------------------- the effects in force

  local function list_of(g) return env[g].rule_effects or {} end

  -- The kinds of effect a list holds, read once per list: a list is never changed once set (add,
  -- remove and _turn_began make new ones: copy on write), so a question about a kind the list
  -- holds none of is answered at once, without the walk (a game of Alpha cards keeps an effect
  -- or two in its list, and the cost of every spell and the skips of every step are asked).
  -- (kept in the list's own hash part: derived from its entries, it stays right wherever the
  -- list goes, a clone or a rollback's restored list; every reader walks the array part only)
  local function lacks(list, what)
    local k = list.kinds
    if not k then
      k = {}
      for i = 1, #list do k[list[i].what] = true end
      list.kinds = k
    end
    return not k[what]
  end

  -- does a rule effect in force change what casting a spell costs (spell_cost)? The main phase's
  -- core scan counts mana without them (turn.lua); mana spent as another color (mana_as) it asks
  function internal._casting_rules(g)
    local list = env[g].rule_effects
    return list ~= nil and not lacks(list, "spell_cost")
  end

  -- does a rule effect in force bear on how a turn's steps go (skips, untap limits, "until your
  -- next turn")? The quiet turn needs none (turn.lua)
  -- (answered once per list, kept beside its kinds: asked at every turn's start and phases)
  function internal._turn_rules(g)
    local list = env[g].rule_effects
    if list == nil then return false end
    local t = list.turn_rules
    if t ~= nil then return t end
    t = not (lacks(list, "skip") and lacks(list, "untap_limit"))
    for i = 1, #list do if list[i].until_turn_of ~= nil then t = true end end
    list.turn_rules = t
    return t
  end

  -- may an effect in the list skip a step (rules.skip)? Without one, and without counted skips
  -- (g:skip), no step is skipped: turn.lua asks no more at each step
  function internal._skip_rules(list) return not lacks(list, "skip") end

  -- may an effect in the list skip a step of a turn's start after its untap step (the upkeep,
  -- the draw step, main 1)? Without one, such a turn's start goes on quietly once its untap
  -- step is over (turn.lua: Stasis skips untap steps only)
  local AFTER_UNTAP = { upkeep = true, draw = true, main1 = true }
  function internal._skips_after_untap(list)
    if lacks(list, "skip") then return false end
    for i = 1, #list do
      local r = list[i]
      if r.what == "skip" and AFTER_UNTAP[r.skip] then return true end
    end
    return false
  end

  -- is it in force? Not once its source left the battlefield (or was never there) since it began:
  -- its timestamp changed, as it does with every zone change (a new object, 217.1c), nor once its
  -- turn ended. In force: its source card, true without one (read once: the questions below are
  -- asked for each card a main phase looks at, and each read of a card is a call into the core)
  local function in_force(g, r)
    if r.turn and g.turn ~= r.turn then return false end
    if not r.source then return true end
    local src = g:card(r.source)
    if not src or src.zone ~= "battlefield" then return false end   -- (a token that ceased to exist: nil)
    return card_ts(g, src) == r.ts and src
  end
  local function ended(g, r) return not in_force(g, r) end

  -- src: r's source card when the caller has it
  local function affects(g, r, x, src)
    if r.set then return r.set[key_of(x)] == true end
    if r.affects == nil then return true end
    if src == nil and r.source then src = g:card(r.source) end
    return guard(r.affects)(x, g, src) and true or false
  end

  -- each effect of kind `what` in force that affects x, oldest first: fn(r, its source card or nil)
  local function each(g, what, x, fn)
    local list = list_of(g)
    for i = 1, #list do
      local r = list[i]
      if r.what == what then
        local src = in_force(g, r)
        if src == true then src = nil end
        if src ~= false and affects(g, r, x, src) then fn(r, src) end
      end
    end
  end

  --- the cost of a spell (card) or of an activated ability of card (what = "ability_cost")
  -- with the increases in force (409.1f: the total cost): a parsed cost
  function internal._changed_cost(g, what, card, cost)
    local list = env[g].rule_effects
    if not list or lacks(list, what) then return cost end   -- the common case: nothing to read
    local text = cost.text or ""
    local more = false
    each(g, what, card, function(r) text = text .. r.cost.text; more = true end)
    if not more then return cost end
    if type(text) == "number" then text = "{" .. text .. "}" end
    local c = assert(parse(text))
    if c.tap ~= cost.tap then c = assert(parse(text .. "{T}")) end
    return c
  end

  --- whether an effect in force makes p skip its steps of that name ("Players skip their untap
  -- steps": Stasis; 300.8)
  function internal._skips_step(g, p, step)
    local list = env[g].rule_effects
    if not list or lacks(list, "skip") then return false end
    for i = 1, #list do   -- (asked at every step: only the effects skipping this one are read)
      local r = list[i]
      if r.what == "skip" and r.skip == step then
        local src = in_force(g, r)
        if src ~= false and affects(g, r, p, src ~= true and src or nil) then return true end
      end
    end
    return false
  end

  --- what defending player p does instead of declaring blockers (rules.declare_blockers:
  -- Camouflage): the oldest such effect in force that affects p, as {fn, source}, or nil
  function internal._blocks_instead(g, p)
    local e = env[g]
    if not e.blocks_instead or lacks(e.rule_effects or {}, "declare_blockers") then return nil end   -- none made
    local out
    each(g, "declare_blockers", p, function(r)
      if not out then out = { fn = r.fn, source = r.source and g:card(r.source) } end
    end)
    return out
  end

  --- how many lands p may play this turn by effects (nil: none says; the most any says)
  function internal._land_plays(g, p)
    local list = env[g].rule_effects
    if not list or lacks(list, "land_plays") then return nil end
    local n
    each(g, "land_plays", p, function(r) if not n or r.land_plays > n then n = r.land_plays end end)
    return n
  end

  -- A static ability's words as its source's text reads them now (418.5a layer 3): printed word ->
  -- current word, from the source's definition's words and c.words; nil when nothing changed
  local function text_map(r, src)
    src = r.static and src
    local printed = src and src.definition.words
    if not printed then return nil end
    local now, map = src.words, nil
    if now == printed then return nil end   -- (the text as printed: c.words is the definition's table)
    for role, w in pairs(printed) do   -- (a map: the order reaches no game)
      if now[role] ~= w then map = map or {}; map[w] = now[role] end
    end
    return map
  end

  local NO_MAP = {}
  -- sets' from -> to colors (rules.mana_as's form) into out, read through map (printed word ->
  -- current word); out
  local function merged(out, sets, map)
    for from, to in pairs(sets) do   -- (sets: merged, the order reaches no game)
      local f = map[from] or from
      out[f] = out[f] or {}
      for c in pairs(to) do out[f][map[c] or c] = true end
    end
    return out
  end

  --- what mana of color `from` p may spend as (a set of colors, nil: none; read only: one effect's
  -- own sets when its text reads as printed, no table made: asked before every payment, count
  -- and main-phase round while Sunglasses of Urza is out)
  function internal._mana_as(g, p)
    local list = env[g].rule_effects
    if not list or lacks(list, "mana_as") then return nil end
    local out, shared
    for i = 1, #list do   -- (each's walk, without a closure)
      local r = list[i]
      if r.what == "mana_as" then
        local src = in_force(g, r)
        if src == true then src = nil end
        if src ~= false and affects(g, r, p, src) then
          local map = text_map(r, src)
          if not (map or out) then out, shared = r.mana_as, true
          else
            if shared then out, shared = merged({}, out, NO_MAP), false end
            out = merged(out or {}, r.mana_as, map or NO_MAP)
          end
        end
      end
    end
    return out
  end

  --- the untap limits on p's untap step: an array of {count, type}, the least count per type
  -- (two Winter Orbs still leave one land), or nil
  function internal._untap_limits(g, p)
    local list = env[g].rule_effects
    if not list or lacks(list, "untap_limit") then return nil end
    local out, by_type = nil, {}
    each(g, "untap_limit", p, function(r)
      local u, key = r.untap_limit, r.untap_limit.type or ""
      local had = by_type[key]
      if had then
        if u.count < had.count then had.count = u.count end
      else
        had = { count = u.count, type = u.type }
        by_type[key] = had
        out = out or {}
        out[#out + 1] = had
      end
    end)
    return out
  end

  -- Restrictions granted by effects (500.1), asked by the combat solver's eligibility for each
  -- pair (csrc/lcombat_block.c, lcombat_attack.c read env.granted_block / granted_attack): every
  -- effect in force that affects either party of the pair must allow it.
  local function granted(what)
    return function(g, a, b)
      local ok = true
      each(g, what, a, function(r) ok = ok and guard(r.fn)(a, b, g, r.source and g:card(r.source)) and true end)
      if not ok then return false end
      local list = list_of(g)
      for i = 1, #list do   -- those affecting only the other party
        local r = list[i]
        if r.what == what and not ended(g, r) and not affects(g, r, a) and affects(g, r, b) then
          if not guard(r.fn)(a, b, g, r.source and g:card(r.source)) then return false end
        end
      end
      return true
    end
  end
  local CHECKER = { block_condition = { "granted_block", granted("block_condition") },
    can_attack = { "granted_attack", granted("can_attack") }, declare_blockers = { "blocks_instead", true } }

  --- "until your next turn" (Island Sanctuary): p's turn begins, its effects end (turn.lua)
  function internal._turn_began(g, p)
    local e = env[g]
    local old = e.rule_effects
    if not old then return end
    local list, gone = {}, false
    for _, r in ipairs(old) do
      if r.until_turn_of == p.index then gone = true else list[#list + 1] = r end
    end
    if not gone then return end
    internal._note_setting(g, "top", { key = "rule_effects", old = old })
    e.rule_effects = list
  end

  -- ---------------------------------------------------------------- add_static / remove_static

  local c_add, c_remove = Game.add_static, Game.remove_static

  local function add(g, r)
    local e = env[g]
    local old = e.rule_effects
    local list = {}                  -- copy on write: a clone shares the old list (422 too)
    for i, x in ipairs(old or {}) do list[i] = x end
    r.n = #list + 1
    local h = setmetatable({ what = r.what, n = r.n }, RuleEffect)
    r.handle = h
    list[#list + 1] = r
    internal._note_setting(g, "top", { key = "rule_effects", old = old })
    e.rule_effects = list
    local c = CHECKER[r.what]
    if c and not e[c[1]] then   -- the combat solver asks it from now on (none made: never asked)
      internal._note_setting(g, "top", { key = c[1], old = nil })
      e[c[1]] = c[2]
    end
    return h
  end

  -- activated = { {cost =, effect = | mana =, targets =, ...}, ... }: abilities the effect grants
  local function check_activated(acts)
    if type(acts) ~= "table" then return end    -- (the core names the field)
    for i = 1, #acts do
      local a = acts[i]
      if type(a) ~= "table" then
        bad("activated[" .. i .. "] must be a table {cost =, effect =}, got " .. describe(a))
      end
      local ok, why = parse(a.cost)
      if not ok then bad("activated[" .. i .. "].cost: " .. tostring(why)) end
      if a.effect == nil and a.resolve == nil and a.mana == nil then
        bad("activated[" .. i .. "] needs an effect (or resolve) or mana")
      end
      if a.mana ~= nil and not arbiter.parse_cost(a.mana) then
        bad("activated[" .. i .. "].mana: not a mana string, got " .. describe(a.mana))
      end
    end
  end

  -- affects may name spells on the stack (Chaoslace's "target spell or permanent"): a spell
  -- stands for its card there (213.5: the effect goes on applying to the permanent it becomes)
  local object_id = require("arbiter.internal")._game._object_id
  local function spell_card(x)
    if not object_id(x) then return x end
    if x.kind ~= "spell" then bad("affects: a stack object that is an ability has no characteristics") end
    return x.card
  end
  local function with_spells(spec)
    local a = type(spec) == "table" and spec.affects
    if type(a) ~= "table" or getmetatable(a) ~= nil then return spec end
    local card, any = spell_card(a), false
    if card ~= a then any = true else
      card = {}
      for i, x in ipairs(a) do card[i] = spell_card(x); any = any or card[i] ~= x end
    end
    if not any then return spec end
    local out = {}
    for k, v in pairs(spec) do out[k] = v end
    out.affects = card
    return out
  end

  -- the cards a copy effect affects on the battlefield (a card or a list: 503)
  local function copied(spec)
    local a, out = spec.affects, {}
    if type(a) ~= "table" or getmetatable(a) ~= nil then a = { a } end
    for _, c in ipairs(a) do if core.kind(c) == "card" then out[#out + 1] = c end end
    return out
  end

  local copy_of = setmetatable({}, { __mode = "k" })   -- a copy effect's handle -> the cards it affects
  local remove_copy                                     -- (below)
  local function add_copy(g, spec)
    local h = c_add(g, spec)
    -- abilities the copy gains run as it enters too (copies.lua): the install watch is needed
    if type(spec.copy_with) == "table" and spec.copy_with.install ~= nil then env[g].watch_installs(g) end
    local cards = copied(spec)
    copy_of[h] = cards
    for _, c in ipairs(cards) do internal._reinstall(g, c) end
    return h
  end

  function Game:add_static(spec)
    spec = with_spells(spec)
    if type(spec) == "table" and spec.copy ~= nil then return atomic(self, add_copy, spec) end
    if not ours(spec) then
      if type(spec) == "table" and (spec.subtypes ~= nil or spec.add_subtypes ~= nil or spec.activated ~= nil
          or spec.remove_abilities == "all") then
        check_activated(spec.activated)
        env[self].xact_used = true    -- arbiter.mana asks for this game's changed ability lists from now on
      end
      return c_add(self, spec)
    end
    return atomic(self, add, read(self, spec))    -- one action: a setting undone with it (422)
  end

  local function remove(g, h)
    local e = env[g]
    local old = e.rule_effects or {}
    local list, found = {}, false
    for _, r in ipairs(old) do
      if r.handle == h and not ended(g, r) then found = true else list[#list + 1] = r end
    end
    if not found then return false end
    internal._note_setting(g, "top", { key = "rule_effects", old = old })
    e.rule_effects = list
    return true
  end

  -- (the core's remove_static, called from here, would name itself 'c_remove' and count the
  -- game as argument 1: its message is given back as the method's own)
  local function as_method(msg)
    return (tostring(msg):gsub("^.-bad argument #(%d+) to '[^']*'", function(n)
      return "bad argument #" .. (tonumber(n) - 1) .. " to 'remove_static'"
    end))
  end

  -- ---------------------------------------------------------------- the state hash

  -- These effects live in the Lua state, out of the core's hash: g:state_hash mixes in those in
  -- force (their kind and values, source and timestamp, whom they affect), so two games that
  -- differ only in one hash differently (replays and the soak compare hashes). A game with
  -- none keeps the core's hash unchanged.
  local function sorted_keys(t)
    local out = {}
    for k in pairs(t) do out[#out + 1] = tostring(k) end
    table.sort(out)                          -- (sorted: the order of pairs reaches nothing)
    return table.concat(out, ",")
  end
  local function number(v) return v == math.huge and "any" or string.format("%d", v) end
  local function describe_rule(r)
    local parts = { r.what, r.cost and r.cost.text or "", r.land_plays and number(r.land_plays) or "",
      r.skip or "", r.untap_limit and (number(r.untap_limit.count) .. (r.untap_limit.type or "")) or "",
      tostring(r.source or ""), tostring(r.ts or ""), tostring(r.turn or ""), tostring(r.until_turn_of or ""),
      r.set and sorted_keys(r.set) or (r.affects and "fn" .. r.n or "all") }
    if r.mana_as then
      for _, from in ipairs(ORDER) do
        if r.mana_as[from] then parts[#parts + 1] = from .. ">" .. sorted_keys(r.mana_as[from]) end
      end
    end
    return table.concat(parts, "|")
  end
  -- a 64-bit digest as 16 hex digits, in arithmetic every Lua does alike (two 32-bit halves)
  local function digest(text)
    local a, b = 2166136261, 5381
    for i = 1, #text do
      local c = text:byte(i)
      a = (a * 31 + c) % 4294967296
      b = (b * 33 + c) % 4294967296
    end
    return string.format("%08x%08x", a, b)
  end
  internal._digest = digest                  -- store.lua mixes g:store's data in the same way
  local c_hash = Game.state_hash
  function Game:state_hash(with_pending)
    local h = c_hash(self, with_pending)
    local list = env[self].rule_effects
    if not list then return h end
    local parts = { h }
    for i = 1, #list do
      if not ended(self, list[i]) then parts[#parts + 1] = describe_rule(list[i]) end
    end
    if #parts == 1 then return h end
    return digest(table.concat(parts, ";"))
  end

  -- a copy effect ended: its cards have their own abilities back (503)
  function remove_copy(g, h)
    local ok, r = pcall(c_remove, g, h)
    if not ok then error(as_method(r), 3) end
    for _, c in ipairs(copy_of[h]) do internal._reinstall(g, c) end
    return r
  end

  function Game:remove_static(h)
    if getmetatable(h) == RuleEffect then return atomic(self, remove, h) end
    if copy_of[h] then return atomic(self, remove_copy, h) end
    local ok, r = pcall(c_remove, self, h)      -- it runs no host code: nothing else to let through
    if not ok then error(as_method(r), 2) end
    return r
  end
end
