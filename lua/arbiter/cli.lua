-- arbiter.cli — the command line, bin/arbiter (issue 31 item 7; docs/GUIDE.md "The command line").
--   arbiter play DECK1 DECK2 [--seed S] [--max-turns N]      you (DECK1) against the simple AI
--   arbiter sim DECK1 DECK2 [--games N] [--seed S] [--shard i/n] [--max-turns N] [--no-progress]
--   arbiter sim --merge FILE...                               shards' results, merged ("-": stdin)
-- A DECK is a deck list file ("4 Lightning Bolt" per line, arbiter.deck.parse) of cards of the
-- Alpha set (arbiter.sets.alpha), or the name of a built-in list (arbiter.cli_decks).
-- main(args, io) returns the exit status; io = {out, err, input} (files; the process's by default).
local M = {}

local USAGE = [[
usage: arbiter play DECK1 DECK2 [--seed S] [--max-turns N]
       arbiter sim DECK1 DECK2 [--games N] [--seed S] [--shard i/n] [--max-turns N] [--no-progress]
       arbiter sim --merge FILE...   (FILE "-" reads standard input)
DECK: a deck list file of Alpha cards ("4 Lightning Bolt" per line) or a built-in deck: %s]]

local function usage() return string.format(USAGE, table.concat(require("arbiter.cli_decks").names, ", ")) end
M.usage = usage

-- a deck: {name, list = array of definitions}; or nil and a message
function M.deck(spec)
  local arbiter = require("arbiter")
  local alpha = require("arbiter.sets.alpha")
  local text, name
  local f = io.open(spec)
  if f then
    text = f:read("*a")
    f:close()
    name = spec:match("([^/\\]+)$"):gsub("%.%w+$", "")
  else
    text, name = require("arbiter.cli_decks")[spec], spec
    if not text then
      return nil, string.format("no deck file %q and no built-in deck of that name (built-in: %s)",
        spec, table.concat(require("arbiter.cli_decks").names, ", "))
    end
  end
  local list, problems = arbiter.deck.parse(text, alpha)
  if not list then
    return nil, "deck " .. spec .. ": " .. table.concat(problems, "; ")
  end
  if #list < 8 then
    return nil, "deck " .. spec .. ": " .. #list .. " cards (at least 8: the opening hand and a draw)"
  end
  return { name = name, list = list }
end

-- The seed of game k of a run with seed S (the same for every shard: shards merge exactly).
function M.game_seed(seed, k) return (seed * 7919 + k) % 2147483647 end

-- A new game between two decks, game k of a run: the decks' owners alternate who plays first
-- (odd k: the first deck), both libraries shuffled, seven cards each.
function M.new_game(decks, seed, k, names)
  local arbiter = require("arbiter")
  local first = (k % 2 == 1) and 1 or 2
  local order = first == 1 and { 1, 2 } or { 2, 1 }
  local g = arbiter.new_game{ players = { names[order[1]], names[order[2]] }, seed = M.game_seed(seed, k) }
  local of_deck = {}                             -- deck index -> player
  for i, d in ipairs(order) do
    local p = g.players[i]
    of_deck[d] = p
    g:create_deck(p, decks[d].list)
    g:shuffle(p.library)
  end
  g:draw_each(7)
  return g, of_deck
end

-- options: {positional..., flags = {name = value}}; flags with a value: seed, games, shard,
-- max-turns; alone: merge, no-progress, help
local VALUED = { seed = true, games = true, shard = true, ["max-turns"] = true }
function M.parse_args(args)
  local out = { flags = {} }
  local i = 1
  while args[i] do
    local a = args[i]
    local name = a:match("^%-%-([%w%-]+)$")
    if name and VALUED[name] then
      if args[i + 1] == nil then return nil, "--" .. name .. " needs a value" end
      out.flags[name] = args[i + 1]
      i = i + 1
    elseif name then out.flags[name] = true
    elseif a == "-h" then out.flags.help = true
    else out[#out + 1] = a end
    i = i + 1
  end
  return out
end

function M.int(v, name, min)
  local n = tonumber(v)
  if not n or n ~= math.floor(n) or n < min then
    return nil, string.format("%s must be an integer of at least %d, got %s", name, min, tostring(v))
  end
  return n
end

function M.main(args, io_)
  local std = io_ or { out = io.stdout, err = io.stderr, input = io.stdin }
  local function fail(msg)
    std.err:write("arbiter: " .. msg .. "\n")
    return 2
  end
  local cmd = args[1]
  local rest = {}
  for i = 2, #args do rest[#rest + 1] = args[i] end
  local opts, err = M.parse_args(rest)
  if not opts then return fail(err) end
  if cmd == nil or cmd == "help" or cmd == "--help" or cmd == "-h" or opts.flags.help then
    std.out:write(usage() .. "\n")
    return cmd == nil and 2 or 0
  end
  if cmd == "play" then return require("arbiter.cli_play").run(opts, std, fail) end
  if cmd == "sim" then return require("arbiter.cli_sim").run(opts, std, fail) end
  return fail("unknown command " .. string.format("%q", cmd) .. "\n" .. usage())
end

return M
