-- arbiter.targets — targets (413): what a spell or ability may target, choosing them as it is
-- played and checking them again as it resolves; a definition's activated list (checked once,
-- in arbiter.card) and the equip ability (502.33).
--
-- Targets (413): the vocabulary "creature", "player", "creature or player", "permanent",
-- "spell", "spell or permanent", "land", "artifact", "enchantment", or {what = one of those,
-- filter = fn(x, g, source)}. What "illegal" means, at casting and again on resolution:
--   a permanent kind   the card is not on the battlefield (it left), or no longer has the type
--   player             the player has lost (left the game)
--   spell              the object is no longer on the stack (resolved, countered), or is an
--                      ability rather than a spell
--   filter             the filter now returns false (e.g. "a creature you control" after the
--                      creature changed controller)
--   any card          it changed zones after it was chosen: a new object (217.1c), even back on
--                     the battlefield (the core tells: its obj.targets entry reads false)
-- A spell or ability can't target itself.
-- On resolution an illegal target reads false in obj.targets; when all are illegal the spell
-- or ability is countered (a spell goes to its owner's graveyard).
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions (internal.lua)
local core = require("arbiter.core")
local check = require("arbiter.check")

return function(arbiter)
  local fail, describe = check.fail, check.describe
  local guard = core._guard
  local parse = arbiter.parse_cost
  local check_many            -- (below) a targets list's last entry with max / extra_cost

  -- ---------------------------------------------------------------- targets (413)

  local KINDS = { creature = "Creature", land = "Land", artifact = "Artifact", enchantment = "Enchantment" }
  local WHAT = { creature = true, player = true, ["creature or player"] = true, permanent = true,
    spell = true, land = true, artifact = true, enchantment = true, card = true,
    ["spell or permanent"] = true }
  -- the kinds a list may name by a string: WHAT's but "card" (it needs a zone: check_entry)
  local BY_NAME = {}
  for k in pairs(WHAT) do BY_NAME[k] = k ~= "card" or nil end
  -- a target's zone: the battlefield (a permanent) unless spec.zone = "graveyard" ("target
  -- creature card in a graveyard": {what = "creature", zone = "graveyard"}; what = "card": any)
  -- or "ante" (Darkpact: "target card in the ante")
  local ZONE = { battlefield = true, graveyard = true, ante = true }
  local IN_ZONE = { graveyard = true, ante = true }   -- cards in each player's zone of that name

  -- "one or more targets" (Fireball's "any number of target creatures and/or players"): the
  -- last entry of a targets list may have max = n (1 to n targets of that kind; math.huge:
  -- any number, 409.1c: the engine sets no cap) and extra_cost = "{1}" ("costs {1} more for
  -- each target beyond the first")
  function check_many(list, i, t)
    local where = "targets[" .. i .. "]: "
    if i ~= #list then return nil, where .. "only the last target may have max or extra_cost" end
    if t.max == nil then return nil, where .. "extra_cost needs max (a number of targets)" end
    local n = t.max == math.huge or check.integer(t.max)
    if not n or (n ~= true and n < 1) then
      return nil, where .. "max must be a positive integer or math.huge (any number), got " .. describe(t.max)
    end
    if t.extra_cost ~= nil then
      local ok, err = parse(t.extra_cost)
      if not ok then return nil, where .. "extra_cost: " .. err end
      if ok.x > 0 or ok.tap then return nil, where .. "extra_cost can't hold {X} or {T}" end
    end
    return true
  end

  -- A last entry's count (Version 3): "x" (exactly X targets), "any" (any number: as max with
  -- the core's room) or n (exactly n); checked by check_many's sibling below
  local function check_count(list, i, t)
    local where = "targets[" .. i .. "]: "
    if i ~= #list then return nil, where .. "only the last target may have a count" end
    if t.max ~= nil then return nil, where .. "count and max exclude each other" end
    local c = t.count
    local n = check.integer(c)
    if c ~= "x" and c ~= "any" and not (n and n >= 1) then
      return nil, where .. "count must be \"x\", \"any\" or a positive integer, got " .. describe(c)
    end
    return true
  end

  -- how many targets a count entry at the end of a list of n entries takes: exactly (x or n),
  -- or nil with "any" (1 or more)
  local function counted(last, x)
    local c = last.count
    if c == "x" then return x or 0 elseif c == "any" then return nil end
    return check.integer(c)
  end

  -- the spec of target i: list[i], or the last entry's for the targets beyond it (max, count)
  local function spec_at(list, i)
    local s = list[i]
    if s ~= nil then return s end
    local last = list[#list]
    if type(last) ~= "table" then return nil end
    if last.count ~= nil then return last end
    return last.max and i <= #list - 1 + last.max and last or nil
  end
  arbiter._target_spec_at = spec_at

  --- arbiter.check_targets(list) -> true, or nil plus a message (a definition's targets)
  -- (g:cast checks its card's list on every cast: a plain kind's entry costs one table read;
  -- the entries up to the first nil, as ipairs reads them)
  local function check_entry(list, i, t)
    local what = t.what
    if not WHAT[what] then return nil, "targets[" .. i .. "]: unknown target kind " .. describe(what) end
    local zone = t.zone
    if zone ~= nil and (not ZONE[zone] or what == "player" or what == "spell" or what == "creature or player"
      or what == "spell or permanent") then
      return nil, "targets[" .. i
        .. "]: zone must be \"graveyard\", \"ante\" (or \"battlefield\") for a card target, got "
        .. describe(zone)
    end
    if what == "card" and not IN_ZONE[zone] then
      return nil, "targets[" .. i .. "]: a \"card\" target needs zone = \"graveyard\" or \"ante\""
    end
    if t.filter ~= nil and type(t.filter) ~= "function" then
      return nil, "targets[" .. i .. "]: filter must be a function"
    end
    if t.count ~= nil then
      local ok, err = check_count(list, i, t)
      if not ok then return nil, err end
    end
    if t.max ~= nil or t.extra_cost ~= nil then
      local ok, err = check_many(list, i, t)
      if not ok then return nil, err end
    end
    return true
  end
  function arbiter._check_targets(list)
    if list == nil then return true end
    if type(list) ~= "table" then return nil, "targets must be a list, got " .. describe(list) end
    local i, t = 1, list[1]
    while t ~= nil do
      if not BY_NAME[t] then  -- (a kind's name is one of BY_NAME's keys: nothing else to check)
        if t == "card" then
          return nil, "targets[" .. i .. "]: a \"card\" target needs zone = \"graveyard\" or \"ante\""
        end
        if type(t) ~= "table" then return nil, "targets[" .. i .. "]: unknown target kind " .. describe(t) end
        local ok, err = check_entry(list, i, t)
        if not ok then return nil, err end
      end
      i = i + 1
      t = list[i]
    end
    return true
  end

  -- a definition's activated list: checked once, in arbiter.card
  function arbiter._check_activated(spec)
    local acts = spec.activated
    local function bad(i, msg) fail("card", 1, string.format("%s: activated[%d]: %s", spec.name, i, msg), 4) end
    if type(acts) ~= "table" then
      fail("card", 1, spec.name .. ": activated must be a list, got " .. describe(acts), 3)
    end
    if #acts > 255 then fail("card", 1, spec.name .. ": at most 255 activated abilities, got " .. #acts, 3) end
    for i, a in ipairs(acts) do
      if type(a) ~= "table" then bad(i, "a table expected, got " .. describe(a)) end
      if a.who ~= nil and a.who ~= "owner" then bad(i, "who must be \"owner\" or nil, got " .. describe(a.who)) end
      if a.zone ~= nil then    -- it works from its owner's graveyard or hand, not the battlefield
        if a.zone ~= "graveyard" and a.zone ~= "hand" then
          bad(i, "zone must be \"graveyard\" or \"hand\" (nil: the battlefield), got " .. describe(a.zone))
        end
        if a.mana ~= nil then bad(i, "a mana ability works from the battlefield (no zone)") end
        local c = parse(a.cost)
        if c and c.tap then
          bad(i, "{T} in the cost of an ability that works from a " .. a.zone .. " (not a permanent)")
        end
      end
      if a.timing ~= nil and a.timing ~= "sorcery" and a.timing ~= "instant" then
        bad(i, "timing must be \"sorcery\" or \"instant\", got " .. describe(a.timing))
      end
      local ok, err = parse(a.cost)
      if not ok then bad(i, "cost: " .. err) end
      if a.mana ~= nil then
        ok, err = arbiter._parse_mana(a.mana)
        if not ok then bad(i, "mana: " .. err) end
        if a.targets ~= nil then bad(i, "a mana ability can't have targets (406.1)") end
        if a.timing ~= nil then bad(i, "a mana ability has no timing: it is played whenever its player could pay") end
      end
      for _, f in ipairs({ "effect", "pay", "condition" }) do
        if a[f] ~= nil and type(a[f]) ~= "function" then bad(i, f .. " must be a function, got " .. describe(a[f])) end
      end
      ok, err = arbiter._check_targets(a.targets)
      if not ok then bad(i, err) end
    end
  end

  -- ---------------------------------------------------------------- equip (502.33)

  local function yours(c, _, source) return c.controller == source.controller end
  local function equip_effect(obj, g, equipment) g:attach(equipment, obj.targets[1]) end

  --- arbiter.equip(cost) -> an activated ability: "Equip [cost]" means "[Cost]: Attach this
  --- permanent to target creature you control. Play this ability only any time you could play
  --- a sorcery." (502.33a). The creature must still be its controller's on resolution (413).
  function arbiter.equip(cost)
    local ok, err = parse(cost)
    if not ok then fail("equip", 1, err) end
    return { cost = cost, timing = "sorcery", equip = true,
      targets = { { what = "creature", filter = yours } }, effect = equip_effect }
  end

  local is_obj = GI._object_id   -- a stack object's card id, or nil
  local permanent_target = GI._permanent_target   -- (ltargets.c) the card tests below in one call

  -- Is x a legal target for spec (one entry of a targets list) of the object `self_obj`?
  -- (a card's tests but the filter in one C call, the same tests in the same order:
  -- spec/legal_target_fast_spec.lua)
  local function legal(g, spec, x, source, self_obj)
    local what, filter, zone = spec, nil, nil
    if type(spec) == "table" then what, filter, zone = spec.what, spec.filter, spec.zone end
    local kind = core.kind(x)
    local ok = false
    if IN_ZONE[zone] then
      -- a card in a graveyard or the ante (not a permanent: protection and "be targeted" don't apply)
      ok = kind == "card" and x.zone == zone
      if ok and KINDS[what] then ok = x:is(KINDS[what])
      elseif ok and what == "permanent" then ok = not (x:is("Instant") or x:is("Sorcery")) end
    elseif what == "spell" or (what == "spell or permanent" and kind ~= "card") then
      ok = is_obj(x) and x.kind == "spell" and x ~= self_obj and GI._object(g, is_obj(x)) == x
    elseif kind == "player" then
      ok = (what == "player" or what == "creature or player") and not x.lost and GI._targetable(g, x, source)
    elseif kind == "card" then
      -- current types (continuous effects, c:is), the "be targeted" prohibition (lprohibit.c)
      -- and protection from the spell's or the ability source's qualities (502.7b)
      local t = KINDS[what == "creature or player" and "creature" or what]
      if t or what == "permanent" or what == "spell or permanent" then   -- (no other kind is a permanent)
        local own = self_obj and self_obj.kind == "spell" and self_obj.card or nil   -- (a spell's own card)
        ok = permanent_target(g, x, t, source, own)
        if ok == nil then     -- a card of another game: its proxy asked, the same tests
          ok = x.zone == "battlefield" and own ~= x and (t == nil or x:is(t)) and GI._targetable(g, x, source)
        end
      end
    end
    -- a filter sees X (ctx.x: "target spell with converted mana cost X")
    if ok and filter then ok = guard(filter)(x, g, source, { x = self_obj and self_obj.x or 0 }) and true or false end
    return ok
  end
  arbiter._legal_target = legal

  -- every legal target for spec: players in turn order, permanents, spells (top first)
  -- the cards in every graveyard, players in turn order
  local players_of = arbiter._players   -- g.players, read once per game (init.lua)
  local function zone_cards(g, zone)
    local out = {}
    for _, q in ipairs(players_of[g]) do
      for _, c in ipairs(q[zone]:cards()) do out[#out + 1] = c end
    end
    return out
  end

  -- the battlefield's cards a target of kind `what` may be, in the battlefield's order: only
  -- those of its card type when it names one (legal() reads c:is(type) first: the others
  -- aren't legal, and nothing is called for them), all of them otherwise
  local cards_of, stack_size = GI._zone_cards_of, GI._stack_size
  local any_permanent = GI._any_permanent_target   -- (ltargets.c) _has_target's search without a filter
  local permanent_targets = GI._permanent_targets  -- (ltargets.c) the cards it finds legal, for a filter
  local player_targets = GI._player_targets  -- (ltargets.c) the players legal() passes but the filter

  -- the players legal() finds legal for spec (a player kind), appended to out: its tests but the
  -- filter in one call, in turn order, then the filter on each (a ctx a call, as legal() makes
  -- it); without out, whether there is one (the filter asked until one passes)
  local function players_for(g, spec, source, self_obj, out)
    local ps = player_targets(g, source)
    local filter = type(spec) == "table" and spec.filter
    filter = filter and guard(filter)
    for i = 1, #ps do
      local q = ps[i]
      if not filter or filter(q, g, source, { x = self_obj and self_obj.x or 0 }) then
        if not out then return true end
        out[#out + 1] = q
      end
    end
    return out or false
  end
  local function battlefield_for(g, what)
    local t = KINDS[what == "creature or player" and "creature" or what]
    if t then return cards_of(g.battlefield, t) end
    return g.battlefield:cards()
  end

  local function candidates(g, spec, source, self_obj)
    local out = {}
    local what = type(spec) == "table" and spec.what or spec
    if type(spec) == "table" and IN_ZONE[spec.zone] then
      for _, c in ipairs(zone_cards(g, spec.zone)) do
        if legal(g, spec, c, source, self_obj) then out[#out + 1] = c end
      end
      return out
    end
    if what == "player" or what == "creature or player" then players_for(g, spec, source, self_obj, out) end
    if what ~= "player" and what ~= "spell" then
      local t = KINDS[what == "creature or player" and "creature" or what]
      if t or what == "permanent" or what == "spell or permanent" then
        -- legal()'s tests but the filter in one call (ltargets.c, as _has_target's search), then
        -- the filter on each card that passes them, in the battlefield's order, as legal() asks
        -- it (a cast's choice of targets read every permanent through legal(): issue 27)
        local own = self_obj and self_obj.kind == "spell" and self_obj.card or nil
        local bf = permanent_targets(g, t, source, own)
        local filter = type(spec) == "table" and spec.filter
        if filter then
          filter = guard(filter)
          local ctx = { x = self_obj and self_obj.x or 0 }   -- (one a search: filters read ctx.x)
          for i = 1, #bf do
            local c = bf[i]
            if filter(c, g, source, ctx) then out[#out + 1] = c end
          end
        else
          local n = #out
          for i = 1, #bf do out[n + i] = bf[i] end
        end
      else
        for _, c in ipairs(battlefield_for(g, what)) do   -- (a "card" on the battlefield: none is legal)
          if legal(g, spec, c, source, self_obj) then out[#out + 1] = c end
        end
      end
    end
    if what == "spell" or what == "spell or permanent" then
      for _, o in ipairs(g:stack_objects()) do
        if legal(g, spec, o, source, self_obj) then out[#out + 1] = o end
      end
    end
    return out
  end
  arbiter._target_candidates = candidates

  -- whether spec has at least one legal target (stops at the first)
  function arbiter._has_target(g, spec, source, self_obj)
    local what = type(spec) == "table" and spec.what or spec
    if type(spec) == "table" and IN_ZONE[spec.zone] then   -- (stops at the first, as below)
      local t = KINDS[what]
      if t or what == "card" then
        -- a card of the type (zone_cards_of: c:is's types, in zone:cards()' order) or any card:
        -- legal()'s tests made, the filter is asked of each (Raise Dead's "your", Regrowth's)
        local filter, ctx = spec.filter and guard(spec.filter), { x = self_obj and self_obj.x or 0 }
        for _, q in ipairs(players_of[g]) do
          local cs = t and cards_of(q[spec.zone], t) or q[spec.zone]:cards()
          for i = 1, #cs do
            if not filter or filter(cs[i], g, source, ctx) then return true end
          end
        end
        return false
      end
      for _, q in ipairs(players_of[g]) do
        for _, c in ipairs(q[spec.zone]:cards()) do
          if legal(g, spec, c, source, self_obj) then return true end
        end
      end
      return false
    end
    if (what == "player" or what == "creature or player") and players_for(g, spec, source, self_obj) then
      return true
    end
    -- (a "card" outside a zone: no permanent is one, as legal() says; arbiter.card refuses it)
    if what ~= "player" and what ~= "spell" and what ~= "card" then
      if type(spec) ~= "table" or spec.filter == nil then
        -- no filter (no host code to run): the search in one call, legal()'s tests on each card of
        -- the battlefield in the same order (ltargets.c; spec/targets_fast_spec.lua compares them)
        local own = self_obj and self_obj.kind == "spell" and self_obj.card or nil
        if any_permanent(g, KINDS[what == "creature or player" and "creature" or what], source, own) then
          return true
        end
      else
        -- a filter: legal()'s other tests in one call (ltargets.c), then the filter on each card
        -- that passes them, in the battlefield's order, as legal() asks it
        local own = self_obj and self_obj.kind == "spell" and self_obj.card or nil
        local bf = permanent_targets(g, KINDS[what == "creature or player" and "creature" or what], source, own)
        local filter, ctx = guard(spec.filter), { x = self_obj and self_obj.x or 0 }
        for i = 1, #bf do if filter(bf[i], g, source, ctx) then return true end end
      end
    end
    -- (an empty stack holds no spell: the common case, the main phase's castability round)
    if (what == "spell" or what == "spell or permanent") and stack_size(g) > 0 then
      for _, o in ipairs(g:stack_objects()) do if legal(g, spec, o, source, self_obj) then return true end end
    end
    return false
  end

  -- whether each entry of a spell's list has a legal target (a count entry may take none: X
  -- may be 0, "any" may be one; it needs one)
  local plain_exist = GI._plain_targets_exist      -- (ltargets.c) a list of kinds by name, whole
  function arbiter._targets_exist(g, list, c)
    if not list then return true end
    if type(list[1]) == "string" then               -- (a table first: a filter, a zone...)
      local plain = plain_exist(g, list, c)         -- nil: a later entry is a table
      if plain ~= nil then return plain end
    end
    local self_obj = { kind = "spell", card = c }
    for i = 1, #list do
      local t = list[i]
      if not (type(t) == "table" and t.count == "x") and not arbiter._has_target(g, t, c, self_obj) then
        return false
      end
    end
    return true
  end

  -- The targets of a spell or ability being played: given (checked: count and legality), or
  -- chosen by the controller's agent, one per entry (choose(p, "target", legal, ctx)).
  local NONE = {}                       -- no targets (only read)
  -- 409.1c: one object or player chosen at most once for each instance of the word "target"
  -- (the targets of a max entry are one instance)
  local function twice(given, from)
    for i = from, #given do
      for j = from, i - 1 do if given[i] == given[j] then return i end end
    end
  end

  -- the targets of a max entry (the last, index n), chosen one by one: "done" (offered first
  -- once one is chosen, so the default agent takes one) ends the choice
  -- afford(k): whether the controller's mana could pay the cost with k more targets (409.1e):
  -- no more target is offered than it could pay for
  local function choose_many(g, fname, p, list, out, source, self_obj, afford)
    local n = #list
    local spec, chosen = list[n], {}
    for i = n, n - 1 + spec.max do
      local options = {}
      if i > n then options[1] = "done" end
      if i > n and afford and not afford(i - n) then break end
      for _, x in ipairs(candidates(g, spec, source, self_obj)) do
        if not chosen[x] then options[#options + 1] = x end
      end
      if #options == 0 then
        fail(fname, 4, string.format("%s has no legal target for target %d (%s) (413)", tostring(source), i,
          spec.what), 4)
      end
      if #options == 1 and options[1] == "done" then break end
      local pick = arbiter._ask_choose(g, p, "target", options, { source = source, index = i, spec = spec })
      if pick == "done" then break end
      out[i], chosen[pick] = pick, true
    end
    return out
  end

  -- exactly k targets for the last entry of list (a count), or 1 or more ("any": until the
  -- player says "done" or no candidate is left),
  -- chosen one at a time, each object or player once (409.1c)
  local function choose_counted(g, fname, p, list, out, source, self_obj, k)
    local n = #list
    local spec, chosen = list[n], {}
    local last = k and n - 1 + k or math.huge
    for i = n, last do
      local options = {}
      if not k and i > n then options[1] = "done" end
      for _, x in ipairs(candidates(g, spec, source, self_obj)) do
        if not chosen[x] then options[#options + 1] = x end
      end
      if #options == 0 or (#options == 1 and options[1] == "done") then
        if not k and i > n then break end
        fail(fname, 4, string.format("%s has no legal target for target %d (%s) (413)", tostring(source), i,
          spec.what), 4)
      end
      local pick = arbiter._ask_choose(g, p, "target", options, { source = source, index = i, spec = spec })
      if pick == "done" then break end
      out[i], chosen[pick] = pick, true
    end
    return out
  end

  local function choose_targets(g, fname, p, list, given, source, self_obj, afford)
    list = list or NONE
    local last = list[#list]
    if type(last) == "table" and last.count ~= nil then
      local k = counted(last, self_obj and self_obj.x)
      if given == nil then
        local out = {}
        for i = 1, #list - 1 do
          out[i] = choose_targets(g, fname, p, { list[i] }, nil, source, self_obj)[1]
        end
        if k == 0 then return out end
        return choose_counted(g, fname, p, list, out, source, self_obj, k)
      end
      local lo, hi = #list - 1 + (k or 1), #list - 1 + (k or math.huge)
      if type(given) == "table" and (#given < lo or #given > hi) then
        fail(fname, 4, string.format("%s needs %s target(s), got %d (413)", tostring(source),
          lo == hi and tostring(lo) or hi == math.huge and ("at least " .. lo) or (lo .. " to " .. hi),
          #given), 4)
      end
    end
    local many = type(last) == "table" and (last.max ~= nil or last.count ~= nil)
    if given ~= nil then
      if type(given) ~= "table" then fail(fname, 4, "targets must be a list, got " .. describe(given), 4) end
      if not many and #given ~= #list then
        fail(fname, 4, string.format("%s needs %d target(s), got %d (413)", tostring(source), #list, #given), 4)
      elseif many and last.max and (#given < #list or #given > #list - 1 + last.max) then
        local hi = last.max == math.huge and ("at least %d"):format(#list)
          or ("%d to %d"):format(#list, #list - 1 + last.max)
        fail(fname, 4, string.format("%s needs %s target(s), got %d (413)", tostring(source), hi, #given), 4)
      end
      for i = 1, #given do
        local spec = spec_at(list, i)
        if not legal(g, spec, given[i], source, self_obj) then
          local what = type(spec) == "table" and spec.what or spec
          fail(fname, 4, string.format("target %d (%s) is not a legal %s for %s (413)", i,
            describe(given[i]), what, tostring(source)), 4)
        end
      end
      local dup = many and twice(given, #list)
      if dup then
        fail(fname, 4, string.format("target %d (%s) is chosen twice for one \"target\" (409.1c)", dup,
          describe(given[dup])), 4)
      end
      return given
    end
    if #list == 0 then return NONE end
    local out = {}
    for i = 1, many and #list - 1 or #list do
      local options = candidates(g, list[i], source, self_obj)
      if #options == 0 then
        local what = type(list[i]) == "table" and list[i].what or list[i]
        fail(fname, 4, string.format("%s has no legal target for target %d (%s) (413)", tostring(source), i, what), 4)
      end
      out[i] = arbiter._ask_choose(g, p, "target", options, { source = source, index = i, spec = list[i] })
    end
    if many then choose_many(g, fname, p, list, out, source, self_obj, afford) end
    return out
  end

  -- the cost of a spell with `targets` chosen: its own, plus a max entry's extra_cost for each
  -- target beyond the first of that entry (409.1e: the total cost)
  local function cost_with_extra(cost, list, extra)
    local last = list and list[#list]
    if type(last) ~= "table" or not last.extra_cost or extra <= 0 then return cost end
    return assert(parse(cost.text .. string.rep(parse(last.extra_cost).text, extra)))
  end
  function arbiter._cost_with_targets(cost, list, targets)
    return cost_with_extra(cost, list, list and #targets - #list or 0)
  end

  -- For a spell whose last target entry has an extra_cost: afford(k), whether p's pool and
  -- mana abilities could pay its cost (with x) and k more targets; nil for any other spell.
  function arbiter._extra_targets_affordable(g, p, cost, list, x)
    local last = list and list[#list]
    if type(last) ~= "table" or not last.extra_cost then return nil end
    local avail = arbiter._available(g, p)
    return function(k) return arbiter._affordable(cost_with_extra(cost, list, k), avail, x) end
  end

  -- Re-checks targets on resolution (413): false for each illegal one; true when the object
  -- had targets and all are illegal now (it is countered).
  local function recheck(g, obj, list, source)
    local ts = obj.targets
    if not list or #ts == 0 then return false end
    local any = false
    for i = 1, #ts do
      local spec = spec_at(list, i)
      if ts[i] and spec and legal(g, spec, ts[i], source, obj) then any = true else ts[i] = false end
    end
    return not any
  end
  arbiter._recheck_targets = recheck
  arbiter._choose_targets = choose_targets
end
