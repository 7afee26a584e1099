-- arbiter.mana — costs and mana (docs/API.md, "Costs and mana"; CompRules 2005-2008 of the
-- seeds' era: 407 costs, 406.1 mana abilities; mana burn: older guide 003).
--
-- A cost string is a run of symbols: {N} generic, {W} {U} {B} {R} {G} colored, {X}, {T} (tap
-- the source; abilities only), optionally separated by commas or spaces ("{1}{U},{T}"). An
-- integer N means "{N}"; nil or "" no cost. A mana string ({R}{R}, {2}) is what a mana ability
-- adds: colored symbols add that color, {N} adds N colorless mana.
--
-- Paying (g:cast, g:activate): mana already in the pool first, then the player's mana
-- abilities (a tapped permanent's too, when their cost has no {T}: 409.1f). Colored symbols
-- are paid before generic ones, each from the pool and then from sources that produce that
-- color, so generic mana never spends a color the rest of the cost needs. Among sources that
-- would do, the player is asked choose(p, "mana", sources, ctx) only when they differ (not
-- when all are copies of one card with the same ability); the default (options[1],
-- battlefield order) is deterministic. A cost that can't be paid raises (the cast or
-- activation is then reversed as a whole, 422).
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions (internal.lua)
local core = require("arbiter.core")
local check = require("arbiter.check")

return function(arbiter, Game)
  local fail, describe = check.fail, check.describe
  local atomic, env = arbiter._atomic, arbiter._env

  local COLORS = { "white", "blue", "black", "red", "green" }
  local SYMBOL = { W = "white", U = "blue", B = "black", R = "red", G = "green" }
  local SLOT = { white = 1, blue = 2, black = 3, red = 4, green = 5, colorless = 6 }
  local LETTER = { white = "{W}", blue = "{U}", black = "{B}", red = "{R}", green = "{G}" }
  local BASIC = { Plains = "{W}", Island = "{U}", Swamp = "{B}", Mountain = "{R}", Forest = "{G}" }
  local INTRINSIC = {}           -- one entry per basic land type: copies share it
  for k in pairs(BASIC) do INTRINSIC[k] = {} end
  arbiter.MANA_COLORS = COLORS

  -- ---------------------------------------------------------------- cost strings

  local parsed = {}      -- cost string -> parsed cost (immutable: shared)

  --- arbiter.parse_cost(cost) -> {generic, white, blue, black, red, green, x, tap, total}, or
  -- nil plus a message naming the bad symbol
  local function parse(cost)
    if cost == nil or cost == "" then cost = 0 end
    if check.integer(cost) then
      cost = check.integer(cost)                  -- 2.0 is {2}, as 2 is
      if cost < 0 then return nil, "a cost can't be negative: " .. cost end
      cost = "{" .. cost .. "}"
    end
    if type(cost) ~= "string" then return nil, "cost string expected, got " .. describe(cost) end
    local p = parsed[cost]
    if p then return p end
    p = { generic = 0, white = 0, blue = 0, black = 0, red = 0, green = 0, x = 0, tap = false, text = cost }
    local rest = cost:gsub("{([^}]*)}", function(sym)
      local s = sym:upper()
      local n = tonumber(s)
      if n and check.integer(n) and n >= 0 and sym:match("^%d+$") then p.generic = p.generic + n
      elseif SYMBOL[s] then p[SYMBOL[s]] = p[SYMBOL[s]] + 1
      elseif s == "X" then p.x = p.x + 1
      elseif s == "T" then p.tap = true
      else p.bad = "{" .. sym .. "}" end
      return ""
    end)
    if p.bad then return nil, "unknown mana symbol " .. p.bad .. " in " .. describe(cost) end
    if rest:match("[^%s,]") then
      return nil, "malformed cost " .. describe(cost) .. " (symbols are {N} {W} {U} {B} {R} {G} {X} {T})"
    end
    p.total = p.generic + p.white + p.blue + p.black + p.red + p.green
    parsed[cost] = p
    return p
  end
  arbiter.parse_cost = parse

  --- arbiter.could_pay_with(mana, cost) -> whether some of (or all of) `mana` ({white = n, ...,
  -- colorless = n}: obj.x_spent) could pay mana cost `cost` (X = 0): each colored symbol by
  -- mana of its color, the generic part by any of what is left (Illusionary Mask's test)
  local POOL = { "white", "blue", "black", "red", "green", "colorless" }
  function arbiter.could_pay_with(mana, cost)
    check.table("could_pay_with", 1, mana)
    for _, k in ipairs(POOL) do
      local v = mana[k]
      if v ~= nil and not (check.integer(v) and v >= 0) then
        fail("could_pay_with", 1, "mana." .. k .. " must be a count >= 0, got " .. describe(v), 2)
      end
    end
    local c, err = parse(cost)
    if not c then fail("could_pay_with", 2, err, 2) end
    local left = mana.colorless or 0
    for _, k in ipairs(COLORS) do
      local have = mana[k] or 0
      if have < c[k] then return false end
      left = left + have - c[k]
    end
    return left >= c.generic
  end

  -- a mana string: what a mana ability adds ({N} is colorless; no {X} or {T})
  local function parse_mana(s)
    local p, err = parse(s)
    if not p then return nil, err end
    if p.x > 0 or p.tap then return nil, "mana to add can't hold {X} or {T}: " .. describe(s) end
    return p
  end
  arbiter._parse_mana = parse_mana

  -- ---------------------------------------------------------------- the pool

  local mana_c, produce = GI._mana, GI._produce

  -- m (parsed mana) into p's pool from source card c (or nil), tapping c first when tap
  local function add_mana(g, p, m, c, tap)
    produce(g, p, c, tap, m.white, m.blue, m.black, m.red, m.green, m.generic)
  end

  --- g:add_mana(p, "{R}{R}"): adds to p's pool (what a mana ability does); a "mana" event
  function Game:add_mana(p, s)
    check.object(self, "add_mana", 1, p, "player")
    local m, err = parse_mana(s)
    if not m then fail("add_mana", 2, err) end
    if m.total == 0 then return end
    return atomic(self, add_mana, p, m)
  end

  local mana_remove = GI._mana_remove

  --- g:remove_mana(p, "{U}"): that mana leaves p's pool ("mana_removed" events, replaceable)
  function Game:remove_mana(p, s)
    check.object(self, "remove_mana", 1, p, "player")
    local m, err = parse_mana(s)
    if not m then fail("remove_mana", 2, err) end
    local pool = p.mana
    for i = 1, 5 do
      if m[COLORS[i]] > pool[COLORS[i]] then
        fail("remove_mana", 2, string.format("%s's pool holds %d %s mana, not %d", tostring(p), pool[COLORS[i]],
          COLORS[i], m[COLORS[i]]))
      end
    end
    if m.generic > pool.colorless then
      fail("remove_mana", 2, string.format("%s's pool holds %d colorless mana, not %d", tostring(p), pool.colorless,
        m.generic))
    end
    if m.total == 0 then return end
    mana_remove(self, p, m.white, m.blue, m.black, m.red, m.green, m.generic)
  end

  --- g:empty_pool(p) -> the amount of mana that left p's pool ("mana_removed" events; no mana
  --- burn), and that mana as a cost string ("{2}{W}{U}": Drain Power adds "the mana lost this way")
  function Game:empty_pool(p)
    check.object(self, "empty_pool", 1, p, "player")
    local before = p.mana
    local t = before.white + before.blue + before.black + before.red + before.green + before.colorless
    if t == 0 then return 0, "" end
    mana_remove(self, p, before.white, before.blue, before.black, before.red, before.green, before.colorless)
    local after = p.mana
    local lost, n = {}, before.colorless - after.colorless   -- (a replacement may keep some)
    if n > 0 then lost[1] = "{" .. n .. "}" end
    for i = 1, 5 do
      local k = COLORS[i]
      lost[#lost + 1] = string.rep(LETTER[k], before[k] - after[k])
    end
    return t - (after.white + after.blue + after.black + after.red + after.green + after.colorless),
      table.concat(lost)
  end

  -- ---------------------------------------------------------------- mana abilities

  -- A card's activated abilities: its definition's list, then a basic land's intrinsic mana
  -- ability (Plains {W} ... Forest {G}). Each entry: {cost = parsed, mana = parsed or nil,
  -- def = the entry (effect, pay, targets), index}. Read once per definition.
  local function entry(a, i)
    return { index = i, def = a, cost = assert(parse(a.cost)),
      mana = a.mana ~= nil and assert(parse_mana(a.mana)) or nil, targets = a.targets,
      sorcery = a.timing == "sorcery" }
  end
  local function intrinsic(s, i)
    return { index = i, def = INTRINSIC[s], intrinsic = true, cost = parse("{T}"), mana = parse_mana(BASIC[s]) }
  end
  -- the default's mana ability: the first whose cost is at most {T} (and a Lua pay); with
  -- several such (Birds of Paradise, a land with two basic land types) list.choices holds
  -- them all: a payment plays the one that makes the color it needs (409.1f: mana abilities
  -- are played while paying)
  -- The core's fast payment (csrc/mana.c, arb_mana_pay_simple) plays a source with a choice of
  -- kinds as the payment below would (for a colored symbol its first ability of that color, for
  -- generic its first) when its mana abilities are only several plain "{T}: add one mana" (a
  -- dual land, Birds of Paradise): their slots in order, (slot + 8 for a basic land type's
  -- ability, 212.6e: the one every land of that type has) << 4 * (k - 1) for the k-th (slot:
  -- SLOT's 1..6); 0 for any other list (the general path pays). CONVERTER (csrc's
  -- ARB_MANA_CONVERTER) for a list without an ability the payment plays from its sources, only
  -- mana abilities with a mana cost, none without {T} (Celestial Prism): the payment plays those
  -- only for a colored symbol still short (converter below), which the core leaves to the
  -- general path (issue 27: 45 of 20 Alpha games' payments went to the general path for a Prism
  -- they didn't need).
  -- A list of one such ability has the code of a choice of one (a land whose land type an effect
  -- set, 212.6e: the core marks every card whose abilities changed a source it doesn't model);
  -- of one "{T}: add" of n mana of one kind, 2 <= n <= 16, too, plus (n - 1) * AMOUNT (csrc's
  -- ARB_MANA_AMOUNT: Sol Ring, Mana Vault, Basalt Monolith).
  local CONVERTER, AMOUNT = 16777216, 33554432   -- 2^24, 2^25
  local function one_code(a, n)        -- a "{T}: add n mana of one kind" ability's 4 bits, or nil
    local m = a.mana
    if not a.cost.tap or m.total ~= n then return nil end
    local slot = m.generic == n and 6 or nil
    for i = 1, 5 do if m[COLORS[i]] == n then slot = i end end
    return slot and slot + (a.intrinsic and 8 or 0)
  end
  local function choice_code(list)
    if list.simple == nil and list.converts and not list.untapped then return CONVERTER end
    local choices = list.choices
    if not list.simple or choices and #choices > 6 or not list.plain or list.converts or list.multi
      or list.again or list.untapped then return 0 end
    local code, abilities = 0, 0
    for k = 1, #list do if list[k].mana then abilities = abilities + 1 end end
    if abilities ~= (choices and #choices or 1) then return 0 end
    if not choices then
      local n = list.simple.mana.total
      local c = n >= 1 and n <= 16 and one_code(list.simple, n)
      return c and c + (n - 1) * AMOUNT or 0
    end
    for k = #choices, 1, -1 do
      local c = one_code(choices[k], 1)
      if not c then return 0 end
      code = code * 16 + c
    end
    return code
  end

  local function with_choices(list, inner)
    local choices = {}
    for k = 1, #list do
      local a = list[k]
      if a.mana and a.cost.total == 0 and a.cost.x == 0 then
        list.simple = list.simple or a
        choices[#choices + 1] = a
      end
    end
    if #choices > 1 then
      list.choices = choices
      -- "any color" only when the choices make all five: a Bayou ({B} or {G}) is no blue source
      local colors = 0
      for i = 1, 5 do
        for k = 1, #choices do
          if choices[k].mana[COLORS[i]] > 0 then colors = colors + 1; break end
        end
      end
      list.any_color = colors == 5
    end
    -- plain: none of the abilities a payment plays from the quick count (cost at most {T})
    -- does more than add its mana (a pay or an effect may change what else could be used)
    list.plain = true
    for k = 1, #choices do
      local a = choices[k]
      local d = a.def
      if d.pay or d.effect then list.plain = false end
      -- again: no {T} and a further cost ("Sacrifice a creature: add {B}"): played as often as
      -- that cost can be paid (409.1f: mana abilities are played while paying, each one paid for)
      if not a.cost.tap and d.pay and a.mana.total > 0 then a.again, list.again = true, true end
    end
    for k = 1, #list do
      local a = list[k]
      -- a mana ability with a mana cost ("{2},{T}: add one mana of any color": Celestial
      -- Prism), played while paying for a color nothing else makes (409.1f); several mana
      -- at once from one of several abilities (Black Lotus): the quick count can't tell
      if a.mana and a.cost.x == 0 and a.cost.total > 0 then
        list.converts = true
        -- gains: it may leave more mana than was spent on it (it makes more than its mana cost,
        -- or a pay or an effect does more); one that doesn't only converts mana the count holds
        if a.mana.total > a.cost.total or a.def.pay or a.def.effect then list.gains = true end
      end
      if a.mana and list.choices and a.mana.total > 1 then list.multi = true end
    end
    -- list.untapped: what a tapped permanent can still play, its mana abilities whose cost has
    -- no {T} ("Sacrifice this: add {B}", "{1}: add {R}{R}"), as a list of its own (nil: none).
    -- 409.1f: mana abilities are played while paying; 407: only a {T} needs it untapped
    if not inner then
      local free = {}
      for k = 1, #list do
        local a = list[k]
        if a.mana and not a.cost.tap then free[#free + 1] = a end
      end
      if #free > 0 then list.untapped = with_choices(free, true) end
      list.code = choice_code(list)
    end
    return list
  end
  local printed = arbiter._once_per_definition(function(d)
    local list = {}
    local acts = d.activated
    if type(acts) == "table" then
      for i = 1, #acts do list[i] = entry(acts[i], i) end
    end
    local subs = d.subtypes
    if type(subs) == "table" then
      for _, s in ipairs(subs) do
        if BASIC[s] then list[#list + 1] = intrinsic(s, #list + 1) end
      end
    end
    return with_choices(list)
  end)

  -- A card whose abilities effects changed (the core's marks, csrc/characteristics.c): its
  -- list now. 212.6e: a land whose land type an effect set has lost the abilities of its rules
  -- text and has its current basic land types' mana abilities; one that gained a land type
  -- keeps its own and has the new type's too. Then the activated abilities effects grant
  -- (add_static{activated}), numbered after its own in the effects' timestamp order. One that
  -- lost all abilities (add_static{remove_abilities = "all"}, the abilities layer, after the
  -- type layer) has none of its own nor its basic land types' (212.6e: those are abilities
  -- too), only those granted after it lost them.
  local X_LAND, X_LOST, X_NONE = 1, 2, 8
  local entries_of = setmetatable({}, { __mode = "k" })   -- a granted list's parsed entries
  local function current(c, own, x, subs, granted)
    local list = {}
    if x >= X_NONE then own, subs = {}, {} end
    for i = 1, #own do
      local a = own[i]
      if not (a.intrinsic and x % 2 == X_LAND) and not (not a.intrinsic and x % 4 >= X_LOST) then
        list[#list + 1] = a
      end
    end
    if x % 2 == X_LAND then
      for i = 1, #subs do
        if BASIC[subs[i]] then list[#list + 1] = intrinsic(subs[i], 0) end
      end
    end
    for r = 1, #granted do
      local acts = granted[r]
      local parsed_list = entries_of[acts]
      if not parsed_list then
        parsed_list = {}
        for i = 1, #acts do parsed_list[i] = entry(acts[i], 0) end
        entries_of[acts] = parsed_list
      end
      for i = 1, #parsed_list do list[#list + 1] = parsed_list[i] end
    end
    for i = 1, #list do      -- numbered as listed (copies: an entry may be shared)
      local a, b = list[i], {}
      for k, v in pairs(a) do b[k] = v end
      b.index = i
      list[i] = b
    end
    return with_choices(list)
  end

  -- (until a game adds an effect that changes activated abilities, every card's list is its
  -- definition's: the common case asks the core nothing. The flag is the game's, in its env:
  -- one game's Conversion doesn't slow every other game, and a clone made after keeps it)
  -- A land whose land type an effect set or added (Conversion, Evil Presence, Phantasmal
  -- Terrain: 212.6e) and no effect granted abilities has the list current() makes of its
  -- definition's, its marks and its basic land types alone: that list is remembered by those
  -- (made anew it costs ~39 K instructions, and payments read it at every look at the source).
  local game_of = arbiter._once_per(function(c) local _, g = core.kind(c) return g end)
  local same_lists = setmetatable({}, { __mode = "k" })   -- definition's list -> key -> list
  local function abilities(c)
    local own = printed[c]
    local g = game_of[c]
    if not env[g].xact_used then return own end
    local x, subs, granted = GI._xact(g, c)
    if x == 0 then return own end
    if #granted > 0 then return current(c, own, x, subs, granted) end
    local by = same_lists[own]
    if not by then by = {}; same_lists[own] = by end
    local key = x                               -- (current() reads only the basic land types)
    for i = 1, #subs do if BASIC[subs[i]] then key = key .. " " .. subs[i] end end
    local list = by[key]
    if not list then list = current(c, own, x, subs, granted); by[key] = list end
    return list
  end
  local abilities_of = setmetatable({}, { __index = function(_, c) return abilities(c) end,
    __call = function(_, c) return abilities(c) end })
  arbiter._abilities_of = abilities_of

  local function has_haste(c) return c:has("haste") end

  -- Can the {T} in a cost be paid now? (502.5b: a creature needs to have been under its
  -- controller's control since the most recent turn began, or haste; a creature now, by its
  -- current types: a land animated the turn it was played can't tap for mana)
  local has_type = arbiter.has_type
  local function sick_creature(c) return c.sick and has_type(c, "Creature") and not has_haste(c) end
  local function can_tap(c)
    if c.tapped then return false, tostring(c) .. " is tapped" end
    if sick_creature(c) then
      return false, tostring(c) .. " has summoning sickness (502.5b: {T} needs control since the turn began, or haste)"
    end
    return true
  end
  arbiter._can_tap = can_tap

  -- p's usable mana abilities now: {card, ability} for sources p controls whose cost is only
  -- {T} (and a Lua pay) and can be paid. Battlefield order.
  local permanents = Game.permanents
  -- p's untapped permanents with a mana ability (and the tapped ones with a mana ability
  -- without {T}: tapped[i], 409.1f), and which of them are creatures that can't pay {T}
  -- (502.5b: sick[i]), in one core call (csrc/lmana_sources.c): the others (most
  -- creatures) never reach the loops below, and no card's sickness is read one by one
  local mana_permanents = GI._mana_permanents
  local pool_of = GI._pool   -- p's pool as six values: W U B R G colorless (p.mana without a table)
  -- the mana ability the default would use of c (list: a tapped one's list.untapped; sick: a
  -- creature that can't pay {T}), or nil (list: its abilities, read once by a caller that reads them too)
  local NONE = {}     -- (the list of a tapped permanent with no mana ability it can play)
  local function usable(list, sick)
    local a = list.simple
    if a and sick and a.cost.tap then return nil end
    return a
  end

  -- The list of perms[i], the i-th permanent of GI._mana_permanents, is abilities(c) above: its
  -- definition's (read once per card), unless the core marked its activated abilities changed
  -- (changed[i], the fourth value: g:_xact's marks, read for all of them in that one call).
  -- Only those are asked of abilities_of one by one; nil changed: none is (the common case).

  -- The payment's sources, p's mana abilities it may play now (battlefield order): perms[i] the
  -- permanent, lists[i] its list (a tapped one's list.untapped), or false when the payment
  -- can't use it (a creature that can't pay {T}; not among `only`; used up: done[card]). The
  -- core's two tables (lists: its sick table, overwritten): no table per source.
  local function sources(g, p, only, done)
    local perms, lists, tapped, changed = mana_permanents(g, p)
    for i = 1, #perms do
      local c = perms[i]
      local list = changed and changed[i] and abilities_of[c] or printed[c]
      if tapped and tapped[i] then list = list.untapped end   -- (its abilities without {T})
      local a = list ~= nil and list.simple     -- usable(list, lists[i]) without the call
      lists[i] = (a and not (lists[i] and a.cost.tap) and not (only and not only[c])
        and not (done and done[c]) and list) or false
    end
    return perms, lists
  end

  -- mana m makes `color`, or mana that may be spent as it
  -- as: the colors each color may be spent as (rules.mana_as: Sunglasses of Urza), or nil
  local function produces(m, color, as)
    if m[color] > 0 then return true end
    if not as then return false end
    for i = 1, 5 do
      local from = COLORS[i]
      if m[from] > 0 and as[from] and as[from][color] then return true end
    end
    return false
  end

  -- The ability the payment plays of a source (its list) for `color` (nil: generic, any mana),
  -- or nil when it makes none of that color: its first ability that makes the color (or mana
  -- spent as it: as); for generic, its first
  local function plays(list, color, as)
    local choices = list.choices
    if not choices then
      local a = list.simple
      if color == nil or a.mana[color] > 0 or as and produces(a.mana, color, as) then return a end
      return nil
    end
    if color == nil then return choices[1] end
    for k = 1, #choices do
      local m = choices[k].mana
      if m[color] > 0 or as and produces(m, color, as) then return choices[k] end
    end
  end

  -- The mana the declared triggered mana abilities add as p plays ability a of card c (406.1b:
  -- they resolve at once, the payment's pool holds their mana before it picks its next source),
  -- added to pool; false when a declaration can't be read without playing it (a land that
  -- produces several kinds, for "one mana of the kind it produced"). adds: g:_mana_adds()'s
  -- record, source pairs; the mana goes to p (the land's controller, the player it made mana for).
  local declared_land, declared_mana = arbiter._declared_land, arbiter._declared_mana
  local parsed_text = setmetatable({}, { __index = function(t, text)
    local m = assert(parse_mana(text)); t[text] = m; return m end })
  local function one_kind(m)         -- the event's text of mana m when it is of one kind, else nil
    local sym
    for i = 1, 5 do
      if m[COLORS[i]] > 0 then
        if sym then return nil end
        sym = LETTER[COLORS[i]]
      end
    end
    if m.generic > 0 then
      if sym then return nil end
      sym = "{" .. m.generic .. "}"
    end
    return sym
  end
  -- parsed mana m joins a pool array (W..G, colorless: a plan's or the payment's own)
  local function add_to(pool, m)
    for k = 1, 5 do pool[k] = pool[k] + m[COLORS[k]] end
    pool[6] = pool[6] + m.generic
  end

  local function add_declared(adds, c, a, pool)
    for k = 1, #adds, 2 do
      local d, source = adds[k].adds, adds[k + 1]
      if not source then return false end
      if declared_land(d, source, c) then
        local produced = d.mana == "produced" and one_kind(a.mana)
        if d.mana == "produced" and not produced then return false end
        local text = declared_mana(d, produced)
        if text then
          local m = parsed_text[text]
          add_to(pool, m)
        end
      end
    end
    return true
  end

  -- The mana the declared triggered mana abilities would add as each of p's sources is tapped, for
  -- the core's payment (GI._pay_simple: planned with the sources, as add_declared adds it to
  -- plan_pays; tapping them fires the triggers): card id, code pairs, a pair for each trigger and
  -- source it adds to (a code: 4 bits a slot W..G, colorless, then from bit 24 how many add one
  -- mana of the kind the source produced); nil when only the general path can tell (something
  -- else watches the payment's taps and mana, a trigger without a source, a mana text with more
  -- than one mana of a kind, more than 15 triggers).
  local MX_PRODUCED = 16777216
  -- a mana text's code (false: more than one mana of a kind, left to the Lua round)
  local mx_code = setmetatable({}, { __index = function(t, text)
    local m, code = parsed_text[text], 0
    local v = { m.white, m.blue, m.black, m.red, m.green, m.generic }
    for s = 1, 6 do
      if v[s] > 1 then code = false; break end
      code = code + v[s] * 16 ^ (s - 1)
    end
    code = code and math.floor(code)
    t[text] = code
    return code
  end })
  -- (each declaration's pairs: the core sums a source's; at most 15 triggers, so no field passes 15)
  -- paying: for the core's payment itself, which plays the sources (a triggered ability that isn't
  -- a mana ability, a tap trigger such as Psychic Venom's, waits for the stack: 410.3-410.4)
  local function declared_extras(g, p, paying)
    local adds = GI._mana_adds(g, paying)
    if not adds or #adds > 30 then return nil end
    local out, n, perms = {}, 0, nil
    for k = 1, #adds, 2 do
      local d, source = adds[k].adds, adds[k + 1]
      if not source then return nil end
      local code = d.mana == "produced" and MX_PRODUCED or mx_code[d.mana]
      if not code then return nil end
      local t = d.tapped
      if t.enchanted then
        local land = source.attached_to     -- (the core adds it only if the payment taps it)
        if land then out[n + 1], out[n + 2], n = land.id, code, n + 2 end
      else
        local name = t.is or source.words[t.is_word]
        perms = perms or mana_permanents(g, p)
        for i = 1, #perms do
          local c = perms[i]
          if c:is(name) then out[n + 1], out[n + 2], n = c.id, code, n + 2 end
        end
      end
    end
    return out
  end
  arbiter._declared_extras = declared_extras

  -- Would arbiter._pay_mana pay `cost` (x for its {X}) now, with every question answered by its
  -- first option? Its plan followed without playing a mana ability, for arbiter._can_pay when
  -- each source only adds its mana and nothing acts on its tap or its mana (the case there) but
  -- the declared triggered mana abilities `adds` (g:_mana_adds, or nil), whose mana joins the
  -- pool as each source is used, as the payment reads its pool again after each (-> nil: a
  -- declaration it can't read, the payment is tried):
  -- colored symbols from the pool, then the first unused source (battlefield order) that makes
  -- the color; one still short needs a mana ability with a mana cost (there is none: it fails);
  -- then generic from what is left and the unused sources. No table per source, no undo.
  -- as: the colors each color may be spent as (rules.mana_as), or nil: as the payment, a symbol
  -- takes its own color from the pool, else such a color there, else a source whose mana pays it.
  -- costs: the sources' abilities may have further costs that only the source pays (Black
  -- Lotus's "Sacrifice Black Lotus": list.multi, not plain); each source is then checked first
  -- (-> nil: one the plan doesn't model, as Celestial Prism's mana cost, an effect, a source
  -- played again, the payment is tried).
  -- Celestial Prism's way (costs): a color still short is made by the first untapped converter
  -- that makes it (battlefield order, the first option of converter() below), its mana cost paid
  -- first from what is left, as the payment's own call pays it: generic from the pool (colorless,
  -- then W..G), then the first unused source's first ability (409.1f). convs: the converters'
  -- lists by perms index (false: used or none). -> whether the color got its mana; nil: a
  -- converter the plan doesn't model (a colored or {X} cost, no {T}, a further cost or effect,
  -- more than one mana), the payment is tried.
  local function plan_converter(perms, convs, n, pool, color)
    local a
    for j = 1, n do
      local list = convs[j]
      for k = 1, list and #list or 0 do
        local b = list[k]
        if b.mana and b.cost.x == 0 and b.cost.total > 0 and b.mana[color] > 0 then a = b; convs[j] = false; break end
      end
      if a then break end
    end
    if not a then return false end
    local c, d = a.cost, a.def
    if c.total ~= c.generic or not c.tap or d.pay or d.effect or a.mana.total ~= 1 then return nil end
    local need = c.generic
    while need > 0 do
      local s = pool[6] > 0 and 6 or nil
      for k = 1, s and 0 or 5 do if pool[k] > 0 then s = k; break end end
      if s then
        local t = math.min(need, pool[s])
        pool[s], need = pool[s] - t, need - t
      else
        local b
        for j = 1, n do
          if perms[j] then b = plays(perms[j], nil); perms[j] = false; break end
        end
        if not b then return false end
        local made = b.mana
        add_to(pool, made)
      end
    end
    local made = a.mana
    add_to(pool, made)
    return true
  end

  local spent_as, modelled
  local function plan_pays(g, p, cost, x, as, adds, costs)
    local perms, sick, tapped, changed = mana_permanents(g, p)
    local n = #perms
    local cards = adds and {}
    local convs
    for i = 1, n do                 -- perms[i] becomes its list (false: no use), as sources() reads them
      local c = perms[i]
      if cards then cards[i] = c end
      local list = changed and changed[i] and abilities_of[c] or printed[c]
      if tapped and tapped[i] then list = list.untapped end
      if costs and list ~= nil and list.converts and not (list.simple or list.gains or list.again or as or adds) then
        convs = convs or {}       -- (a converter alone: Celestial Prism; one that can pay {T})
        convs[i] = not sick[i] and list
      elseif costs and list ~= nil and not modelled(list) then return nil end
      perms[i] = list ~= nil and usable(list, sick[i]) ~= nil and list
    end
    local pool = { pool_of(g, p) }
    local short = false
    for i = 1, 5 do
      local color = COLORS[i]
      local need = cost[color]
      while need > 0 do
        local s = pool[i] > 0 and i or as and spent_as(pool, as, color)
        if s then
          local k = math.min(pool[s], need)
          pool[s], need = pool[s] - k, need - k
        else
          local a, at
          for j = 1, n do
            local list = perms[j]
            a = list and plays(list, color, as)
            if a then perms[j] = false; at = j; break end
          end
          if not a then short = short or {}; short[i] = need; break end
          local made = a.mana
          add_to(pool, made)
          if cards and not add_declared(adds, cards[at], a, pool) then return nil end
        end
      end
    end
    for i = 1, short and 5 or 0 do   -- what later colors' sources made of it, else a converter's
      local need = short[i] or 0
      while need > 0 do
        local s = pool[i] > 0 and i or as and spent_as(pool, as, COLORS[i])
        if not s then
          if not convs then return false end
          local ok = plan_converter(perms, convs, n, pool, COLORS[i])
          if not ok then return ok end
          s = i
        end
        local k = math.min(pool[s], need)
        pool[s], need = pool[s] - k, need - k
      end
    end
    for j = 1, cards and n or 0 do   -- the unused sources' declared mana (the generic symbols')
      local list = perms[j]
      if list and not add_declared(adds, cards[j], plays(list, nil), pool) then return nil end
    end
    local left = pool[1] + pool[2] + pool[3] + pool[4] + pool[5] + pool[6]
    for j = 1, n do
      local list = perms[j]
      if list then left = left + plays(list, nil).mana.total end
    end
    return left >= cost.generic + cost.x * (x or 0)
  end

  -- a list whose mana abilities the plan reads as the payment plays them: those without a mana
  -- cost (the plan's own) only add their mana, whatever further cost the source pays itself
  -- (no effect: 406.1, the mana is all a mana ability's effect does here); none with a mana
  -- cost or an {X} (Celestial Prism converts), none played again (list.again)
  modelled = function(list)
    if list.converts or list.again then return false end
    for k = 1, #list do
      local a = list[k]
      if a.mana and (a.cost.x > 0 or a.def.effect) then return false end
    end
    return true
  end

  -- How many of a source's choices make each color (W U B R G): a source of some colors counts
  -- once in each color's most (the count below and list_code's summary alike)
  local function colors_made(choices)
    local w, u, b, r, gr = 0, 0, 0, 0, 0
    for k = 1, #choices do
      local m = choices[k].mana
      if m.white > 0 then w = w + 1 end
      if m.blue > 0 then u = u + 1 end
      if m.black > 0 then b = b + 1 end
      if m.red > 0 then r = r + 1 end
      if m.green > 0 then gr = gr + 1 end
    end
    return w, u, b, r, gr
  end

  -- what mana p could have for a cost now: the pool plus one use of each source
  local mana_available, pay_simple = GI._mana_available, GI._pay_simple
  -- (into: a table to fill instead of a new one, for a caller that asks again and again)
  local function fill(t, total, w, u, b, r, gr, any)
    if not t then
      return { total = total, white = w, blue = u, black = b, red = r, green = gr, any = any or 0, plain = false }
    end
    t.total, t.white, t.blue, t.black, t.red, t.green, t.any = total, w, u, b, r, gr, any or 0
    return t
  end
  -- avail.inexact: the count may fall short of what a payment can do (mana spent as another
  -- color, triggered mana abilities, mana abilities with a mana cost, several mana of a chosen
  -- color): arbiter._can_pay then tries the payment itself.
  -- avail.upper: the total is still the most mana a payment could have (what is inexact is
  -- only which colors it can be spent as: a source of some colors, mana spent as another
  -- color, a mana ability whose mana cost is at least what it makes, as Celestial Prism's:
  -- 409.1f, playing it while paying never leaves more mana): a cost above the total can't be
  -- paid, and nothing needs trying. Not so with triggered mana abilities (Mana Flare), several
  -- mana of a chosen color (Black Lotus), a mana ability that makes more than its mana cost,
  -- or a source whose ability does more than add mana (a payment reads the sources again
  -- after using one).
  -- avail.plan_as: the colors each color may be spent as (rules.mana_as: Sunglasses of Urza) when
  -- the count is upper and no source converts mana: the payment's plan (plan_pays) with them
  -- answers as trying the payment does (unless something watches the taps); else nil.
  -- The count is the core's (csrc/lmana_available.c), from each source's summary (list_code
  -- below); this one answers when a summary doesn't fit (spec/mana_available_spec.lua compares).
  local function lua_available(g, p, into)
    local w0, u0, b0, r0, g0, c0 = mana_available(g, p)   -- the core counts simple sources
    local e = env[g]
    local live = e.mana_triggers
    local as = not live and e.rule_effects and arbiter._mana_as(g, p)   -- (read without mana triggers only)
    if w0 then
      local t = fill(into, w0 + u0 + b0 + r0 + g0 + c0, w0, u0, b0, r0, g0)
      -- (inexact only by the rules here: no per-color bound needed)
      t.inexact, t.upper, t.by_color = live or as and true or false, not live, false
      t.plain = true
      if as or into then t.plan_as = as or nil end
      return t
    end
    local upper = not live
    local plain = true     -- every source only adds its mana (triggered mana abilities aside)
    local conv = false     -- a source that converts mana (Celestial Prism): no per-color bound
    local rules = live or as and true or false
    local inexact = rules
    local w, u, b, r, gr, c = pool_of(g, p)
    local total = w + u + b + r + gr + c
    local any = 0          -- sources that make one mana of any color (Birds)
    local xw, xu, xb, xr, xg = 0, 0, 0, 0, 0   -- sources of some colors (a Bayou): each color's most
    local perms, sick, tapped, changed = mana_permanents(g, p)
    for i = 1, #perms do
      local src = perms[i]
      local list = changed and changed[i] and abilities_of[src] or printed[src]
      if tapped and tapped[i] then list = list.untapped or NONE end   -- (its abilities without {T})
      local a = list.simple                   -- usable(list, sick[i]) without the call
      if a and sick[i] and a.cost.tap then a = nil end
      if list.multi or list.gains then inexact = true; upper = false; plain = false
      elseif list.converts then inexact = true; conv = true; plain = false end
      if a then
        if not list.plain then upper = false; plain = false end
        if list.again then inexact = true end   -- counted once here, a payment may play it again
        local choices = list.choices
        if choices then
          total = total + 1
          if list.any_color then any = any + 1
          else                                 -- some colors: tried (and counted in each one's most)
            inexact = true
            local dw, du, db, dr, dg = colors_made(choices)
            xw, xu, xb, xr, xg = xw + dw, xu + du, xb + db, xr + dr, xg + dg
          end
        else
          local m = a.mana
          total = total + m.total
          w, u, b, r, gr = w + m.white, u + m.blue, b + m.black, r + m.red, gr + m.green
        end
      end
    end
    local t = fill(into, total, w, u, b, r, gr, any)
    t.inexact, t.upper, t.by_color = inexact, upper, upper and not as and not conv
    t.plain = plain
    if as or into then t.plan_as = upper and not conv and as or nil end
    t.xw, t.xu, t.xb, t.xr, t.xg = xw, xu, xb, xr, xg
    return t
  end
  arbiter._available_lua = lua_available

  -- A list's summary for the core's count, what the loop above reads of it, in an integer under
  -- 2^32 (csrc/lmana_available.c reads it): flags 1 a simple ability (list.simple), 2 its cost
  -- has {T}, 4 multi or gains, 8 not plain, 16 again, 32 choices, 64 any color, 128 converts
  -- (without gains); then from bit 8 six 4-bit fields: the simple ability's total and W U B R G
  -- mana, or (choices of some colors) how many of them make each color. -1 when a field is over
  -- 15 (the Lua count answers).
  local FIELD = { 256, 4096, 65536, 1048576, 16777216, 268435456 }
  local function list_code(list)
    local a = list.simple
    local code = (list.multi or list.gains) and 4 or list.converts and 128 or 0
    if not a then return code end
    code = code + 1 + (a.cost.tap and 2 or 0) + (list.plain and 0 or 8) + (list.again and 16 or 0)
    local f1, f2, f3, f4, f5, f6
    local choices = list.choices
    if choices then
      if list.any_color then return code + 32 + 64 end
      code = code + 32
      f1 = 0
      f2, f3, f4, f5, f6 = colors_made(choices)
    else
      local m = a.mana
      f1, f2, f3, f4, f5, f6 = m.total, m.white, m.blue, m.black, m.red, m.green
    end
    if f1 > 15 or f2 > 15 or f3 > 15 or f4 > 15 or f5 > 15 or f6 > 15 then return -1 end
    return code + f1 * FIELD[1] + f2 * FIELD[2] + f3 * FIELD[3] + f4 * FIELD[4] + f5 * FIELD[5] + f6 * FIELD[6]
  end
  arbiter._list_code = list_code

  -- The summary of card c's list as the loop above reads it: its current abilities when they
  -- changed (g:_xact's marks), a tapped one's without {T}. (The core remembers an untapped,
  -- unchanged card's by its definition, as printed does.) A summary is remembered by its list,
  -- as abilities_of remembers a changed land's (granted abilities make a new list at each read).
  local codes = setmetatable({}, { __mode = "k" })   -- list -> its summary
  local function code_for(c, tapped, changed)
    local list = changed and abilities_of[c] or printed[c]
    if tapped then list = list.untapped or NONE end
    local code = codes[list]
    if not code then code = list_code(list); codes[list] = code end
    return code
  end
  -- (into == false: the count's total, white .. green and any alone, seven values, no table;
  -- none when the Lua count must answer: arbiter._can_pay's quick yes)
  arbiter._available = GI._mana_count(setmetatable({}, { __mode = "k" }), code_for, arbiter, lua_available)

  -- a quick affordability test against arbiter._available (exact for single-color sources and
  -- sources of any color: each of those covers one colored symbol the others can't)
  function arbiter._affordable(cost, avail, x)
    if avail.total < cost.total + cost.x * (x or 0) then return false end
    -- no colored symbol (the common cost of a whole game's scans: {2}, {3}): the total decides
    if cost.white + cost.blue + cost.black + cost.red + cost.green == 0 then return true end
    local short = 0
    for i = 1, 5 do
      local c = COLORS[i]
      if cost[c] > avail[c] then short = short + cost[c] - avail[c] end
    end
    return short <= (avail.any or 0)
  end

  -- the mana ability activates: {T} and a Lua pay, then the mana, then its effect (406.1:
  -- it doesn't use the stack). Returns nothing.
  local function mana_ability(g, p, c, a, opts)
    local d = a.def
    if a.cost.tap then
      local ok, why = can_tap(c)
      if not ok then error(why, 0) end
    end
    if not d.pay and not d.effect then return add_mana(g, p, a.mana, c, a.cost.tap) end
    if a.cost.tap then c:tap() end
    local obj = { kind = "ability", card = c, controller = p, targets = {}, x = opts and opts.x or 0,
                  ability = a.index }
    if d.pay then core._guard(d.pay)(obj, g, c) end
    add_mana(g, p, a.mana, c, false)
    if d.effect then core._guard(d.effect)(obj, g, c) end
  end
  arbiter._mana_ability = mana_ability

  -- ---------------------------------------------------------------- paying a cost

  -- choose(p, "mana", ...)'s ctx (made only when a source must be chosen)
  -- a choice source's code for the core's fast payment (choice_code above), from its list now
  -- tapped (the core's ARB_SRC_HOST: it may have a mana ability without {T}): NOTHING when it has
  -- none now (csrc's ARB_MANA_NONE: the payment plays nothing of it, 409.1f), else 0
  local NOTHING = 1073741824   -- 2^30
  local function code_of(c, tapped)
    local list = abilities_of[c]
    if tapped then return list.untapped == nil and NOTHING or 0 end
    return list.code or 0
  end
  arbiter._mana_code_of = code_of   -- (spec/payment_choice_spec.lua calls the core with it)
  -- code_of's answers for untapped sources whose abilities are their definition's, by definition
  -- (g:_pay_simple remembers them there: printed's list, its code, is the definition's)
  local choice_codes = setmetatable({}, { __mode = "k" })

  -- games whose payment is being tried (arbiter._can_pay below): no agent is asked there
  local quiet = setmetatable({}, { __mode = "k" })
  arbiter._quiet = quiet

  local function mana_ctx(p, card, cost) return { player = p, card = card, cost = cost } end

  -- the k-th of the sources from perms[first] on that make `color` (pick_source's candidates):
  -- its index and the ability it plays; with k nil, how many there are
  local function nth_source(perms, lists, color, as, first, k)
    local n = 0
    for i = first, #perms do
      local list = lists[i]
      local a = list and plays(list, color, as)
      if a then
        n = n + 1
        if n == k then return i, a end
      end
    end
    return n
  end

  -- The source the payment uses for `color` (nil: generic, any mana) among the sources it
  -- hasn't used (lists[i] not false): its index and the ability it plays (plays above), or nil.
  -- p chooses (choose(p, "mana", cards, ctx)) only when the candidates differ (not copies of
  -- one ability); else the first, battlefield order. No table made unless p is asked.
  -- pre: the answers the core's payment was given before it sent the payment back (g:_pay_simple),
  -- pre.next the next one: the first questions' answers (the same questions, not asked again)
  local function pick_source(g, p, color, perms, lists, as, cost, card, pre)
    local first, fa, same = nil, nil, true
    for i = 1, #perms do
      local list = lists[i]
      local a = false
      if list then
        -- plays(list, color, as) without the call for a source of one ability that makes the
        -- color (most lands): the payment scans every source for each symbol it pays
        local simple = list.simple
        if not list.choices and (color == nil or simple.mana[color] > 0) then a = simple
        else a = plays(list, color, as) end
      end
      if a then
        if not first then first, fa = i, a
        elseif a.def ~= fa.def then same = false; break end   -- p is asked: the loop below lists them
      end
    end
    if same then return first, fa end          -- (nil: none)
    -- a payment tried (arbiter._can_pay): the first, as ask_choose answers there; an agent
    -- whose answer is known by its position (internal._ask_index): that candidate, without
    -- the options or the ctx made (the same answer, the same draws)
    if quiet[g] then return first, fa end
    local at
    if pre and pre[pre.next] then at, pre.next = pre[pre.next], pre.next + 1
    else at = arbiter._ask_index(g, p, "mana", nth_source(perms, lists, color, as, first)) end
    if at then
      GI._choice(g)                            -- a real choice (421.5), as ask_choose notes it
      return nth_source(perms, lists, color, as, first, at)
    end
    local options, cands = {}, {}
    for i = first, #perms do                   -- (none before the first)
      local list = lists[i]
      if list and plays(list, color, as) then cands[#cands + 1] = i; options[#options + 1] = perms[i] end
    end
    local pick = arbiter._ask_choose(g, p, "mana", options, mana_ctx(p, card, cost))
    for k = 1, #cands do
      local i = cands[k]
      if perms[i] == pick then return i, plays(lists[i], color, as) end
    end
    return first, fa
  end

  -- pick_source's answers by position for the core's fast payment (csrc/mana.c: it asks where
  -- the candidates differ, 409.1f), asked at its first such choice: f(p, "mana", n) -> the
  -- position among the n candidates (ask_index's, p's agent's answer found once: nothing
  -- changes between the plan's questions), or nil (the payment goes back to the path above,
  -- which asks with the options)
  local function first() return 1 end
  local function source_answers(g, p)
    if quiet[g] then return first end
    return arbiter._index_answerer(g, p)
  end

  local function unpayable(what, cost_text, p, needed)
    error(string.format("%s: %s can't pay %s (%s short; 407: a cost that can't be paid in full can't be paid)",
      what, tostring(p), cost_text, needed), 0)
  end


  -- p's mana ability with a mana cost that makes `color` (or mana spent as it), on a
  -- permanent p controls that can pay its {T}: {card, ability}, or nil. Among several that
  -- differ, p chooses (choose(p, "mana", cards, ctx)); battlefield order otherwise.
  local function converter(g, p, color, as, ctx)
    local cands, options = {}, {}
    local perms = permanents(g, p)
    for i = 1, #perms do
      local c = perms[i]
      local list = abilities_of[c]
      if list.converts then      -- (tapped: an ability without {T} still can: 409.1f)
        for k = 1, #list do
          local a = list[k]
          if a.mana and a.cost.x == 0 and a.cost.total > 0 and produces(a.mana, color, as)
             and (not a.cost.tap or can_tap(c)) then
            cands[#cands + 1] = { card = c, ability = a }
            options[#options + 1] = c
            break
          end
        end
      end
    end
    if #cands <= 1 then return cands[1] end
    local pick = arbiter._ask_choose(g, p, "mana", options, ctx)
    for i = 1, #cands do if cands[i].card == pick then return cands[i] end end
    return cands[1]
  end

  -- the core's form of `as` (csrc/mana.c, arb_mana_pay_simple): bit 5 * from + to, W..G 0..4
  local function as_mask(as)
    local mask = 0
    for i = 1, 5 do
      local to = as[COLORS[i]]
      for k = 1, to and 5 or 0 do
        if to[COLORS[k]] then mask = mask + 2 ^ (5 * (i - 1) + k - 1) end
      end
    end
    return math.floor(mask)
  end

  -- the mask of what mana p may spend as another color now (0: none), for the main phase's scan;
  -- remembered by the sets (arbiter._mana_as's are an effect's own, read only, while its text
  -- reads as printed)
  local masks = setmetatable({}, { __mode = "k" })
  local function mask_of(as)
    local mask = masks[as]
    if not mask then mask = as_mask(as); masks[as] = mask end
    return mask
  end
  function arbiter._mana_as_mask(g, p)
    local as = arbiter._mana_as(g, p)
    if not as then return 0 end
    return mask_of(as)
  end

  -- a pool slot holding mana that may be spent as `color` (rules.mana_as), or nil
  function spent_as(pool, as, color)
    for j = 1, 5 do
      local from = COLORS[j]
      if pool[j] > 0 and as[from] and as[from][color] then return j end
    end
  end

  -- Plays source s again (a.again): true, or false when its further cost can't be paid any
  -- more (no creature left to sacrifice): that activation is then reversed (422.1) and the
  -- payment goes on without it
  local function again(g, p, c, a)
    local ok, e = pcall(atomic, g, mana_ability, p, c, a)
    if ok then return true end
    if arbiter.is_driver_question(e) then error(e, 0) end    -- a host's question (driver.lua)
    return false
  end

  -- The payment's state is plain values and five tables: perms and lists (sources above), pool
  -- (p's pool as the payment sees it: what it took is gone, what its sources made is in),
  -- take (what it took, by slot: it leaves p's pool in one core call per slot), done (the
  -- sources it used up, by card, or nil). No closure per payment.

  -- the sources and the pool read again (after a mana ability that may have changed them)
  local function reread(g, p, only, done, pool, take)
    local perms, lists = sources(g, p, only, done)
    local w, u, b, r, gr, c = pool_of(g, p)
    pool[1], pool[2], pool[3], pool[4], pool[5], pool[6] = w - take[1], u - take[2], b - take[3], r - take[4],
      gr - take[5], c - take[6]
    return perms, lists
  end

  -- uses source i (ability a, once: unless played again, a.again): its mana joins the pool; a
  -- source whose ability does more than add mana may change anything, so the pool and the
  -- sources are read again. Returns perms, lists and done as they are now.
  local function use(g, p, perms, lists, i, a, pool, take, live, only, done)
    local c = perms[i]
    lists[i] = false
    if not a.again then mana_ability(g, p, c, a)
    elseif not again(g, p, c, a) then done = done or {}; done[c] = true end
    local d = a.def
    if d.pay or d.effect or live then
      if not a.again then done = done or {}; done[c] = true end
      perms, lists = reread(g, p, only, done, pool, take)
    else
      local made = a.mana
      add_to(pool, made)
    end
    return perms, lists, done
  end

  -- what this payment took so far leaves p's pool now
  local function flush(g, p, take)
    for i = 1, 6 do
      if take[i] > 0 then mana_c(g, p, i, -take[i]); take[i] = 0 end
    end
  end

  --- Pays the mana part of `cost` (parsed) with x for each {X}: p's pool, then p's mana
  -- abilities. Raises naming `what` when it can't (the caller's action is then undone).
  -- The pool is read once; sources are used as the plan needs them; what the cost takes
  -- leaves the pool in one core call at the end. card: the spell or permanent paid for (the
  -- ctx of a choose(p, "mana", ...) question, made only when a source must be chosen).
  -- 407: a cost is paid in full or not at all; mana abilities are played while paying
  -- Returns the mana spent on X by pool slot (white .. green, colorless), or nil when X was 0:
  -- the generic symbols are paid first, then X, so what X took is known (Illusionary Mask).
  arbiter._fast_payments = true   -- false: always the general path (the specs compare the two)
  function arbiter._pay_mana(g, p, cost, x, what, card, only)
    local xs = cost.x * (x or 0)
    local generic = cost.generic + xs
    if cost.total == 0 and generic == 0 then return end
    -- triggered mana abilities add mana while sources are used (the pool is read again after
    -- each): the core's fast path only when they are declared (406.1b: their mana given to its
    -- plan, extras); mana spent as another color (rules.mana_as) is, as a mask
    local as, live = arbiter._mana_as(g, p), env[g].mana_triggers
    local extras = live and not only and declared_extras(g, p, true)
    -- the fast path, when every source p could use is a simple "{T}: add one mana" and no
    -- choice matters: the same payment as below, made by the core in one call
    -- only: an instructed cast's sources (Word of Command): the general path, those sources only
    -- (a real choice of source: asked of source_answers'; a symbol left unpaid, the core says
    -- which, and the payment fails as below would with the same sources and picks, 407)
    local pre     -- (the core's picks' answers when it sent the payment back after asking them)
    if (not live or extras) and not only and arbiter._fast_payments then
      -- (X: the last xs of generic, paid after the printed symbols as below; paid, the second
      -- value is what X took by pool slot, as x_spent below; not paid, the slot left short)
      local paid, slot, n
      paid, slot, n, pre = pay_simple(g, p, cost.white, cost.blue, cost.black, cost.red, cost.green, generic,
        code_of, source_answers, as and mask_of(as), extras or nil, xs, choice_codes)
      if paid then return slot end
      if slot then unpayable(what, tostring(cost.text or ""), p, n .. " " .. (COLORS[slot] or "generic")) end
      if pre then pre.next = 1 end
    end
    local perms, lists = sources(g, p, only)
    local pool = { pool_of(g, p) }
    local take = { 0, 0, 0, 0, 0, 0 }
    local done, short
    -- colored symbols first: pool, then sources of that color; what none of those pays is
    -- left short, for the mana abilities with a mana cost below
    for i = 1, 5 do
      local color = COLORS[i]
      local need = cost[color]
      while need > 0 do
        local j = pool[i] > 0 and i or as and spent_as(pool, as, color)
        if j then
          local k = math.min(pool[j], need)
          pool[j], take[j], need = pool[j] - k, take[j] + k, need - k
        else
          local s, a = pick_source(g, p, color, perms, lists, as, cost, card, pre)
          if not s then short = short or {}; short[i] = need; break end
          perms, lists, done = use(g, p, perms, lists, s, a, pool, take, live, only, done)
        end
      end
    end
    -- 409.1f: a mana ability with a mana cost (Celestial Prism's "{2},{T}: one mana of any
    -- color") played for each colored symbol still short, its cost paid from what is left;
    -- the other colors were paid first, so its cost takes nothing they need
    for i = 1, short and 5 or 0 do
      local need = short[i] or 0
      while need > 0 do
        local color = COLORS[i]
        local j = pool[i] > 0 and i or as and spent_as(pool, as, color)
        if j then
          local k = math.min(pool[j], need)
          pool[j], take[j], need = pool[j] - k, take[j] + k, need - k
        else
          local conv = not only and converter(g, p, color, as, mana_ctx(p, card, cost))
          if not conv then unpayable(what, tostring(cost.text or ""), p, need .. " " .. color) end
          flush(g, p, take)    -- (before its mana cost is paid from what is left)
          arbiter._pay_mana(g, p, conv.ability.cost, 0, what, conv.card)
          mana_ability(g, p, conv.card, conv.ability)
          perms, lists = reread(g, p, only, done, pool, take)
        end
      end
    end
    -- generic: colorless in the pool first, then colors, then any source; the printed
    -- generic symbols, then X (spent noted by slot)
    local x_spent = xs > 0 and { 0, 0, 0, 0, 0, 0 } or nil
    for part = 1, 2 do
      local need, spent = cost.generic, nil
      if part == 2 then need, spent = xs, x_spent end
      while need > 0 do
        local slot
        if pool[6] > 0 then slot = 6
        else
          for i = 1, 5 do if pool[i] > 0 then slot = i; break end end
        end
        if slot then
          local k = math.min(need, pool[slot])
          pool[slot], take[slot], need = pool[slot] - k, take[slot] + k, need - k
          if spent then spent[slot] = spent[slot] + k end
        else
          local s, a = pick_source(g, p, nil, perms, lists, as, cost, card, pre)
          if not s then unpayable(what, tostring(cost.text or ""), p, need .. " generic") end
          perms, lists, done = use(g, p, perms, lists, s, a, pool, take, live, only, done)
        end
      end
    end
    flush(g, p, take)
    return x_spent
  end

  -- Could p pay `cost` (parsed, with x) now? The quick count (arbiter._available) when it is
  -- exact or says yes; otherwise the payment itself is tried and undone (422), its questions
  -- answered with their first option and none asked of an agent: g:can_cast and ask_pay then
  -- agree with what a cast does (mana spent as another color, triggered mana abilities,
  -- Celestial Prism, Black Lotus).
  local TRIED = "arbiter: a payment tried"
  -- the payment itself, tried and undone (422), its questions answered with their first option
  local function tried(g, p, cost, x)
    quiet[g] = true
    local ok, err = pcall(atomic, g, function(game)
      arbiter._pay_mana(game, p, cost, x, "can_cast")
      error(TRIED, 0)
    end)
    quiet[g] = nil
    return not ok and err == TRIED
  end
  arbiter._payment_tried = tried   -- (spec/payment_plan_spec.lua compares the two ways)

  -- avail.plain: every source p could use only adds its mana, as by_color says, but triggered
  -- mana abilities may add more as they are tapped: when those are all declared (g:_mana_adds)
  -- and no mana is spent as another color, plan_pays adds their mana as the payment would.
  -- avail.by_color: every source p could use only adds its mana (a plain {T} ability, one of
  -- several colors at most: a dual land); no mana is spent as another color, no triggered mana
  -- ability, no mana ability with a mana cost or a further cost, no several mana of a chosen
  -- color. Then, unless something could act on the taps and the mana (GI._mana_watched: a
  -- replacement or observer of "tap" or "mana" events, characteristics that follow tapped
  -- states), the payment's plan (plan_pays) answers as trying the payment does. A triggered
  -- ability that isn't a mana ability (Lifetap, Psychic Venom, Kudzu, Manabarbs) waits for the
  -- stack (410.3-410.4 of the era; its condition only reads): the payment's mana is the plan's
  -- (watched(g, true), mana_adds(g, true): as the core's round, csrc/lmain_scan.c).
  local watched, mana_adds = GI._mana_watched, GI._mana_adds
  local NUMBERS = {}   -- the count's numbers, for _affordable (set at each quick test)
  function arbiter._can_pay(g, p, cost, x, avail)
    if not avail then
      -- the count's numbers first (arbiter._available(g, p, false): no table made, nothing read
      -- of how far they can be trusted): _affordable's yes on them is the count's yes, the
      -- first answer below (ask_pay's "can they pay {4}" at each upkeep)
      local t = NUMBERS
      t.total, t.white, t.blue, t.black, t.red, t.green, t.any = arbiter._available(g, p, false)
      if t.total and arbiter._affordable(cost, t, x) then return true end
      avail = arbiter._available(g, p)
    end
    if arbiter._affordable(cost, avail, x) then return true end
    if not avail.inexact or quiet[g] then return false end
    if avail.upper and avail.total < cost.total + cost.x * (x or 0) then return false end   -- more than there is
    if avail.by_color then   -- a color's symbols beyond all its sources could make: the payment fails too
      local any = avail.any
      if cost.white > avail.white + avail.xw + any or cost.blue > avail.blue + avail.xu + any
        or cost.black > avail.black + avail.xb + any or cost.red > avail.red + avail.xr + any
        or cost.green > avail.green + avail.xg + any then return false end
      if not watched(g, true) then return plan_pays(g, p, cost, x) end
    elseif avail.plan_as and not watched(g, true) then   -- mana spent as another color: no per-color bound
      return plan_pays(g, p, cost, x, avail.plan_as)
    elseif avail.plain and not (env[g].rule_effects and arbiter._mana_as(g, p)) then
      local adds = mana_adds(g, true)
      local ok = adds and plan_pays(g, p, cost, x, nil, adds)
      if ok ~= nil then return ok end
    elseif not env[g].mana_triggers and not watched(g, true)
        and not (env[g].rule_effects and arbiter._mana_as(g, p)) then
      -- sources that pay a further cost (Black Lotus), converters (Celestial Prism)
      local ok = plan_pays(g, p, cost, x, nil, nil, true)
      if ok ~= nil then return ok end
    end
    return tried(g, p, cost, x)
  end

  arbiter._mana_slot = SLOT
end
