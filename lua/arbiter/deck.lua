-- arbiter.deck — deck construction rules and deck lists.
--
-- The default is the older guide's house rule (003, "House Rules"): "Each deck must have at
-- least sixty cards, with no more than four of any individual card other than basic lands."
--
--   deck.check(deck, opts)  -> true | false, {problem, ...}
--   deck.parse(text, pool)  -> deck | nil, {problem, ...}
--   deck.count(deck)        -> {name = copies}, {name, ...} (first-seen order)
--   deck.DEFAULT            {min_size = 60, max_copies = 4}
--   deck.LIMITED            {min_size = 40, max_copies = math.huge} (sealed / draft)
--   deck.SINGLETON          {min_size = 100, max_size = 100, singleton = true}
--
-- A deck is an array of card definitions (arbiter.card{...}); cards of a game (proxies) are
-- accepted too and stand for their definitions. g:create_deck(p, deck) makes a deck of
-- definitions in a game (in list order into p's library: the first card on top).
local M = {}

M.DEFAULT = { min_size = 60, max_copies = 4 }
M.LIMITED = { min_size = 40, max_copies = math.huge }
M.SINGLETON = { min_size = 100, max_size = 100, singleton = true }

local function has(list, s)
  for _, x in ipairs(list or {}) do if x == s then return true end end
  return false
end

local function is_basic_land(def)
  return has(def.supertypes, "Basic") and has(def.types, "Land")
end
M.is_basic_land = is_basic_land

-- A card proxy of a game stands for its definition.
local function definition_of(x)
  if type(x) == "userdata" then
    local ok, d = pcall(function() return x.definition end)
    if ok and type(d) == "table" then return d end
  end
  return x
end

-- A list {"A", "B"} or a set {A = true} of card names -> set.
local function name_set(v, what)
  local s = {}
  if v == nil then return s end
  if type(v) ~= "table" then
    error("bad argument #2 to 'check' (" .. what .. " must be a list of card names)", 3)
  end
  for k, x in pairs(v) do
    if type(k) == "number" then s[x] = true elseif x then s[k] = true end
  end
  return s
end

local function check_number(opts, k)
  local v = opts[k]
  if v ~= nil and (type(v) ~= "number" or v < 0 or v ~= v) then
    error("bad argument #2 to 'check' (" .. k .. " must be a number >= 0, got " .. tostring(v) .. ")", 3)
  end
end

--- deck.count(deck) -> counts {name = copies}, order {name...}
function M.count(deck)
  local counts, order = {}, {}
  for _, x in ipairs(deck) do
    local name = definition_of(x).name
    if not counts[name] then counts[name] = 0; order[#order + 1] = name end
    counts[name] = counts[name] + 1
  end
  return counts, order
end

local function plural(n, word) return n == 1 and ("1 " .. word) or (n .. " " .. word .. "s") end

--- deck.check(deck, opts) -> true | false, {problem, ...}
-- opts (every field optional; a missing field takes deck.DEFAULT's value):
--   min_size (60), max_size (none), max_copies (4), singleton (true = max_copies 1),
--   banned = {name, ...} (no copy allowed), restricted = {name, ...} (at most one copy),
--   ante (false: cards marked ante = true -- "Remove ~ from your deck before playing if you're
--   not playing for ante" -- are refused; true: a game played for ante accepts them).
-- Basic lands are exempt from max_copies and singleton, never from banned/restricted.
-- Problems are sentences: "deck has 59 cards (at least 60)",
-- "5 copies of Lightning Bolt (at most 4)", "Black Lotus is banned",
-- "2 copies of Ancestral Recall (restricted: at most 1)".
function M.check(deck, opts)
  if type(deck) ~= "table" then
    error("bad argument #1 to 'check' (array of card definitions expected, got " .. type(deck) .. ")", 2)
  end
  if opts ~= nil and type(opts) ~= "table" then
    error("bad argument #2 to 'check' (options table expected, got " .. type(opts) .. ")", 2)
  end
  opts = opts or {}
  for _, k in ipairs({ "min_size", "max_size", "max_copies" }) do check_number(opts, k) end
  if opts.ante ~= nil and type(opts.ante) ~= "boolean" then
    error("bad argument #2 to 'check' (ante must be a boolean, got " .. type(opts.ante) .. ")", 2)
  end
  local min_size = opts.min_size or M.DEFAULT.min_size
  local max_copies = opts.singleton and 1 or opts.max_copies or M.DEFAULT.max_copies
  local banned = name_set(opts.banned, "banned")
  local restricted = name_set(opts.restricted, "restricted")
  local counts, order, basic, ante = {}, {}, {}, {}
  for i, x in ipairs(deck) do
    local def = definition_of(x)
    if type(def) ~= "table" or type(def.name) ~= "string" then
      error("bad argument #1 to 'check' (deck[" .. i .. "] is not a card definition)", 2)
    end
    if not counts[def.name] then counts[def.name] = 0; order[#order + 1] = def.name end
    counts[def.name] = counts[def.name] + 1
    basic[def.name] = is_basic_land(def)
    ante[def.name] = def.ante == true
  end
  local problems = {}
  if #deck < min_size then
    problems[#problems + 1] = string.format("deck has %s (at least %d)", plural(#deck, "card"), min_size)
  end
  if opts.max_size and #deck > opts.max_size then
    problems[#problems + 1] = string.format("deck has %s (at most %d)", plural(#deck, "card"), opts.max_size)
  end
  for _, name in ipairs(order) do
    local n = counts[name]
    if ante[name] and opts.ante ~= true then
      problems[#problems + 1] = string.format("%s is played only for ante (remove it from the deck)", name)
    elseif banned[name] then
      problems[#problems + 1] = string.format("%s is banned", name)
    elseif restricted[name] and n > 1 then
      problems[#problems + 1] = string.format("%d copies of %s (restricted: at most 1)", n, name)
    elseif not basic[name] and n > max_copies then
      problems[#problems + 1] = string.format("%d copies of %s (at most %d)", n, name, max_copies)
    end
  end
  if #problems > 0 then return false, problems end
  return true
end

-- The edit distance of two strings (insertions, deletions, substitutions; case ignored).
local function distance(a, b)
  a, b = a:lower(), b:lower()
  local prev = {}
  for j = 0, #b do prev[j] = j end
  for i = 1, #a do
    local cur, ai = { [0] = i }, a:byte(i)
    for j = 1, #b do
      local cost = ai == b:byte(j) and 0 or 1
      cur[j] = math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
    end
    prev = cur
  end
  return prev[#b]
end

-- The pool's name nearest to an unknown one (ties: the first in sorted order), for the
-- problem's "did you mean"; nil when nothing is near (more than a third of the name differs).
local function nearest(name, by_name)
  local names = {}
  for k in pairs(by_name) do names[#names + 1] = k end
  table.sort(names)
  local best, best_d = nil, math.max(2, math.floor(#name / 3)) + 1
  for _, k in ipairs(names) do
    local d = distance(name, k)
    if d < best_d then best, best_d = k, d end
  end
  return best
end

--- deck.parse(text, pool) -> deck | nil, {problem, ...}
-- text: one entry per line: "4 Lightning Bolt", "4x Lightning Bolt" or "Lightning Bolt" (one
-- copy); blank lines and lines starting with "#" or "//" are ignored; a line "Sideboard"
-- (or "Sideboard:") ends the main deck; "SB: 2 Name" lines are skipped.
-- Names match exactly, else case-insensitively.
-- pool: {name = definition}, or an array of definitions.
function M.parse(text, pool)
  if type(text) ~= "string" then error("bad argument #1 to 'parse' (string expected, got " .. type(text) .. ")", 2) end
  if type(pool) ~= "table" then
    error("bad argument #2 to 'parse' (card pool expected, got " .. type(pool) .. ")", 2)
  end
  local by_name, by_lower = {}, {}
  for k, v in pairs(pool) do
    if type(v) == "table" and type(v.name) == "string" then
      by_name[v.name] = v
      if type(k) == "string" then by_name[k] = v end
    end
  end
  for k, v in pairs(by_name) do by_lower[k:lower()] = v end
  local deck, problems, ln = {}, {}, 0
  for line in (text .. "\n"):gmatch("(.-)\r?\n") do
    ln = ln + 1
    line = line:match("^%s*(.-)%s*$")
    local low = line:lower()
    if low:match("^sideboard:?$") then break end
    if line ~= "" and not line:match("^#") and not line:match("^//") and not low:match("^sb:") then
      local n, name = line:match("^(%d+)[xX]?%s+(.+)$")
      n, name = tonumber(n) or 1, name or line
      local def = by_name[name] or by_lower[name:lower()]
      if not def then
        local near = nearest(name, by_name)
        problems[#problems + 1] = string.format("line %d: unknown card %q%s", ln, name,
          near and string.format(" (did you mean %q?)", near) or "")
      else
        for _ = 1, n do deck[#deck + 1] = def end
      end
    end
  end
  if #problems > 0 then return nil, problems end
  return deck
end

--- deck.format(deck) -> text in parse's format ("4 Lightning Bolt" lines, first-seen order)
function M.format(deck)
  local counts, order = M.count(deck)
  local lines = {}
  for i, name in ipairs(order) do lines[i] = counts[name] .. " " .. name end
  return table.concat(lines, "\n") .. "\n"
end

return M
