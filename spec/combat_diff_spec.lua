-- Differential spec of legal attacks and blocks (500.2-500.5, text 004; evasion 501, 502.4,
-- 502.6; protection 502.7f): random small boards built through the public API, every vocabulary item, judged
-- against a brute force written here from the rules text. The brute force knows nothing of
-- the solver: it reads the abilities the generator put on each card, enumerates every
-- declaration, checks each restriction itself and re-scores every declaration's requirements
-- (with multiplicity: each Lure instance per potential blocker, each "blocks/attacks each
-- combat if able" instance, each "must be blocked if able" instance; tapped creatures and
-- creatures whose cost is unpaid are exempt, 500.2-500.3).
-- Compared per board: the maximum, the set of legal declarations (g:legal_*), verdicts of
-- g:check_* on sampled declarations (legal and illegal), the witness and nearest_legal_*.
-- ARBITER_COMBAT_BOARDS sets the number of boards of each kind (default 300 + 300; `make
-- combat-soak` runs 10,000 block boards and 10,000 attack boards); ARBITER_COMBAT_SEED the seed.
local arbiter = require("arbiter")
local compat = require("arbiter.compat")

local NBOARDS = tonumber(os.getenv("ARBITER_COMBAT_BOARDS") or "") or 300
local SEED = tonumber(os.getenv("ARBITER_COMBAT_SEED") or "") or 20261122

local MENACE = "can't be blocked except by two or more creatures"
local MAXONE = "can't be blocked by more than one creature"
local THREE = "can't be blocked except by three or more creatures"
local AS_SHADOW = "can block as though it had shadow"
local ONLY_SHADOW = "can block only creatures with shadow"
local EACH = "blocks each attacking creature if able"

local function rng(seed)     -- 0 .. n-1, the same numbers on every Lua
  local r = require("arbiter.agents").rng(seed)
  return function(n) return r(n) - 1 end
end

local function count(list, s)
  local n = 0
  for _, x in ipairs(list) do if x == s then n = n + 1 end end
  return n
end

