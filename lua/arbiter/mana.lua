-- arbiter.mana — costs and mana (CONTRACT v2 "Costs and mana"; CompRules 2005-2008 of the
-- seeds' era: 407 costs, 406.1 mana abilities; mana burn: older guide 003).
--
-- A cost string is a run of symbols: {N} generic, {W} {U} {B} {R} {G} colored, {X}, {T} (tap
-- the source; abilities only), optionally separated by commas or spaces ("{1}{U},{T}"). An
-- integer N means "{N}"; nil or "" no cost. A mana string ({R}{R}, {2}) is what a mana ability
-- adds: colored symbols add that color, {N} adds N colorless mana.
--
-- Paying (g:cast, g:activate): mana already in the pool first, then the player's untapped
-- mana abilities. Colored symbols are paid before generic ones, each from the pool and then
-- from sources that produce that color, so generic mana never spends a color the rest of the
-- cost needs. Among sources that would do, the player is asked choose(p, "mana", sources, ctx)
-- only when they differ (not when all are copies of one card with the same ability); the
-- default (options[1], battlefield order) is deterministic. A cost that can't be paid raises
-- (the cast or activation is then reversed as a whole, 422).
local check = require("arbiter.check")

return function(arbiter, Game)
  local fail, describe = check.fail, check.describe
  local atomic = arbiter._atomic

  local COLORS = { "white", "blue", "black", "red", "green" }
  local SYMBOL = { W = "white", U = "blue", B = "black", R = "red", G = "green" }
  local SLOT = { white = 1, blue = 2, black = 3, red = 4, green = 5, colorless = 6 }
  local BASIC = { Plains = "{W}", Island = "{U}", Swamp = "{B}", Mountain = "{R}", Forest = "{G}" }
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

  -- a mana string: what a mana ability adds ({N} is colorless; no {X} or {T})
  local function parse_mana(s)
    local p, err = parse(s)
    if not p then return nil, err end
    if p.x > 0 or p.tap then return nil, "mana to add can't hold {X} or {T}: " .. describe(s) end
    return p
  end
  arbiter._parse_mana = parse_mana

  -- ---------------------------------------------------------------- the pool

  local mana_c = Game._mana

  local function add_mana(g, p, m)
    for i = 1, 5 do
      local n = m[COLORS[i]]
      if n > 0 then mana_c(g, p, i, n) end
    end
    if m.generic > 0 then mana_c(g, p, 6, m.generic) end
    g:_emit("mana", { player = p, amount = m.total })
  end

  --- g:add_mana(p, "{R}{R}"): adds to p's pool (what a mana ability does); a "mana" event
  function Game:add_mana(p, s)
    check.object(self, "add_mana", 1, p, "player")
    local m, err = parse_mana(s)
    if not m then fail("add_mana", 2, err) end
    if m.total == 0 then return end
    return atomic(self, add_mana, p, m)
  end

  -- ---------------------------------------------------------------- mana abilities

  -- A card's activated abilities: its definition's list, then a basic land's intrinsic mana
  -- ability (Plains {W} ... Forest {G}). Each entry: {cost = parsed, mana = parsed or nil,
  -- def = the entry (effect, pay, targets), index}. Read once per card.
  local abilities_of = arbiter._once_per(function(c)
    local list = {}
    local acts = c.activated
    if type(acts) == "table" then
      for i = 1, #acts do
        local a = acts[i]
        list[i] = { index = i, def = a, cost = assert(parse(a.cost)),
          mana = a.mana ~= nil and assert(parse_mana(a.mana)) or nil, targets = a.targets }
      end
    end
    local subs = c.subtypes
    if type(subs) == "table" then
      for _, s in ipairs(subs) do
        if BASIC[s] then
          list[#list + 1] = { index = #list + 1, def = {}, intrinsic = true,
            cost = parse("{T}"), mana = parse_mana(BASIC[s]) }
        end
      end
    end
    return list
  end)
  arbiter._abilities_of = abilities_of

  local function has_haste(c) return c:has("haste") end

  -- Can the {T} in a cost be paid now? (502.5b: a creature needs to have been under its
  -- controller's control since the most recent turn began, or haste)
  local function can_tap(c)
    if c.tapped then return false, tostring(c) .. " is tapped" end
    if c.sick and arbiter.has_type(c, "Creature") and not has_haste(c) then
      return false, tostring(c) .. " has summoning sickness (502.5b: {T} needs control since the turn began, or haste)"
    end
    return true
  end
  arbiter._can_tap = can_tap

  -- p's usable mana abilities now: {card, ability} for sources p controls whose cost is only
  -- {T} (and a Lua pay) and can be paid. Battlefield order.
  local function sources(g, p)
    local out, n = {}, 0
    local perms = g:permanents(p, "any", "u")
    for i = 1, #perms do
      local c = perms[i]
      local list = abilities_of(c)
      for k = 1, #list do
        local a = list[k]
        if a.mana and a.cost.total == 0 and a.cost.x == 0 and (not a.cost.tap or can_tap(c)) then
          n = n + 1
          out[n] = { card = c, ability = a }
          break                              -- one mana ability per source in the default
        end
      end
    end
    return out
  end
  arbiter._mana_sources = sources

  -- what mana p could have for a cost now: the pool plus one use of each source
  function arbiter._available(g, p)
    local pool, avail = p.mana, { total = 0 }
    for i = 1, 5 do avail[COLORS[i]] = pool[COLORS[i]] end
    avail.total = pool.white + pool.blue + pool.black + pool.red + pool.green + pool.colorless
    local src = sources(g, p)
    for i = 1, #src do
      local m = src[i].ability.mana
      avail.total = avail.total + m.total
      for k = 1, 5 do avail[COLORS[k]] = avail[COLORS[k]] + m[COLORS[k]] end
    end
    return avail
  end

  -- a quick affordability test against arbiter._available (exact for single-color sources)
  function arbiter._affordable(cost, avail, x)
    if avail.total < cost.total + cost.x * (x or 0) then return false end
    for i = 1, 5 do
      local c = COLORS[i]
      if cost[c] > avail[c] then return false end
    end
    return true
  end

  -- the mana ability activates: {T} and a Lua pay, then the mana, then its effect (406.1:
  -- it doesn't use the stack). Returns nothing.
  local function mana_ability(g, p, c, a, opts)
    local d = a.def
    if a.cost.tap then
      local ok, why = can_tap(c)
      if not ok then error(why, 0) end
      c:tap()
    end
    local obj = { kind = "ability", card = c, controller = p, targets = {}, x = opts and opts.x or 0,
                  ability = a.index }
    if d.pay then arbiter._guard(d.pay)(obj, g, c) end
    add_mana(g, p, a.mana)
    if d.effect then arbiter._guard(d.effect)(obj, g, c) end
  end
  arbiter._mana_ability = mana_ability

  -- ---------------------------------------------------------------- paying a cost

  local function spend(g, p, slot, n) mana_c(g, p, slot, -n) end

  -- Candidates that produce `color` (nil: any mana); the choice matters when they differ.
  local function pick_source(g, p, color, ctx)
    local src, cands, n, key, same = sources(g, p), {}, 0, nil, true
    for i = 1, #src do
      local s = src[i]
      if color == nil or s.ability.mana[color] > 0 then
        n = n + 1
        cands[n] = s
        local k = s.card.name .. "#" .. s.ability.index
        if key and k ~= key then same = false end
        key = k
      end
    end
    if n == 0 then return nil end
    if same or n == 1 then return cands[1] end
    local options = {}
    for i = 1, n do options[i] = cands[i].card end
    local pick = arbiter._ask_choose(g, p, "mana", options, ctx)
    for i = 1, n do if cands[i].card == pick then return cands[i] end end
    return cands[1]
  end

  local function unpayable(what, cost_text, p, needed)
    error(string.format("%s: %s can't pay %s (%s short; 407: a cost that can't be paid in full can't be paid)",
      what, tostring(p), cost_text, needed), 0)
  end

  --- Pays the mana part of `cost` (parsed) with x for each {X}: p's pool, then p's mana
  -- abilities. Raises naming `what` when it can't (the caller's action is then undone).
  function arbiter._pay_mana(g, p, cost, x, what, ctx)
    local generic = cost.generic + cost.x * (x or 0)
    if cost.total == 0 and generic == 0 then return end
    local ctx2 = ctx or { player = p, cost = cost }
    -- colored symbols first: pool, then sources of that color
    for i = 1, 5 do
      local color = COLORS[i]
      local need = cost[color]
      while need > 0 do
        local have = p.mana[color]
        if have > 0 then
          local k = math.min(have, need)
          spend(g, p, i, k)
          need = need - k
        else
          local s = pick_source(g, p, color, ctx2)
          if not s then unpayable(what, tostring(cost.text or ""), p, need .. " " .. color) end
          mana_ability(g, p, s.card, s.ability)
        end
      end
    end
    -- generic: colorless in the pool first, then colors, then any source
    local need = generic
    while need > 0 do
      local pool = p.mana
      local slot
      if pool.colorless > 0 then slot = 6
      else
        for i = 1, 5 do if pool[COLORS[i]] > 0 then slot = i; break end end
      end
      if slot then
        local k = math.min(need, pool[slot == 6 and "colorless" or COLORS[slot]])
        spend(g, p, slot, k)
        need = need - k
      else
        local s = pick_source(g, p, nil, ctx2)
        if not s then unpayable(what, tostring(cost.text or ""), p, need .. " generic") end
        mana_ability(g, p, s.card, s.ability)
      end
    end
  end

  arbiter._mana_slot = SLOT
end
