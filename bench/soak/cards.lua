-- bench/soak/cards.lua — the soak's card pool: every card script of examples/cards (abilities
-- installed on entering the battlefield: def.install), keyword creatures and basic lands; and
-- random decks. Scripts that need a target get a wrapper choosing one with the game's RNG
-- (deterministic, rolled back with the game). Every install/resolve/can_attack passes through
-- faults.tick("script") so the soak can make a card script raise mid-action.
local M = {}

-- Targets of the scripts whose install/resolve take a third argument.
local TARGET = { lure = "creature", irresistible_prey = "creature", hymn_to_tourach = "player" }

local function creatures(g)
  local out = {}
  for _, c in ipairs(g.battlefield:cards()) do
    for _, t in ipairs(c.types or {}) do if t == "Creature" then out[#out + 1] = c break end end
  end
  return out
end

local function players_in(g)
  local out = {}
  for _, p in ipairs(g.players) do if not p.lost then out[#out + 1] = p end end
  return out
end

-- A random legal target of a kind, or nil when there is none.
local function target(g, kind)
  local list = kind == "player" and players_in(g) or creatures(g)
  if #list == 0 then return nil end
  return list[g:random(#list)]
end

local function list_dir(dir)
  local names, p = {}, assert(io.popen('ls "' .. dir .. '"'))
  for name in p:lines() do if name:match("%.lua$") then names[#names + 1] = name end end
  p:close()
  table.sort(names)
  return names
end

-- Loads examples/cards/*.lua once; returns copies of their definitions (arbiter.card copies the
-- fields: many are the Alpha set's own, which the wrapping below must not change), wrapped for
-- the soak.
local function load_scripts(arbiter, root, faults, rng, exclude)
  local dir, defs = root .. "examples/cards/", {}
  for _, file in ipairs(list_dir(dir)) do repeat     -- until true: `break` skips a file (no goto in 5.1)
    local key = file:sub(1, -5)
    if exclude[key] then break end
    local m = dofile(dir .. file)
    local def, kind = arbiter.card(m.def), TARGET[key]
    if def.cost == nil then def.cost = rng(4) - 1 end
    if m.install then
      local install = m.install
      def.install = function(g, card)
        faults.tick("script")
        if not kind then return install(g, card) end
        local t = target(g, kind)
        if t then return install(g, card, t) end
        g:move(card, "graveyard")          -- an Aura with nothing to enchant (303.4g-style)
      end
    end
    if m.resolve then
      local resolve = m.resolve
      def.targets = nil                      -- the soak picks targets itself, at resolution
      def.resolve = function(obj, g, card)
        faults.tick("script")
        local t = obj.controller
        if kind then t = target(g, kind) end
        if t == nil then return end          -- no legal target: the spell does nothing
        return resolve(g, card, t)
      end
    end
    if def.can_attack then
      local can = def.can_attack
      def.can_attack = function(...) faults.tick("script"); return can(...) end
    end
    def.soak_script = key
    defs[#defs + 1] = def
  until true end
  return defs
end

local KEYWORDS = { "flying", "reach", "shadow", "fear", "horsemanship", "first strike", "double strike",
  "haste", "defender", "trample", "vigilance", "flanking", "swampwalk", "islandwalk", "snow forestwalk",
  "legendary landwalk", "nonbasic landwalk", "can't attack alone", "can't block alone", "can't be blocked",
  "can't be blocked except by two or more creatures", "can't be blocked by more than one creature",
  "can block only creatures with flying", "can block an additional creature", "can block any number of creatures",
  "attacks each combat if able", "blocks each combat if able", "lure", "must be blocked if able",
  "no more than one creature can attack each combat", "no more than one creature can block each combat" }
local COLORS = { "white", "blue", "black", "red", "green" }

local function keyword_creatures(arbiter, rng, n)
  local out = {}
  for i = 1, n do
    local abilities = {}
    for _ = 1, rng(4) - 1 do abilities[#abilities + 1] = KEYWORDS[rng(#KEYWORDS)] end
    out[i] = arbiter.card{ name = "Soak Creature " .. i, types = { "Creature" }, power = rng(7) - 1,
      toughness = rng(6), cost = rng(6) - 1, abilities = abilities, colors = { COLORS[rng(#COLORS)] } }
  end
  return out
end

local function lands(arbiter)
  local out = {}
  for _, s in ipairs({ "Forest", "Island", "Swamp", "Mountain", "Plains" }) do
    out[#out + 1] = arbiter.card{ name = s, types = { "Land" }, subtypes = { s }, supertypes = { "Basic" } }
  end
  out[#out + 1] = arbiter.card{ name = "Snow-Covered Forest", types = { "Land" }, subtypes = { "Forest" },
    supertypes = { "Basic", "Snow" } }
  out[#out + 1] = arbiter.card{ name = "Soak Legendary Land", types = { "Land" }, supertypes = { "Legendary" } }
  return out
end

--- The pool: {scripts = {...}, creatures = {...}, lands = {...}} (built once per run);
--- exclude = {[script name] = true} leaves scripts out (to find which one a failure needs).
function M.pool(arbiter, root, faults, rng, exclude)
  return { scripts = load_scripts(arbiter, root, faults, rng, exclude or {}),
    creatures = keyword_creatures(arbiter, rng, 40), lands = lands(arbiter) }
end

-- ---------------------------------------------------------------- a card set (--set alpha)
local LAND_COLOR = { Plains = "white", Island = "blue", Swamp = "black", Mountain = "red", Forest = "green" }

local function is_a(def, t)
  for _, x in ipairs(def.types) do if x == t then return true end end
  return false
end

-- The colors a definition needs: its colors, or a land's from its basic land types.
local function colors_of(def)
  if not is_a(def, "Land") then return def.colors end
  local out = {}
  for _, s in ipairs(def.subtypes) do if LAND_COLOR[s] then out[#out + 1] = LAND_COLOR[s] end end
  return out
end

local function within(list, allowed)
  for _, c in ipairs(list) do if not allowed[c] then return false end end
  return true
end

--- A set's pool: {set = true, spells = {...}, lands = {...}} of every written card of the set,
--- the set's own definitions used as they are (the soak never changes them). exclude = {[name] =
--- true} leaves cards out.
function M.set_pool(set, exclude)
  local pool = { set = true, spells = {}, lands = {} }
  for _, name in ipairs(set.names) do
    local def = set[name]
    if not (exclude or {})[name] then
      local list = is_a(def, "Land") and pool.lands or pool.spells
      list[#list + 1] = def
    end
  end
  return pool
end

-- What a deck of two colors may hold, by pool: for each pair of colors (key by their indexes in
-- COLORS, either order) the pool's lands of one of them (basics), of both (duals) and its other cards of
-- those colors or colorless (spells), each list in the pool's order. It depends only on the pool,
-- so it is worked out once per pool (the pool's cards' colors) and once per pair, not per deck
-- (a bench game's decks are 2-7 % of its Lua work otherwise). Weak keys: a pool's entry goes with it.
local by_pool = setmetatable({}, { __mode = "k" })

local function colored(pool)
  local c = by_pool[pool]
  if c then return c end
  c = { land_colors = {}, pairs = {} }
  for i, def in ipairs(pool.lands) do c.land_colors[i] = colors_of(def) end
  by_pool[pool] = c
  return c
end

local function pair_lists(pool, a, b)
  local c = colored(pool)
  local key = math.min(a, b) * 8 + math.max(a, b)
  local lists = c.pairs[key]
  if lists then return lists end
  local allowed = { [COLORS[a]] = true, [COLORS[b]] = true }
  lists = { duals = {}, basics = {}, spells = {} }
  for i, def in ipairs(pool.lands) do
    local cs = c.land_colors[i]
    if #cs > 0 and within(cs, allowed) then
      local list = #cs == 1 and lists.basics or lists.duals
      list[#list + 1] = def
    end
  end
  for _, def in ipairs(pool.spells) do
    if within(def.colors, allowed) then lists.spells[#lists.spells + 1] = def end
  end
  c.pairs[key] = lists
  return lists
end

--- A random 40-card deck of a set's pool in two random colors: 17 lands of those colors (a
--- basic mostly, now and then a land of both), 23 other cards of those colors or colorless,
--- at most 4 of each (003). Over many games every card of the set is played.
local function set_deck(pool, rng)
  local a = rng(#COLORS)
  local b = (a + rng(#COLORS - 1) - 1) % #COLORS + 1
  local lists = pair_lists(pool, a, b)
  local duals, basics, spells = lists.duals, lists.basics, lists.spells
  local out, copies = {}, {}
  for i = 1, 17 do
    local from = (#duals > 0 and rng(6) == 1) and duals or basics
    out[i] = from[(i + rng(2)) % #from + 1]
  end
  while #out < 40 do
    local def = spells[rng(#spells)]
    if (copies[def] or 0) < 4 then copies[def] = (copies[def] or 0) + 1; out[#out + 1] = def end
  end
  return out
end

--- A random deck for one player: of the set (40 cards) or of the soak's pool (20 to 40 cards,
--- about 40% lands).
function M.deck(pool, rng)
  if pool.set then return set_deck(pool, rng) end
  return M.mixed_deck(pool, rng)
end

--- A random deck of the soak's own pool: 20 to 40 cards, about 40% lands.
function M.mixed_deck(pool, rng)
  local n, out = 19 + rng(21), {}
  for i = 1, n do
    local r = rng(10)
    local from = r <= 4 and pool.lands or (r <= 7 and pool.creatures or pool.scripts)
    out[i] = from[rng(#from)]
  end
  return out
end

return M