local function add(t, s, k) for _ = 1, k do t[#t + 1] = s end end

-- ---------------------------------------------------------------- random creatures

-- A creature description: abilities (with the odd older wording / capitalisation), colors,
-- types, power, tapped, a Lua predicate. The brute force reads only this.
local function rand_attacker(r)
  local ab = {}
  add(ab, r(2) == 0 and "lure" or "Lure", r(3) == 0 and r(2) + 1 or 0)
  if r(4) == 0 then ab[#ab + 1] = MENACE end
  if r(9) == 0 then ab[#ab + 1] = THREE end
  if r(6) == 0 then ab[#ab + 1] = MAXONE end
  if r(5) == 0 then ab[#ab + 1] = "flying" end
  if r(12) == 0 then ab[#ab + 1] = "shadow" end
  if r(10) == 0 then ab[#ab + 1] = "fear" end
  if r(12) == 0 then ab[#ab + 1] = "horsemanship" end
  if r(10) == 0 then ab[#ab + 1] = "islandwalk" end
  if r(14) == 0 then ab[#ab + 1] = "nonbasic landwalk" end
  if r(20) == 0 then ab[#ab + 1] = "can't be blocked" end
  add(ab, "must be blocked if able", r(4) == 0 and r(2) + 1 or 0)
  local d = { abilities = ab, power = 1 + r(4) }
  if r(10) == 0 then d.pred = "small_blockers_only" end   -- can_be_blocked_by: power <= 2
  if d.power == 3 and #ab % 3 == 0 then ab[#ab + 1] = "protection from black" end   -- no draw: same boards
  if d.power == 2 and #ab % 4 == 1 then ab[#ab + 1] = "protection from artifacts" end
  return d
end

local function rand_blocker(r)
  local ab = {}
  if r(5) == 0 then ab[#ab + 1] = "flying" end
  if r(5) == 0 then ab[#ab + 1] = "reach" end
  if r(14) == 0 then ab[#ab + 1] = "shadow" end
  if r(12) == 0 then ab[#ab + 1] = "horsemanship" end
  add(ab, "can block an additional creature", r(5) == 0 and r(2) + 1 or 0)
  if r(10) == 0 then ab[#ab + 1] = "can block any number of creatures" end
  if r(6) == 0 then ab[#ab + 1] = "can't block alone" end
  add(ab, r(2) == 0 and "blocks each combat if able" or "blocks each turn if able", r(4) == 0 and r(2) + 1 or 0)
  if r(14) == 0 then ab[#ab + 1] = "can't block" end
  if r(14) == 0 then ab[#ab + 1] = "can block only creatures with flying" end
  if r(10) == 0 then ab[#ab + 1] = AS_SHADOW end
  if r(14) == 0 then ab[#ab + 1] = ONLY_SHADOW end
  local d = { abilities = ab, power = 1 + r(4), tapped = r(10) == 0 }
  if r(8) == 0 then d.okk = true end   -- block_condition: a creature with greater power blocks too
  if r(6) == 0 then d.colors = { "black" } end
  if r(10) == 0 then d.artifact = true end
  if r(10) == 0 then d.pred = "no_big_attackers" end     -- can_block: attacker power <= 2
  return d
end

local PRED = {
  small_blockers_only = { can_be_blocked_by = function(_, _, b) return b.power <= 2 end },
  no_big_attackers = { can_block = function(_, _, a) return a.power <= 2 end },
}

-- Okk (500.1, a declaration-wide restriction): "can't block unless a creature with greater
-- power also blocks"
local function OKK(self, _, blocks)
  for b in pairs(blocks) do if b ~= self and b.power > self.power then return true end end
  return false
end

local function ALLIN(self, _, blocks)
  for _, as in pairs(blocks) do
    local found = false
    for _, a in ipairs(as) do if a == self then found = true end end
    if not found then return false end
  end
  return true
end

local n_made = 0
local function make(g, p, d, zone_opts)
  n_made = n_made + 1
  local spec = { name = "R" .. n_made, types = d.artifact and { "Artifact", "Creature" } or { "Creature" },
    power = d.power, toughness = 3, abilities = d.abilities, colors = d.colors }
  for k, f in pairs(PRED[d.pred] or {}) do spec[k] = f end
  if d.okk then spec.block_condition = OKK end
  if d.need then   -- "can't attack unless <need> other creatures attack" (500.1)
    local need = d.need
    spec.attack_condition = function(attackers) return #attackers - 1 >= need end
  end
  -- "can't be blocked unless every blocking creature blocks it" (a declaration-wide condition)
  if d.allin then spec.blocked_condition = ALLIN end
  local o = { owner = p, zone = "battlefield", sick = d.sick }
  for k, v in pairs(zone_opts or {}) do o[k] = v end
  local c = g:create(arbiter.card(spec), o)
  if d.tapped then c:tap() end
  d.card = c
  return c
end

-- ---------------------------------------------------------------- brute force: blocks

-- Can creature b (description) block attacker a, both on the battlefield? (501, 502.4, 502.6)
local function can_block(a, b, lands_of, unpaid)
  local A, Bb = a.abilities, b.abilities
  local function has(list, s) return count(list, s) > 0 end
  if b.tapped or unpaid[b] or has(Bb, "can't block") then return false end
  if a.defender ~= b.controller then return false end                 -- blocks only its attackers
  if has(A, "can't be blocked") then return false end
  if has(A, "flying") and not (has(Bb, "flying") or has(Bb, "reach")) then return false end
  if has(A, "shadow") and not (has(Bb, "shadow") or has(Bb, AS_SHADOW)) then return false end
  if has(Bb, "shadow") and not has(A, "shadow") then return false end  -- shadow blocks only shadow
  if has(Bb, ONLY_SHADOW) and not has(A, "shadow") then return false end
  if has(A, "fear") and not (b.artifact or (b.colors and b.colors[1] == "black")) then return false end
  if has(A, "protection from black") and b.colors and b.colors[1] == "black" then return false end  -- 502.7f
  if has(A, "protection from artifacts") and b.artifact then return false end
  if has(A, "horsemanship") and not has(Bb, "horsemanship") then return false end
  if has(Bb, "can block only creatures with flying") and not has(A, "flying") then return false end
  local lands = lands_of[a.defender] or {}
  if has(A, "islandwalk") and lands.island then return false end      -- the defender's lands only
  if has(A, "nonbasic landwalk") and lands.nonbasic then return false end
  if a.pred == "small_blockers_only" and b.power > 2 then return false end
  if b.pred == "no_big_attackers" and a.power > 2 then return false end
  return true
end

local function lure_count(a)
  local n = 0
  for _, x in ipairs(a.abilities) do if x:lower() == "lure" then n = n + 1 end end
  return n
end

local function capacity(b)
  if count(b.abilities, "can block any number of creatures") > 0 then return math.huge end
  return 1 + count(b.abilities, "can block an additional creature")
end

local function bif(b)
  return count(b.abilities, "blocks each combat if able") + count(b.abilities, "blocks each turn if able")
end

-- The attackers of unit u: a band's members (B.units, banded boards: 502.10b), else attacker u.
local function members_of(B, u) return B.units and B.units[u] or { u } end

-- decl: per blocker index, an array of attacker indices (banded boards: of units, a band or a
-- creature alone). Returns obeys_restrictions, score. A blocker may block a band when it may
-- block one of its members (502.10e and its example); then it blocks every member, so each
-- member's blocker count is its band's, and each member's Lure, "must be blocked" and provoke
-- requirement is obeyed by a block of its band, instance by instance (docs/RULES.md, banding).
local function judge_block(B, decl)
  local blocking, per_attacker, per_defender = 0, {}, {}
  for i = 1, #B.atk do per_attacker[i] = 0 end
  for j, list in ipairs(decl) do
    local b = B.blk[j]
    if #list > 0 then
      blocking = blocking + 1
      per_defender[b.controller] = (per_defender[b.controller] or 0) + 1
    end
    if #list > capacity(b) then return false end
    for _, u in ipairs(list) do
      local able = false
      for _, i in ipairs(members_of(B, u)) do able = able or B.elig[j][i] end
      if not able then return false end
      for _, i in ipairs(members_of(B, u)) do per_attacker[i] = per_attacker[i] + 1 end
    end
  end
  for i, a in ipairs(B.atk) do
    local k = per_attacker[i]
    local least = count(a.abilities, THREE) > 0 and 3 or count(a.abilities, MENACE) > 0 and 2 or 1
    if k > 0 and k < least then return false end
    if k > 1 and count(a.abilities, MAXONE) > 0 then return false end
  end
  for j, list in ipairs(decl) do   -- "can't block alone": its defending player's blockers (500.3)
    local b = B.blk[j]
    if #list > 0 and per_defender[b.controller] < 2 and count(b.abilities, "can't block alone") > 0 then
      return false
    end
  end
  -- the whole-game limit counts per defending player (contract: multiplayer)
  for _, n in pairs(per_defender) do if B.block_limit and n > 1 then return false end end
  for i, a in ipairs(B.atk) do     -- blocked_condition: every blocking creature blocks it
    if a.allin and per_attacker[i] > 0 then
      for _, list in ipairs(decl) do
        local found = #list == 0
        for _, u in ipairs(list) do
          for _, k in ipairs(members_of(B, u)) do if k == i then found = true end end
        end
        if not found then return false end
      end
    end
  end
  for j, list in ipairs(decl) do   -- Okk: another blocker with greater power blocks too
    if #list > 0 and B.blk[j].okk then
      local fine = false
      for k, l2 in ipairs(decl) do
        if k ~= j and #l2 > 0 and B.blk[k].power > B.blk[j].power then fine = true end
      end
      if not fine then return false end
    end
  end
  -- requirements obeyed (500.3): exempt creatures' requirements don't count
  local score = 0
  for j, list in ipairs(decl) do
    local b = B.blk[j]
    if not (b.tapped or B.unpaid[b]) then
      if #list > 0 then score = score + bif(b) end
      for _, u in ipairs(list) do   -- Lure, and "blocks each attacking creature" per member
        for _, i in ipairs(members_of(B, u)) do score = score + lure_count(B.atk[i]) + count(b.abilities, EACH) end
      end
    end
  end
  for i, a in ipairs(B.atk) do
    if per_attacker[i] > 0 then score = score + count(a.abilities, "must be blocked if able") end
  end
  for _, q in ipairs(B.provoke) do   -- g:require_block(blocker, attacker): that blocker blocks it
    local b = B.blk[q[1]]
    if not (b.tapped or B.unpaid[b]) then
      for _, u in ipairs(decl[q[1]]) do
        for _, i in ipairs(members_of(B, u)) do if i == q[2] then score = score + 1 end end
      end
    end
  end
  return true, score
end

-- Every declaration: each blocker blocks any subset of the attackers.
local function each_block_decl(na, nb, fn)
  local decl, nsub = {}, compat.shl(1, na)
  local function rec(j)
    if j > nb then return fn(decl) end
    for mask = 0, nsub - 1 do
      local list = {}
      for i = 1, na do if compat.bit(mask, i - 1) then list[#list + 1] = i end end
      decl[j] = list
      rec(j + 1)
    end
  end
  rec(1)
end

local function block_key(B, decl)
  local parts = {}
  for j, list in ipairs(decl) do
    if #list > 0 then
      local ids = {}
      for _, u in ipairs(list) do
        for _, i in ipairs(members_of(B, u)) do ids[#ids + 1] = B.atk[i].card.id end
      end
      table.sort(ids)
      parts[#parts + 1] = B.blk[j].card.id .. ":" .. table.concat(ids, ",")
    end
  end
  table.sort(parts)
  return table.concat(parts, ";")
end

-- The API's declaration forms -> the same key.
local function api_block_key(t)
  local parts = {}
  for b, v in pairs(t) do
    local list = type(v) == "table" and v or { v }
    local ids = {}
    for k, a in ipairs(list) do ids[k] = a.id end
    table.sort(ids)
    parts[#parts + 1] = b.id .. ":" .. table.concat(ids, ",")
  end
  table.sort(parts)
  return table.concat(parts, ";")
end

-- a band named by its last member (naming any member blocks the band: 502.10e)
local function to_api_blocks(B, decl)
  local t = {}
  for j, list in ipairs(decl) do
    if #list > 0 then
      local as = {}
      for k, u in ipairs(list) do local m = members_of(B, u); as[k] = B.atk[m[#m]].card end
      t[B.blk[j].card] = as
    end
  end
  return t
end

-- Banded boards (502.10b): attackers with banding now and then, organized into bands of the same
-- defender, at most one member without banding each (the draws are only made when banded).
local function make_units(r, B)
  local units, unit_of = {}, {}
  for i, a in ipairs(B.atk) do
    local joined
    if r(3) > 0 then
      for u, list in ipairs(units) do
        local first, plain = B.atk[list[1]], 0
        for _, k in ipairs(list) do if count(B.atk[k].abilities, "banding") == 0 then plain = plain + 1 end end
        if not joined and first.defender == a.defender and (plain == 0 or count(a.abilities, "banding") > 0) then
          list[#list + 1] = i; joined = u
        end
      end
    end
    if not joined then units[#units + 1] = { i }; joined = #units end
    unit_of[i], a.unit = joined, joined
  end
  local bands = {}
  for _, list in ipairs(units) do
    local band = {}
    for k, i in ipairs(list) do band[k] = B.atk[i].card end
    local banded = 0
    for _, i in ipairs(list) do if count(B.atk[i].abilities, "banding") > 0 then banded = banded + 1 end end
    if #list > 1 then assert(banded >= #list - 1); bands[#bands + 1] = band end
  end
  B.units, B.unit_of = units, unit_of
  return bands
end

local function block_board(r, banded, multi)   -- multi: three players, mostly the block limit
  local three = multi or r(5) == 0
  local g = arbiter.new_game{ players = three and { "Ann", "Bob", "Cy" } or { "Ann", "Bob" }, seed = r(1000) }
  local ann = g.players[1]
  local defs = three and { g.players[2], g.players[3] } or { g.players[2] }
  local B = { g = g, atk = {}, blk = {}, unpaid = {}, lands_of = {} }
  local na = (banded or multi) and 2 + r(multi and 2 or 3) or 1 + r(3)
  local nb = multi and 2 + r(3) or banded and 1 + r(3) or 1 + r(na == 3 and 3 or 4)
  -- multi: each defending player is attacked and has a blocker
  local function side(k) return multi and defs[1 + k % 2] or defs[1 + r(#defs)] end
  for _, p in ipairs(defs) do
    local lands = {}
    if r(3) == 0 then
      g:create(arbiter.card{ name = "Island", types = { "Land" }, subtypes = { "Island" }, supertypes = { "Basic" } },
        { owner = p, zone = "battlefield" })
      lands.island = true
    end
    if r(4) == 0 then
      g:create(arbiter.card{ name = "Desert", types = { "Land" }, subtypes = { "Desert" } }, { owner = p, zone = "battlefield" })
      lands.nonbasic = true
    end
    B.lands_of[p] = lands
  end
  local decl = {}
  for i = 1, na do
    local a = rand_attacker(r)
    if banded and r(3) > 0 then a.abilities[#a.abilities + 1] = "banding" end
    if banded and r(8) == 0 then a.allin = true end
    a.defender = side(i)
    make(g, ann, a)
    B.atk[i] = a
    decl[a.card] = a.defender
  end
  for j = 1, nb do
    local b = rand_blocker(r)
    if banded and r(8) == 0 then b.abilities[#b.abilities + 1] = EACH end
    b.controller = side(j)
    make(g, b.controller, b)
    B.blk[j] = b
  end
  if (multi and r(3) > 0) or (not multi and r(8) == 0) then   -- Silent Arbiter's blocking half, on either side (a whole-game limit)
    g:create(arbiter.card{ name = "Arbiter", types = { "Artifact" }, abilities = { "no more than one creature can block each combat" } },
      { owner = r(2) == 0 and ann or defs[1], zone = "battlefield" })
    B.block_limit = true
  end
  B.opts = {}
  if r(6) == 0 then   -- a block cost (500.3) on some blockers; some of them paid
    local costly, pay = {}, {}
    for _, b in ipairs(B.blk) do
      if r(2) == 0 then
        costly[b.card] = true
        if r(2) == 0 then pay[#pay + 1] = b.card else B.unpaid[b] = true end
      end
    end
    g:add_combat_cost{ kind = "block", name = "Toll", applies = function(_, c) return costly[c] == true end }
    B.opts.pay = pay
  end
  g:declare_attackers(decl, banded and { bands = make_units(r, B) } or nil)
  B.provoke = {}
  while r(4) == 0 do   -- provoke-style requirements tied to one attacker (each counts once)
    local q = { 1 + r(nb), 1 + r(na) }
    B.provoke[#B.provoke + 1] = q
    g:require_block(B.blk[q[1]].card, B.atk[q[2]].card)
  end
  B.elig = {}
  for j, b in ipairs(B.blk) do
    B.elig[j] = {}
    for i, a in ipairs(B.atk) do B.elig[j][i] = can_block(a, b, B.lands_of, B.unpaid) end
  end
  return B
end

-- ---------------------------------------------------------------- brute force: attacks

local function rand_attacking_creature(r)
  local ab = {}
  add(ab, r(2) == 0 and "attacks each combat if able" or "attacks each turn if able", r(3) == 0 and r(2) + 1 or 0)
  if r(5) == 0 then ab[#ab + 1] = "can't attack alone" end
  if r(12) == 0 then ab[#ab + 1] = "can't attack" end
  if r(12) == 0 then ab[#ab + 1] = "defender" end
  if r(6) == 0 then ab[#ab + 1] = "haste" end
  local d = { abilities = ab, power = 1 + r(4), tapped = r(8) == 0, sick = r(6) == 0 }
  if r(10) == 0 then d.pred = "not_first_defender" end
  return d
end

PRED.not_first_defender = { can_attack = function(_, g, p) return p ~= g.players[2] end }

local function attack_board(r, conditioned)
  local three = r(4) == 0
  local g = arbiter.new_game{ players = three and { "Ann", "Bob", "Cy" } or { "Ann", "Bob" }, seed = r(1000) }
  local ann = g.players[1]
  local A = { g = g, cr = {}, defs = three and { g.players[2], g.players[3] } or { g.players[2] }, unpaid = {} }
  local n = 1 + r(three and 3 or 4)
  for i = 1, n do
    local d = rand_attacking_creature(r)
    if conditioned and r(3) == 0 then d.need = 1 + r(2) end
    make(g, ann, d)
    A.cr[i] = d
  end
  if r(7) == 0 then
    g:create(arbiter.card{ name = "Arbiter", types = { "Artifact" },
      abilities = { r(2) == 0 and "no more than one creature can attack each combat" or "no more than one creature can attack each turn" } },
      { owner = r(2) == 0 and ann or g.players[2], zone = "battlefield" })
    A.limit = true
  end
  A.opts = {}
  if r(5) == 0 then   -- an attack cost (Propaganda, 500.2)
    local costly, pay = {}, {}
    for _, d in ipairs(A.cr) do
      if r(2) == 0 then
        costly[d.card] = true
        if r(2) == 0 then pay[#pay + 1] = d.card else A.unpaid[d] = true end
      end
    end
    g:add_combat_cost{ kind = "attack", name = "Propaganda", applies = function(_, c) return costly[c] == true end }
    A.opts.pay = pay
  end
  A.req = {}
  while r(4) == 0 do   -- "attacks <player> each combat if able" (g:require_attack)
    local q = { 1 + r(n), 1 + r(#A.defs) }
    A.req[#A.req + 1] = q
    g:require_attack(A.cr[q[1]].card, A.defs[q[2]])
  end
  return A
end

local function can_attack(A, d, p)
  local ab = d.abilities
  if d.tapped or A.unpaid[d] then return false end
  if d.sick and count(ab, "haste") == 0 then return false end
  if count(ab, "defender") > 0 or count(ab, "can't attack") > 0 then return false end
  if d.pred == "not_first_defender" and p == A.g.players[2] then return false end
  return true
end

local function aif(d) return count(d.abilities, "attacks each combat if able") + count(d.abilities, "attacks each turn if able") end

-- decl: per creature a defender index or 0.
local function judge_attack(A, decl)
  local attacking, score = 0, 0
  for i, k in ipairs(decl) do
    if k > 0 then
      if not can_attack(A, A.cr[i], A.defs[k]) then return false end
      attacking = attacking + 1
    end
  end
  for i, k in ipairs(decl) do
    if k > 0 and attacking < 2 and count(A.cr[i].abilities, "can't attack alone") > 0 then return false end
    if k > 0 and A.cr[i].need and attacking - 1 < A.cr[i].need then return false end
  end
  if A.limit and attacking > 1 then return false end
  for i, k in ipairs(decl) do
    local d = A.cr[i]
    if k > 0 and not (d.tapped or A.unpaid[d]) then score = score + aif(d) end
  end
  for _, q in ipairs(A.req) do
    local d = A.cr[q[1]]
    if decl[q[1]] == q[2] and not (d.tapped or A.unpaid[d]) then score = score + 1 end
  end
  return true, score
end

local function each_attack_decl(A, fn)
  local decl, n = {}, #A.cr
  local function rec(i)
    if i > n then return fn(decl) end
    for k = 0, #A.defs do decl[i] = k; rec(i + 1) end
  end
  rec(1)
end

local function attack_key(A, decl)
  local parts = {}
  for i, k in ipairs(decl) do
    if k > 0 then parts[#parts + 1] = A.cr[i].card.id .. ">" .. A.defs[k].name end
  end
  table.sort(parts)
  return table.concat(parts, ";")
end

local function api_attack_key(A, t)
  local parts = {}
  for k, v in pairs(t) do
    if compat.isint(k) then parts[#parts + 1] = v.id .. ">" .. A.defs[1].name
    else parts[#parts + 1] = k.id .. ">" .. v.name end
  end
  table.sort(parts)
  return table.concat(parts, ";")
end

local function to_api_attack(A, decl)
  local t = {}
  for i, k in ipairs(decl) do if k > 0 then t[A.cr[i].card] = A.defs[k] end end
  return t
end

-- ---------------------------------------------------------------- the comparison

local function describe_board(list, key)
  local out = {}
  for _, d in ipairs(list) do
    out[#out + 1] = string.format("#%d[%s%s%s%s]", d.card.id, table.concat(d.abilities, ","),
      d.tapped and ",TAPPED" or "", d.sick and ",SICK" or "", d.pred and ("," .. d.pred) or "")
    if key then out[#out] = out[#out] .. "->" .. tostring(d[key]) end
  end
  return table.concat(out, " ")
end

-- Returns nil, or a message describing the first disagreement.
-- issue 28: nearest_legal_*'s answer against the brute force: its changes are the rows it
-- changes, never fewer than the exact nearest distance (and equal when proved), and its fourth
-- result, a lower bound on the distance, is never above the exact distance (0 exactly when the
-- proposal is legal)
local function check_near(what, e, all, legal_decl, key, dist, near, changes, proved, bound)
  local nd = legal_decl[key(near)]
  if not nd then return what .. " is not legal" end
  if dist(nd, e.decl) ~= changes then
    return string.format("%s: %d changes claimed, %d made", what, changes, dist(nd, e.decl))
  end
  local exact = math.huge
  for _, l in ipairs(all) do if l.legal then exact = math.min(exact, dist(l.decl, e.decl)) end end
  if changes < exact or (proved and changes ~= exact) then
    return string.format("%s: %d changes (proved %s), the nearest is %d away", what, changes, tostring(proved), exact)
  end
  if type(bound) ~= "number" or bound > exact or (proved and bound ~= changes)
    or (e.legal and bound ~= 0) or (not e.legal and bound < 1) then
    return string.format("%s: bound %s, the nearest %d away (proved %s, legal %s)", what, tostring(bound), exact,
      tostring(proved), tostring(e.legal))
  end
  return nil
end

local function block_dist(x, y)
  local n = 0
  for j = 1, #x do
    if table.concat(x[j], ",") ~= table.concat(y[j], ",") then n = n + 1 end
  end
  return n
end

local function attack_dist(x, y)
  local n = 0
  for i = 1, #x do if x[i] ~= y[i] then n = n + 1 end end
  return n
end

local function compare_blocks(B, r)
  local g = B.g
  local legal, best, all = {}, -1, {}
  each_block_decl(B.units and #B.units or #B.atk, #B.blk, function(decl)
    local ok, score = judge_block(B, decl)
    local copy = {}
    for j, l in ipairs(decl) do copy[j] = l end
    all[#all + 1] = { decl = copy, ok = ok, score = score }
    if ok and score > best then best = score end
  end)
  local legal_decl = {}
  for _, e in ipairs(all) do
    e.legal = e.ok and e.score == best
    if e.legal then legal[block_key(B, e.decl)] = true; legal_decl[block_key(B, e.decl)] = e.decl end
  end
  local max, info = g:max_block_requirements(B.opts)
  if max ~= best then return string.format("max: solver %s (%s), brute %d", tostring(max), info.layer, best) end
  local list, exact = g:legal_blocks(B.opts)
  if not exact then return "legal_blocks not exact" end
  local seen = {}
  for _, t in ipairs(list) do
    local k = api_block_key(t)
    if not legal[k] then return "legal_blocks lists an illegal declaration: " .. k end
    seen[k] = true
  end
  for k in pairs(legal) do if not seen[k] then return "legal_blocks misses " .. k end end
  if not legal[api_block_key(info.witness)] then return "witness is not legal" end
  -- verdicts: a few sampled declarations, legal and not (every one is scored above)
  for _ = 1, 4 do
    local e = all[1 + r(#all)]
    local ok, msg = g:check_block(to_api_blocks(B, e.decl), B.opts)
    if ok ~= e.legal then
      return string.format("check_block %s: solver %s (%s), brute %s (restrictions %s, score %s of %d)",
        block_key(B, e.decl), tostring(ok), tostring(msg), tostring(e.legal), tostring(e.ok), tostring(e.score), best)
    end
    if not ok and e.ok and not msg:find("500.4", 1, true) then return "message lacks 500.4: " .. msg end
    local near, changes, proved, bound = g:nearest_legal_block(to_api_blocks(B, e.decl), B.opts)
    local err = check_near("nearest_legal_block for " .. block_key(B, e.decl), e, all, legal_decl, api_block_key,
      block_dist, near, changes, proved, bound)
    if err then return err end
  end
  return nil
end

local function compare_attacks(A, r)
  local g = A.g
  local legal, best, all = {}, -1, {}
  each_attack_decl(A, function(decl)
    local ok, score = judge_attack(A, decl)
    local copy = {}
    for i, k in ipairs(decl) do copy[i] = k end
    all[#all + 1] = { decl = copy, ok = ok, score = score }
    if ok and score > best then best = score end
  end)
  local legal_decl = {}
  for _, e in ipairs(all) do
    e.legal = e.ok and e.score == best
    if e.legal then legal[attack_key(A, e.decl)] = true; legal_decl[attack_key(A, e.decl)] = e.decl end
  end
  local max, info = g:max_attack_requirements(A.opts)
  if max ~= best then return string.format("max: solver %s (%s), brute %d", tostring(max), info.layer, best) end
  local list, exact = g:legal_attacks(A.opts)
  if not exact then return "legal_attacks not exact" end
  local seen = {}
  for _, t in ipairs(list) do
    local k = api_attack_key(A, t)
    if not legal[k] then return "legal_attacks lists an illegal declaration: " .. k end
    seen[k] = true
  end
  for k in pairs(legal) do if not seen[k] then return "legal_attacks misses " .. k end end
  if not legal[api_attack_key(A, info.witness)] then return "witness is not legal" end
  for _ = 1, 4 do
    local e = all[1 + r(#all)]
    local ok, msg = g:check_attack(to_api_attack(A, e.decl), A.opts)
    if ok ~= e.legal then
      return string.format("check_attack %s: solver %s (%s), brute %s (score %s of %d)",
        attack_key(A, e.decl), tostring(ok), tostring(msg), tostring(e.legal), tostring(e.score), best)
    end
    local near, changes, proved, bound = g:nearest_legal_attack(to_api_attack(A, e.decl), A.opts)
    local err = check_near("nearest_legal_attack for " .. attack_key(A, e.decl), e, all, legal_decl,
      function(t) return api_attack_key(A, t) end, attack_dist, near, changes, proved, bound)
    if err then return err end
  end
  return nil
end

describe("500.2-500.5 differential: the solver against a brute force over random boards", function()
  it(string.format("blocks: %d random boards agree (max, legal set, verdicts, witness, nearest)", NBOARDS), function()
    local r = rng(SEED)
    local bad, hard = nil, 0
    for k = 1, NBOARDS do
      local B = block_board(r)
      local err = compare_blocks(B, r)
      if err then
        bad = string.format("board %d (seed %d): %s\n  attackers %s\n  blockers %s%s", k, SEED, err,
          describe_board(B.atk), describe_board(B.blk), B.block_limit and "\n  + block limit" or "")
        break
      end
      if B.g:max_block_requirements(B.opts) > 0 then hard = hard + 1 end
    end
    assert.is_nil(bad)
    assert.is_true(hard > NBOARDS / 4)   -- the boards do carry requirements
  end)

  it(string.format("blocks, multiplayer (500.3): %d random boards with \"no more than one creature can block "
    .. "each combat\" and \"can't block alone\" counted per defending player agree", NBOARDS), function()
    local r = rng(SEED + 7)
    local bad, two = nil, 0
    for k = 1, NBOARDS do
      local B = block_board(r, false, true)
      local err = compare_blocks(B, r)
      if err then
        bad = string.format("board %d (seed %d): %s\n  attackers %s\n  blockers %s", k, SEED + 7, err,
          describe_board(B.atk), describe_board(B.blk))
        break
      end
      local split = false   -- a declaration obeying every restriction blocks for both defenders
      each_block_decl(#B.atk, #B.blk, function(decl)
        local by = {}
        for j, l in ipairs(decl) do if #l > 0 then by[B.blk[j].controller] = true end end
        if (judge_block(B, decl)) and next(by) and next(by, next(by)) then split = true end
      end)
      if split then two = two + 1 end
    end
    assert.is_nil(bad)
    assert.is_true(two >= NBOARDS / 20)   -- boards where the count per player matters
  end)

  it(string.format("attacks: %d random boards agree (max, legal set, verdicts, witness, nearest)", NBOARDS), function()
    local r = rng(SEED + 1)
    local bad, hard = nil, 0
    for k = 1, NBOARDS do
      local A = attack_board(r)
      local err = compare_attacks(A, r)
      if err then
        bad = string.format("board %d (seed %d): %s\n  creatures %s%s", k, SEED + 1, err, describe_board(A.cr),
          A.limit and "\n  + attack limit" or "")
        break
      end
      if A.g:max_attack_requirements(A.opts) > 0 then hard = hard + 1 end
    end
    assert.is_nil(bad)
    assert.is_true(hard > NBOARDS / 5)
  end)
end)

describe("500.1 differential: attack conditions (attack_condition), the solver against the brute force", function()
  it(string.format("attacks with \"can't attack unless N other creatures attack\": %d random boards agree", NBOARDS),
    function()
    local r = rng(SEED + 11)
    local bad, conds = nil, 0
    for k = 1, NBOARDS do
      local A = attack_board(r, true)
      local err = compare_attacks(A, r)
      if err then
        bad = string.format("board %d (seed %d): %s\n  creatures %s%s", k, SEED + 11, err, describe_board(A.cr, "need"),
          A.limit and "\n  + attack limit" or "")
        break
      end
      for _, d in ipairs(A.cr) do if d.need then conds = conds + 1; break end end
    end
    assert.is_nil(bad)
    assert.is_true(conds > NBOARDS / 4)   -- the boards do carry conditions
  end)
end)

describe("502.10 differential: bands, the solver against the brute force over random boards", function()
  it(string.format("blocks of banded attackers: %d random boards agree (max, legal set, verdicts, witness, nearest)",
    NBOARDS), function()
    local r = rng(SEED + 10)
    local bad, hard, bands = nil, 0, 0
    for k = 1, NBOARDS do
      local B = block_board(r, true)
      local err = compare_blocks(B, r)
      if err then
        bad = string.format("board %d (seed %d): %s\n  attackers %s\n  blockers %s%s", k, SEED + 10, err,
          describe_board(B.atk, "unit"), describe_board(B.blk), B.block_limit and "\n  + block limit" or "")
        break
      end
      if B.g:max_block_requirements(B.opts) > 0 then hard = hard + 1 end
      if #B.units < #B.atk then bands = bands + 1 end
    end
    assert.is_nil(bad)
    assert.is_true(hard > NBOARDS / 4)
    assert.is_true(bands > NBOARDS / 2)   -- most boards do have a band
  end)
end)

-- ---------------------------------------------------------------- at scale (issue 18.5)
-- Boards of 30-60 creatures per side, too big for the brute force, judged against an exact
-- reference written here: the block problem as a 0/1 program -- x[b][a] = 1 when blocker b
-- blocks attacker a; restrictions: x[b][a] <= eligible, sum_a x[b][a] <= capacity(b),
-- sum_b x[b][a] in {0} u [least(a), most(a)], blocking creatures <= limit, a blocker that can't
-- block alone not the only one; objective: the weighted requirements -- solved by a small
-- depth-first branch and bound of its own (blockers in order, every subset of a blocker's
-- few eligible attackers; bound: the score so far plus each remaining blocker's best alone
-- plus the must-be-blocked weights still reachable). It shares nothing with the solver.
-- Eligibility is sparse (each blocker may block 1 or 2 attackers, by a can_block predicate),
-- so the graph falls into small components and the reference finishes. ARBITER_COMBAT_SCALE sets the number of boards (default 3; `make
-- combat-soak` runs thousands).
local NSCALE = tonumber(os.getenv("ARBITER_COMBAT_SCALE") or "") or 3

-- limited: the whole-game limit on every board and one blocker in three able to block an
-- additional creature (the solver's hub model, solver_limit*.c), drawn after the same numbers.
local function scale_board(r, limited)
  local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = r(1000) }
  local ann, bob = g.players[1], g.players[2]
  local na, nb = 30 + r(31), 30 + r(31)
  local S = { g = g, atk = {}, blk = {}, pairs = {}, limit = r(12) == 0 and 1 + r(3) or nil }
  if limited then S.limit = 1 end
  for i = 1, na do
    local a = { lure = r(3) == 0 and 1 + r(2) or 0, must = r(5) == 0 and 1 or 0,
      least = r(6) == 0 and 2 or (r(25) == 0 and 3 or 1), most = r(8) == 0 and 1 or math.huge }
    local ab = {}
    add(ab, "lure", a.lure)
    add(ab, "must be blocked if able", a.must)
    if a.least == 2 then ab[#ab + 1] = MENACE elseif a.least == 3 then ab[#ab + 1] = THREE end
    if a.most == 1 then ab[#ab + 1] = MAXONE end
    a.card = g:create(arbiter.card{ name = "A" .. i, types = { "Creature" }, power = 2, toughness = 2,
      abilities = ab }, { owner = ann, zone = "battlefield" })
    S.atk[i] = a
  end
  local decl = {}
  for i = 1, na do decl[i] = S.atk[i].card end
  g:declare_attackers(decl)
  for j = 1, nb do
    local b = { bif = r(3) == 0 and 1 or 0, cap = r(limited and 3 or 8) == 0 and 2 or 1,
      alone = r(12) == 0, tapped = r(15) == 0, el = {} }
    b.el[1 + r(na)] = true   -- sparse: one attacker, sometimes two (small components)
    if r(4) == 0 then b.el[1 + r(na)] = true end
    local ab = {}
    add(ab, "blocks each combat if able", b.bif)
    if b.cap == 2 then ab[#ab + 1] = "can block an additional creature" end
    if b.alone then ab[#ab + 1] = "can't block alone" end
    local mine = {}
    for i in pairs(b.el) do mine[S.atk[i].card.id] = true end
    b.card = g:create(arbiter.card{ name = "B" .. j, types = { "Creature" }, power = 2, toughness = 2,
      abilities = ab, can_block = function(_, _, a) return mine[a.id] == true end },
      { owner = bob, zone = "battlefield" })
    if b.tapped then b.card:tap() end
    S.blk[j] = b
  end
  if S.limit then
    g:create(arbiter.card{ name = "Arbiter", types = { "Artifact" },
      abilities = { "no more than one creature can block each combat" } }, { owner = ann, zone = "battlefield" })
    S.limit = 1
  end
  for _ = 1, r(4) do   -- provoke
    local j, i = 1 + r(nb), 1 + r(na)
    S.pairs[#S.pairs + 1] = { j, i }
    g:require_block(S.blk[j].card, S.atk[i].card)
  end
  return S
end

-- The reference: exact maximum and one optimal declaration (per blocker a list of attacker
-- indices), or nil when it gave up (more than `cap` nodes, or a case it leaves alone). Without
-- a whole-game limit the program splits into the connected components of the eligibility
-- graph (each searched alone); "can't block alone" couples them only when the optimum has a
-- single blocking creature (then it gives up). With a limit of one, each single block is tried.
local function reference(S, cap)
  local na, nb = #S.atk, #S.blk
  local pw = {}
  for j = 1, nb do pw[j] = {} end
  for _, q in ipairs(S.pairs) do pw[q[1]][q[2]] = (pw[q[1]][q[2]] or 0) + 1 end
  -- per blocker: its options (subsets of eligible attackers within capacity), with values
  local opts, best1 = {}, {}
  for j, b in ipairs(S.blk) do
    local el = {}
    if not b.tapped then for i in pairs(b.el) do el[#el + 1] = i end end
    table.sort(el)
    local list = { { as = {}, v = 0 } }
    for mask = 1, compat.shl(1, #el) - 1 do
      local as, v = {}, b.bif
      for k = 1, #el do
        if compat.bit(mask, k - 1) then
          as[#as + 1] = el[k]
          v = v + S.atk[el[k]].lure + (pw[j][el[k]] or 0)
        end
      end
      if #as <= b.cap then list[#list + 1] = { as = as, v = v } end
    end
    table.sort(list, function(x, y) if x.v ~= y.v then return x.v > y.v end return #x.as < #y.as end)
    opts[j], best1[j] = list, list[1].v
  end
  local bestd = {}
  for j = 1, nb do bestd[j] = {} end
  if S.limit == 1 then           -- one blocking creature at most: nobody, or each single block
    local best = 0
    for j, b in ipairs(S.blk) do
      if not b.alone then
        for _, o in ipairs(opts[j]) do
          local ok, v = #o.as > 0, o.v
          for _, i in ipairs(o.as) do
            local a = S.atk[i]
            if a.least > 1 then ok = false end
            v = v + a.must
          end
          if ok and v > best then best = v; for k = 1, nb do bestd[k] = {} end; bestd[j] = o.as end
        end
      end
    end
    return best, bestd
  end
  -- components of the eligibility graph (union-find over blockers 1..nb, attackers nb+1..)
  local up = {}
  local function find(x) while up[x] ~= x do up[x] = up[up[x]]; x = up[x] end return x end
  for x = 1, nb + na do up[x] = x end
  for j, b in ipairs(S.blk) do
    if not b.tapped then for i in pairs(b.el) do up[find(j)] = find(nb + i) end end
  end
  local comps, order = {}, {}
  for j = 1, nb do
    local c = find(j)
    if not comps[c] then comps[c] = {}; order[#order + 1] = c end
    table.insert(comps[c], j)
  end
  local cnt, choice, nodes, total, blocking_all, lone = {}, {}, 0, 0, 0, nil
  for i = 1, na do cnt[i] = 0 end
  for _, c in ipairs(order) do
    local list = comps[c]
    local m = #list
    local rest, reach, atks, seen = {}, {}, {}, {}
    for _, j in ipairs(list) do
      for i in pairs(S.blk[j].el) do if not seen[i] then seen[i] = true; atks[#atks + 1] = i end end
    end
    rest[m + 1] = 0
    for _, i in ipairs(atks) do reach[i] = {}; reach[i][m + 1] = 0 end
    for k = m, 1, -1 do
      local j = list[k]
      rest[k] = rest[k + 1] + best1[j]
      for _, i in ipairs(atks) do
        reach[i][k] = reach[i][k + 1] + ((S.blk[j].el[i] and not S.blk[j].tapped) and 1 or 0)
      end
    end
    local best, bd = -1, nil
    local function rec(k, cur)
      nodes = nodes + 1
      if nodes > cap then return end
      local must = 0
      for _, i in ipairs(atks) do
        local a = S.atk[i]
        if cnt[i] > 0 and cnt[i] < a.least and reach[i][k] < a.least - cnt[i] then return end
        if cnt[i] == 0 and reach[i][k] > 0 then must = must + a.must end
      end
      if cur + rest[k] + must <= best then return end
      if k > m then
        for _, i in ipairs(atks) do if cnt[i] > 0 and cnt[i] < S.atk[i].least then return end end
        best, bd = cur, {}
        for q = 1, m do bd[q] = choice[q] end
        return
      end
      for _, o in ipairs(opts[list[k]]) do
        local ok = true
        for _, i in ipairs(o.as) do if cnt[i] + 1 > S.atk[i].most then ok = false end end
        if ok then
          local gain = o.v
          for _, i in ipairs(o.as) do
            if cnt[i] == 0 then gain = gain + S.atk[i].must end
            cnt[i] = cnt[i] + 1
          end
          choice[k] = o.as
          rec(k + 1, cur + gain)
          for _, i in ipairs(o.as) do cnt[i] = cnt[i] - 1 end
        end
      end
    end
    rec(1, 0)
    if nodes > cap then return nil end
    total = total + best
    for q = 1, m do
      bestd[list[q]] = bd[q]
      if #bd[q] > 0 then blocking_all = blocking_all + 1; lone = list[q] end
    end
  end
  if blocking_all == 1 and S.blk[lone].alone then return nil end   -- coupled: left alone
  return total, bestd
end

local function scale_api(S, d)
  local t = {}
  for j, as in pairs(d) do
    if #as > 0 then
      local l = {}
      for k, i in ipairs(as) do l[k] = S.atk[i].card end
      t[S.blk[j].card] = l
    end
  end
  return t
end

-- Boards from scale_board, each judged against the reference; nil, or what went wrong.
local function at_scale(seed, nboards, limited)
  local r = rng(seed)
  local done, bad = 0, nil
  for k = 1, nboards do
    local S = scale_board(r, limited)
    local t0 = os.clock()
    local best, bestd = reference(S, 500000)
    if os.getenv("ARBITER_SCALE_DEBUG") then io.stderr:write(string.format("board %d: %d x %d ref %s in %.2fs\n", k, #S.atk, #S.blk, tostring(best), os.clock() - t0)) end
    if best then
      done = done + 1
      local g = S.g
      local max, info = g:max_block_requirements()
      if max ~= nil and max ~= best then
        bad = string.format("board %d: solver %d (%s), reference %d", k, max, info.layer, best)
      elseif max == nil and not (info.lower <= best and best <= info.upper) then
        bad = string.format("board %d: reference %d outside the solver's bounds [%d, %d]", k, best, info.lower, info.upper)
      elseif max ~= nil and g:check_block(info.witness) ~= true then
        bad = string.format("board %d: the solver's witness is not legal", k)
      elseif max ~= nil and g:check_block(scale_api(S, bestd)) ~= true then
        bad = string.format("board %d: the reference's optimum is refused", k)
      elseif max ~= nil and best > 0 and g:check_block({}) ~= false then
        bad = string.format("board %d: nobody blocking is accepted though the maximum is %d", k, best)
      end
      if bad then break end
    end
  end
  return bad, done
end

describe("500.3-500.5 differential at scale: the solver against an exact 0/1-program reference", function()
  it(string.format("%d boards of 30-60 creatures per side agree (max, witness, verdicts)", NSCALE), function()
    local bad, done = at_scale(SEED + 2, NSCALE)
    assert.is_nil(bad)
    assert.is_true(done >= (NSCALE + 1) / 2)   -- the reference finished on most boards
  end)

  it(string.format("%d boards with the whole-game limit (no more than one creature can block) and "
    .. "one blocker in three that can block an additional creature agree", NSCALE), function()
    local bad, done = at_scale(SEED + 3, NSCALE, true)
    assert.is_nil(bad)
    assert.are.equal(NSCALE, done)             -- with the limit the reference always finishes
  end)
end)
