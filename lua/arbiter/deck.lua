-- arbiter.deck — deck construction rules (the older guide's house rule: at least sixty
-- cards, no more than four of any card other than basic lands) and deck lists.
local M = {}

M.DEFAULT = { min_size = 60, max_copies = 4 }

local function is_basic_land(def)
  local basic, land = false, false
  for _, s in ipairs(def.supertypes or {}) do basic = basic or s == "Basic" end
  for _, t in ipairs(def.types or {}) do land = land or t == "Land" end
  return basic and land
end
M.is_basic_land = is_basic_land

--- deck.check(deck, opts) -> true | false, {problem, ...}
-- opts: min_size (60), max_size (none), max_copies (4; singleton = true means 1),
-- banned = {name, ...}, restricted = {name, ...} (at most one copy)
function M.check(deck, opts)
  if type(deck) ~= "table" then
    error("bad argument #1 to 'check' (array of card definitions expected, got " .. type(deck) .. ")", 2)
  end
  if opts ~= nil and type(opts) ~= "table" then
    error("bad argument #2 to 'check' (options table expected, got " .. type(opts) .. ")", 2)
  end
  opts = opts or {}
  local min_size = opts.min_size or M.DEFAULT.min_size
  local max_copies = opts.singleton and 1 or opts.max_copies or M.DEFAULT.max_copies
  local problems, counts, order, basic = {}, {}, {}, {}
  for i, def in ipairs(deck) do
    if type(def) ~= "table" and type(def) ~= "userdata" or type(def.name) ~= "string" then
      error("bad argument #1 to 'check' (deck[" .. i .. "] is not a card definition)", 2)
    end
    if not counts[def.name] then counts[def.name] = 0; order[#order + 1] = def.name end
    counts[def.name] = counts[def.name] + 1
    basic[def.name] = is_basic_land(def)
  end
  if #deck < min_size then
    problems[#problems + 1] = string.format("deck has %d cards (at least %d)", #deck, min_size)
  end
  if opts.max_size and #deck > opts.max_size then
    problems[#problems + 1] = string.format("deck has %d cards (at most %d)", #deck, opts.max_size)
  end
  local banned, restricted = {}, {}
  for _, n in ipairs(opts.banned or {}) do banned[n] = true end
  for _, n in ipairs(opts.restricted or {}) do restricted[n] = true end
  for _, name in ipairs(order) do
    local n = counts[name]
    if banned[name] then
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

--- deck.parse(text, pool) -> deck | nil, {problem, ...}
-- text: one entry per line, "4 Lightning Bolt" or "Lightning Bolt" (one copy); blank lines
-- and lines starting with "#" or "//" are ignored; "Sideboard" ends the main deck.
-- pool: {name = definition} or an array of definitions.
function M.parse(text, pool)
  if type(text) ~= "string" then error("bad argument #1 to 'parse' (string expected)", 2) end
  if type(pool) ~= "table" then error("bad argument #2 to 'parse' (card pool expected)", 2) end
  local by_name = {}
  for k, v in pairs(pool) do
    if type(k) == "string" then by_name[k] = v end
    if type(v) == "table" and type(v.name) == "string" then by_name[v.name] = v end
  end
  local deck, problems, ln = {}, {}, 0
  for line in (text .. "\n"):gmatch("(.-)\r?\n") do
    ln = ln + 1
    line = line:match("^%s*(.-)%s*$")
    if line:lower():match("^sideboard") then break end
    if line ~= "" and not line:match("^#") and not line:match("^//") then
      local n, name = line:match("^(%d+)x?%s+(.+)$")
      n, name = tonumber(n) or 1, name or line
      local def = by_name[name]
      if not def then
        problems[#problems + 1] = string.format("line %d: unknown card %q", ln, name)
      else
        for _ = 1, n do deck[#deck + 1] = def end
      end
    end
  end
  if #problems > 0 then return nil, problems end
  return deck
end

return M
