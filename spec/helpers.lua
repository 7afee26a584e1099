-- spec/helpers.lua — shared set-up for the specs.
local arbiter = require("arbiter")

local H = { arbiter = arbiter }

H.plain = arbiter.card{ name = "Plain Card", types = { "Sorcery" } }
H.bear = arbiter.card{ name = "Grizzly Bears", types = { "Creature" }, subtypes = { "Bear" },
  colors = { "green" }, power = 2, toughness = 2 }

-- A two-player game Ann (active) vs Bob unless opts say otherwise.
function H.game(opts)
  opts = opts or {}
  if not opts.players and not opts.teams then opts.players = { "Ann", "Bob" } end
  if opts.seed == nil then opts.seed = 1 end
  local g = arbiter.new_game(opts)
  return g, g.players[1], g.players[2], g.players[3], g.players[4]
end

-- Creates cards named prefix1..prefixN in p's library, in list order
-- (so prefix1 is on top). Returns them as an array.
function H.deck(g, p, n, prefix)
  prefix = prefix or (p.name .. "-")
  local out = {}
  for i = 1, n do
    out[i] = g:create(arbiter.card{ name = prefix .. i, types = { "Sorcery" } }, { owner = p })
  end
  return out
end

-- Cards in p's hand, from a zone: names in zone order.
function H.names(list)
  local out = {}
  for i, c in ipairs(list) do out[i] = c.name end
  return out
end

-- Events of one type in the history (all when t is nil).
function H.events(g, t)
  local out = {}
  for _, ev in ipairs(g:history()) do
    if t == nil or ev.type == t then out[#out + 1] = ev end
  end
  return out
end

-- Names of the player in each event of type t, in order.
function H.event_players(g, t)
  local out = {}
  for _, ev in ipairs(H.events(g, t)) do out[#out + 1] = ev.player.name end
  return out
end

function H.contains(list, x)
  for _, v in ipairs(list) do if v == x then return true end end
  return false
end

return H
