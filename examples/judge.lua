-- examples/judge.lua — a combat judge: reads a board from a Lua file, lists every legal block
-- (or attack) with the number of requirements it obeys, and rules on a proposed declaration.
--
--   lua5.4 examples/judge.lua BOARD.lua [--limit 20] [--propose DECL] [--attacks]
--
--   --limit N      list at most N legal declarations (default 20)
--   --propose D    a proposed declaration, overriding the board's `propose`:
--                    blocks:  "Wall=Goblin,Bear=Goblin"  ("Giant=Orc+Elf": one blocker, two attackers)
--                    attacks: "Goblin,Orc"  or  "Goblin=Bob" (with a defending player)
--                    "none": the empty declaration (no blocks / no attack)
--   --attacks      judge the attack even if the board declares attackers
--
-- Exit status: 0 when the proposal is legal (or there is none), 1 when it is illegal, 2 on a
-- bad board or bad arguments.
--
-- A board file returns a table (see examples/boards/*.lua):
--   title    = "…",
--   players  = {"Ann", "Bob"},      -- turn order; `active` (default players[1]) attacks
--   active   = "Ann",
--   creatures = {                   -- every creature on the battlefield
--     { name = "Goblin",            -- unique on the board: declarations name creatures by it
--       controller = "Ann",
--       power = 2, toughness = 2,   -- default 2/2
--       abilities = {"lure"},       -- the contract's vocabulary (flying, "can't block alone", ...)
--       colors = {}, types = {"Creature"}, subtypes = {}, supertypes = {},
--       tapped = false, sick = false,
--       attacking = true,           -- declared attacker (or a defending player's name);
--                                   -- any attacker on the board means: judge the blocks
--       card = "mogg_flunkies",     -- optional: start from examples/cards/<card>.lua's definition
--       can_block = function(self, g, attacker) ... end,   -- optional Lua restrictions
--     }, ... },
--   lands = { Bob = {"Swamp", "Snow Forest", "Nonbasic Island"} },  -- for landwalk (502.6)
--   propose = { Wall = "Goblin", Bear = {"Goblin", "Orc"} },        -- blocks; attacks: {"Goblin"}
--
-- Legality is the engine's (500.2-500.5, text 004): a declaration is legal iff it obeys every
-- restriction and as many requirements as the most any restriction-obeying declaration obeys.
-- The explanation of an illegal proposal is g:check_attack / g:check_block's message, and the
-- alternative is g:nearest_legal_attack / g:nearest_legal_block (fewest changed pairs).
package.path = "lua/?.lua;lua/?/init.lua;" .. package.path
package.cpath = (os.getenv("ARBITER_CPATH") or "build/?.so") .. ";" .. package.cpath
local arbiter = require("arbiter")
local compat = require("arbiter.compat")

local J = {}

-- The requirement abilities of each step, with what one instance asks.
local REQUIREMENTS = {
  attack = { { "attacks each combat if able", "it attacks" } },
  block = { { "blocks each combat if able", "it blocks" },
            { "lure", "each creature able to block it does so: one requirement per such creature" },
            { "must be blocked if able", "one creature able to block it does so" } },
}
local SUPERTYPES = { Basic = true, Snow = true, Legendary = true }
local BASIC = { Plains = true, Island = true, Swamp = true, Mountain = true, Forest = true }

local function bad(fmt, ...) error({ judge = string.format(fmt, ...) }, 0) end

-- ---------------------------------------------------------------- the board

function J.load_board(path)
  local chunk, err = loadfile(path)
  if not chunk then bad("can't read board %s: %s", path, err) end
  local ok, board = pcall(chunk)
  if not ok then bad("board %s raised: %s", path, tostring(board)) end
  if type(board) ~= "table" then bad("board %s must return a table, got %s", path, type(board)) end
  board.file = board.file or path
  return board
end

-- "Snow Forest" -> {subtypes = {"Forest"}, supertypes = {"Snow", "Basic"}}; "Nonbasic Island"
-- has no Basic supertype; a table is taken as a card spec.
local function land_spec(l, i)
  if type(l) == "table" then
    local spec = {}
    for k, v in pairs(l) do spec[k] = v end
    spec.name = spec.name or ("Land " .. i)
    spec.types = spec.types or { "Land" }
    return spec
  end
  local sub, super, nonbasic = {}, {}, false
  for w in tostring(l):gmatch("%S+") do
    if w == "Nonbasic" then nonbasic = true
    elseif SUPERTYPES[w] then super[#super + 1] = w
    else sub[#sub + 1] = w end
  end
  if not nonbasic and #sub == 1 and BASIC[sub[1]] then
    local has = false
    for _, s in ipairs(super) do has = has or s == "Basic" end
    if not has then super[#super + 1] = "Basic" end
  end
  return { name = l, types = { "Land" }, subtypes = sub, supertypes = super }
end

local function creature_spec(c)
  local spec = {}
  if c.card then
    local file = c.card:match("%.lua$") and c.card or ("examples/cards/" .. c.card .. ".lua")
    local ok, mod = pcall(dofile, file)
    if not ok or type(mod) ~= "table" or not mod.def then
      bad("creature %s: can't load card %s", tostring(c.name), file)
    end
    for k, v in pairs(mod.def) do spec[k] = v end
  else
    spec.types, spec.power, spec.toughness = { "Creature" }, 2, 2
  end
  for k, v in pairs(c) do
    if k ~= "card" and k ~= "controller" and k ~= "tapped" and k ~= "sick" and k ~= "attacking" then spec[k] = v end
  end
  return spec
end

-- Builds the game: returns a setup {g, board, mode, by_name, player, creatures, attack_error}.
function J.setup(board)
  if type(board.players) ~= "table" or #board.players < 2 then bad("board needs players = {\"Ann\", \"Bob\", ...}") end
  local g = arbiter.new_game{ players = board.players, seed = board.seed or 1 }
  local s = { g = g, board = board, by_name = {}, player = {}, creatures = {} }
  for _, p in ipairs(g.players) do s.player[p.name] = p end
  local function player(name, what)
    local p = s.player[name]
    if not p then bad("%s: unknown player %s", what, tostring(name)) end
    return p
  end
  g:set_active(player(board.active or board.players[1], "active"))
  for who in pairs(board.lands or {}) do player(who, "lands") end
  for _, p in ipairs(g.players) do   -- in turn order: card ids don't depend on pairs()
    for i, l in ipairs((board.lands or {})[p.name] or {}) do
      g:create(arbiter.card(land_spec(l, i)), { owner = p, zone = "battlefield" })
    end
  end
  local attackers = {}
  for i, c in ipairs(board.creatures or {}) do
    if type(c) ~= "table" or type(c.name) ~= "string" then bad("creatures[%d] needs a name", i) end
    if s.by_name[c.name] then bad("two creatures are named %s: names must be unique on the board", c.name) end
    local ok, def = pcall(arbiter.card, creature_spec(c))
    if not ok then bad("creature %s: %s", c.name, tostring(def)) end
    local card = g:create(def, { owner = player(c.controller, "creature " .. c.name), zone = "battlefield",
      tapped = c.tapped or false, sick = c.sick or false })
    s.by_name[c.name] = card
    s.creatures[#s.creatures + 1] = card
    if c.attacking then
      attackers[card] = c.attacking == true and "" or player(c.attacking, "attacking of " .. c.name)
    end
  end
  s.mode = (next(attackers) and not board.judge_attacks) and "block" or "attack"
  if s.mode == "block" then
    local decl = {}
    for card, d in pairs(attackers) do decl[card] = d ~= "" and d or nil end
    local arr = {}
    for card, d in pairs(attackers) do if d == "" then arr[#arr + 1] = card end end
    if #arr > 0 and next(decl) then bad("give every attacker a defending player, or none") end
    if #arr > 0 then table.sort(arr, function(a, b) return a.id < b.id end); decl = arr end
    local ok, why = g:check_attack(decl)
    if not ok then s.attack_error = why; return s end
    g:declare_attackers(decl)
  end
  return s
end

-- ---------------------------------------------------------------- declarations

local function sorted_cards(t)
  local out = {}
  for c in pairs(t) do out[#out + 1] = c end
  table.sort(out, function(a, b) return a.id < b.id end)
  return out
end

function J.format(mode, decl)
  local parts = {}
  if mode == "attack" then
    if #decl > 0 then
      for i, c in ipairs(decl) do parts[i] = c.name end
      return table.concat(parts, ", ")
    end
    for _, c in ipairs(sorted_cards(decl)) do parts[#parts + 1] = c.name .. " -> " .. decl[c].name end
    return #parts > 0 and table.concat(parts, ", ") or "(no attack)"
  end
  for _, b in ipairs(sorted_cards(decl)) do
    local v = decl[b]
    local names = {}
    if type(v) == "table" and not v.id then for i, a in ipairs(v) do names[i] = a.name end
    else names[1] = v.name end
    parts[#parts + 1] = b.name .. " -> " .. table.concat(names, " + ")
  end
  return #parts > 0 and table.concat(parts, "; ") or "(no blocks)"
end

local function card_named(s, name)
  name = name:match("^%s*(.-)%s*$")
  local c = s.by_name[name]
  if not c then bad("proposal names %q, which is not a creature on the board", name) end
  return c
end

-- A proposal: a table from the board file or a string from the command line.
function J.proposal(s, p)
  if p == nil then return nil end
  local decl = {}
  if type(p) == "string" then
    if p == "none" or p:match("^%s*$") then return decl end
    for item in p:gmatch("[^,;]+") do
      local left, right = item:match("^(.-)=(.*)$")
      if s.mode == "attack" then
        if left then
          decl[card_named(s, left)] = s.player[right:match("^%s*(.-)%s*$")] or bad("unknown player %q", right)
        else decl[#decl + 1] = card_named(s, item) end
      else
        if not left then bad("a block is Blocker=Attacker, got %q", item) end
        local list = {}
        for a in right:gmatch("[^+]+") do list[#list + 1] = card_named(s, a) end
        decl[card_named(s, left)] = list
      end
    end
    return decl
  end
  if type(p) ~= "table" then bad("propose must be a table or a string") end
  for k, v in pairs(p) do
    if compat.isint(k) then decl[k] = card_named(s, v)
    elseif s.mode == "attack" then decl[card_named(s, k)] = s.player[v] or bad("unknown player %q", tostring(v))
    elseif type(v) == "table" then
      local list = {}
      for i, a in ipairs(v) do list[i] = card_named(s, a) end
      decl[card_named(s, k)] = list
    else decl[card_named(s, k)] = card_named(s, v) end
  end
  return decl
end

-- ---------------------------------------------------------------- the ruling

-- Requirements on the board that bind this step (text 004: each instance counts).
local function requirements(s)
  local out = {}
  for _, c in ipairs(s.creatures) do
    for _, req in ipairs(REQUIREMENTS[s.mode]) do
      local n = c:count(req[1])
      if n > 0 then
        local exempt = c.tapped and not c.attacking and " (tapped: exempt)" or ""
        out[#out + 1] = string.format("%s: %q%s (%s)%s", c.name, req[1], n > 1 and (" x" .. n) or "", req[2], exempt)
      end
    end
  end
  return out
end

-- Everything the judge finds, as data: {mode, max, exact, legal = {{decl, score}}, more,
-- requirements, proposal = {decl, legal, why, nearest, changes}}.
function J.rule(s, opts)
  opts = opts or {}
  local g, mode = s.g, s.mode
  local limit = opts.limit or 20
  local r = { mode = mode, requirements = requirements(s) }
  local check = mode == "attack" and g.check_attack or g.check_block
  local max, info
  if mode == "attack" then max, info = g:max_attack_requirements() else max, info = g:max_block_requirements() end
  r.max, r.exact, r.layer = max or info.lower, max ~= nil, info.layer
  local list, complete
  if mode == "attack" then list, complete = g:legal_attacks{ limit = limit + 1 }
  else list, complete = g:legal_blocks{ limit = limit + 1 } end
  r.more = #list > limit or not complete
  r.legal = {}
  for i = 1, math.min(limit, #list) do
    local _, v = check(g, list[i])
    r.legal[i] = { decl = list[i], score = v.score }
  end
  if opts.propose ~= nil then
    local decl = J.proposal(s, opts.propose)
    local ok, why = check(g, decl)
    local p = { decl = decl, legal = ok, why = not ok and why or nil }
    if not ok then
      if mode == "attack" then p.nearest, p.changes = g:nearest_legal_attack(decl)
      else p.nearest, p.changes = g:nearest_legal_block(decl) end
    end
    r.proposal = p
  end
  return r
end

-- ---------------------------------------------------------------- printing

local function describe_creature(s, c)
  local bits = { string.format("%s %d/%d", c.name, c.power, c.toughness) }
  local ab = c.definition.abilities
  if #ab > 0 then bits[#bits + 1] = "[" .. table.concat(ab, ", ") .. "]" end
  if c.tapped then bits[#bits + 1] = "(tapped)" end
  if c.attacking then bits[#bits + 1] = "(attacking)" end
  if c.sick and s.mode == "attack" then bits[#bits + 1] = "(summoning sick)" end
  return table.concat(bits, " ")
end

function J.report(s, r, out)
  local g, b = s.g, s.board
  local step = r.mode == "attack" and "attack" or "block"
  out(string.format("Board: %s (%s)", b.title or "untitled", b.file or "?"))
  for _, p in ipairs(g.players) do
    local role = p == g.active_player and "attacking player" or "defending player"
    out(string.format("  %s, %s:", p.name, role))
    for _, c in ipairs(s.creatures) do
      if c.controller == p then out("    " .. describe_creature(s, c)) end
    end
    local lands = {}
    for _, c in ipairs(g.battlefield:cards()) do
      if c.controller == p and c.definition.types[1] == "Land" then lands[#lands + 1] = c.name end
    end
    if #lands > 0 then out("    lands: " .. table.concat(lands, ", ")) end
  end
  out("Requirements (500.4):" .. (#r.requirements > 0 and "" or " none"))
  for _, line in ipairs(r.requirements) do out("  " .. line) end
  out(string.format("The most requirements a legal %s obeys: %d%s", step, r.max,
    r.exact and "" or " (at least; the solver's budget ran out before proving the maximum)"))
  local count = r.more and (" (first " .. #r.legal .. "; raise --limit for more)") or (" (" .. #r.legal .. ")")
  out(string.format("Legal %ss%s:", step, count))
  for i, l in ipairs(r.legal) do
    out(string.format("  %d. %s   [obeys %d requirement%s]", i, J.format(r.mode, l.decl), l.score,
      l.score == 1 and "" or "s"))
  end
  local p = r.proposal
  if p then
    out("Proposed " .. step .. ": " .. J.format(r.mode, p.decl))
    if p.legal then out("  LEGAL")
    else
      out("  ILLEGAL: " .. p.why)
      out(string.format("  Nearest legal %s (%d change%s): %s", step, p.changes, p.changes == 1 and "" or "s",
        J.format(r.mode, p.nearest)))
    end
  end
end

-- ---------------------------------------------------------------- command line

local function parse_args(args)
  local o = { limit = 20 }
  local i = 1
  while i <= #args do
    local a = args[i]
    if a == "--limit" then o.limit = compat.toint(tonumber(args[i + 1] or "")); i = i + 1
      if not o.limit or o.limit < 0 then bad("--limit needs a non-negative integer") end
    elseif a == "--propose" then o.propose = args[i + 1]; i = i + 1
      if o.propose == nil then bad("--propose needs a declaration") end
    elseif a == "--attacks" then o.attacks = true
    elseif a == "--help" or a == "-h" then o.help = true
    elseif a:match("^%-%-") then bad("unknown option %s", a)
    elseif o.board then bad("one board file, got %s and %s", o.board, a)
    else o.board = a end
    i = i + 1
  end
  return o
end

-- Runs the judge; out(line) prints. Returns the exit status.
function J.main(args, out)
  out = out or print
  local ok, status = pcall(function()
    local o = parse_args(args)
    if o.help or not o.board then
      out("usage: lua5.4 examples/judge.lua BOARD.lua [--limit N] [--propose DECL] [--attacks]")
      return o.help and 0 or 2
    end
    local board = J.load_board(o.board)
    if o.attacks then board.judge_attacks = true end
    local s = J.setup(board)
    if s.attack_error then
      out("The board's attack is illegal: " .. s.attack_error)
      return 2
    end
    local propose = o.propose
    if propose == nil then propose = board.propose end
    local r = J.rule(s, { limit = o.limit, propose = propose })
    J.report(s, r, out)
    return (r.proposal and not r.proposal.legal) and 1 or 0
  end)
  if ok then return status end
  if type(status) == "table" and status.judge then
    out("judge: " .. status.judge)
    return 2
  end
  error(status, 0)
end

-- Run as a script (lua5.4 examples/judge.lua ...); loaded with dofile it is a module.
if not pcall(debug.getlocal, 4, 1) then os.exit(J.main(arg)) end
return J
