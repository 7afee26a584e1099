-- examples/duel.lua — the demo `make demo` runs: a short scripted game that shows drawing
-- (423.1-423.2), a draw replacement (423.6), a loss for drawing from an empty library at
-- the next state-based check (423.4, 420.5g), and the draw order of Two-Headed Giant
-- (423.2a: the active team first, its primary player before its secondary).
-- usage: lua5.4 examples/duel.lua [--seed N] [--quiet]      (same seed => same game)
--
-- The script is built from small pieces so it can grow into a full duel: decks(),
-- new_duel(), narrate(ev) (an observer that prints every event with its rule), and one
-- function per scene. A combat scene slots in between scene_replacement and
-- scene_empty_library.
local here = (arg and arg[0] or ""):match("^(.*)[/\\]examples[/\\][^/\\]*$")
local root = here and (here .. "/") or ""
package.path = root .. "lua/?.lua;" .. root .. "lua/?/init.lua;" .. package.path
package.cpath = root .. "build/?.so;" .. package.cpath
local arbiter = require("arbiter")

-- ---------------------------------------------------------------- options
local opts = { seed = 2008, quiet = false }
do
  local i = 1
  while arg and arg[i] do
    if arg[i] == "--seed" then
      opts.seed = math.tointeger(tonumber(arg[i + 1] or ""))
      if not opts.seed then io.stderr:write("duel: --seed needs an integer\n"); os.exit(2) end
      i = i + 1
    elseif arg[i] == "--quiet" then opts.quiet = true
    elseif arg[i] == "--help" or arg[i] == "-h" then
      print("usage: lua5.4 examples/duel.lua [--seed N] [--quiet]"); os.exit(0)
    else io.stderr:write("duel: unknown option " .. arg[i] .. "\n"); os.exit(2) end
    i = i + 1
  end
end

-- ---------------------------------------------------------------- the log
-- say() is the story; --quiet keeps only the headline lines (heading() and result()).
local function say(fmt, ...) if not opts.quiet then print(string.format(fmt, ...)) end end
local function heading(fmt, ...)
  if not opts.quiet then print() end
  print("== " .. string.format(fmt, ...))
end

-- narrate(ev): one observer for every event type, registered by watch(g). Events that
-- happen while an effect runs are printed as they happen, after the change (g:on).
local function narrate(ev)
  local who = ev.player and ev.player.name or "?"
  if ev.type == "draw" then
    say("   %-4s draws %-20s (423.1)", who, ev.card.name)
  elseif ev.type == "life" then
    say("   %-4s %s %d life -> %d", who, ev.amount >= 0 and "gains" or "loses", math.abs(ev.amount), ev.player.life)
  elseif ev.type == "zone_change" then
    say("   %-4s %s moves %s -> %s (423.5: not a draw)", who .. ":", ev.card.name, ev.from, ev.to)
  elseif ev.type == "shuffle" then
    say("   %-4s shuffles", who)
  elseif ev.type == "lose" then
    say("   %-4s LOSES the game", who)
  end
end

local quiet_types = { create = true }   -- card creation is set-up, not story
local function watch(g)
  for t in pairs(arbiter.EVENT_TYPES) do
    if not quiet_types[t] then g:on(t, narrate) end
  end
end

local function hand_line(p)
  local names = {}
  for _, c in ipairs(p.hand:cards()) do names[#names + 1] = c.name end
  return table.concat(names, ", ")
end

-- ---------------------------------------------------------------- cards and decks
local C = {
  island = arbiter.card{ name = "Island", types = { "Land" }, subtypes = { "Island" }, supertypes = { "Basic" } },
  forest = arbiter.card{ name = "Forest", types = { "Land" }, subtypes = { "Forest" }, supertypes = { "Basic" } },
  bears = arbiter.card{ name = "Grizzly Bears", types = { "Creature" }, subtypes = { "Bear" },
    colors = { "green" }, power = 2, toughness = 2 },
  drake = arbiter.card{ name = "Wind Drake", types = { "Creature" }, subtypes = { "Drake" },
    colors = { "blue" }, power = 2, toughness = 2, abilities = { "flying" } },
  library = arbiter.card{ name = "Words of Wisdom", types = { "Enchantment" }, colors = { "blue" } },
}

-- A small deck, in list order (the first card ends up on top before shuffling).
local function deck(size)
  local list, cycle = {}, { C.island, C.forest, C.bears, C.island, C.drake, C.forest }
  for i = 1, size do list[i] = cycle[(i - 1) % #cycle + 1] end
  return list
end

local function fill(g, p, list)
  for _, def in ipairs(list) do g:create(def, { owner = p }) end
end

-- ---------------------------------------------------------------- a duel
local function new_duel(seed)
  local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = seed }
  local ann, bob = g.players[1], g.players[2]
  fill(g, ann, deck(20))
  fill(g, bob, deck(12))
  watch(g)
  return g, ann, bob
end

-- Scene 1: shuffle, opening hands of seven, one draw each for the turn.
local function scene_opening(g, ann, bob)
  heading("Opening hands (seed %d): libraries shuffled, 7 cards each, one at a time (423.2)", opts.seed)
  g:start()
  say("   Ann's hand: %s", hand_line(ann))
  say("   Bob's hand: %s", hand_line(bob))
  heading("Turn 1: Ann's draw step")
  g:draw(ann)
  g:settle()
end

-- Scene 2: a replacement effect: "If Ann would draw a card, she gains 3 life instead"
-- for her next draw only; then a two-card draw shows 423.2 + 423.6b (the replaced draw
-- completes before the next draw of the sequence).
local function scene_replacement(g, ann, bob)
  heading("Turn 2: Bob's draw step")
  g:set_active(bob)
  g:draw(bob)
  g:settle()
  heading("Turn 3: Ann's %s: her next draw is replaced (423.6)", C.library.name)
  g:set_active(ann)
  local card = g:create(C.library, { owner = ann, zone = "battlefield" })
  local r
  r = g:add_replacement{
    event = "draw", source = card, name = "gain 3 life instead of drawing",
    applies = function(ev, _) return ev.player == ann end,
    replace = function(_, game)
      say("   replacement: instead of drawing, Ann gains 3 life (423.6, 423.6b)")
      ann.life = ann.life + 3
      game:remove_replacement(r)       -- a one-shot shield
    end,
  }
  local drawn = g:draw(ann, 2)
  say("   g:draw(ann, 2) returned %d card(s): the first draw was replaced, the second wasn't", #drawn)
  g:settle()
end

-- Scene 3: Bob's library is milled (moved, not drawn: 423.5); his next draw finds an empty
-- library and draws nothing; he loses at the next state-based check, not at once (423.4).
local function scene_empty_library(g, ann, bob)
  heading("Turn 4: Bob's library is put into his graveyard (423.5: moved, not drawn)")
  g:set_active(bob)
  local moved = 0
  for _, c in ipairs(bob.library:cards()) do
    g:move(c, "graveyard")
    moved = moved + 1
  end
  say("   %d cards moved; Bob's library holds %d", moved, #bob.library)
  local drawn = g:draw(bob)
  say("   Bob draws from an empty library: %d card(s), no draw event; lost yet? %s (423.4)",
    #drawn, tostring(bob.lost))
  say("   the next time a player would receive priority: state-based actions (420.5g)")
  g:settle()
  local r = g:result()
  print(string.format("   result: winner %s, losers %s%s", r and r.winner and r.winner.name or "none",
    r and r.losers[1] and r.losers[1].name or "none", r and r.draw and " (draw game)" or ""))
  return r
end

-- Scene 4: Two-Headed Giant: one "each player draws" instruction, the order of 423.2a
-- with teams: the active team's primary, then its secondary, then the other team.
local function scene_two_headed_giant(seed)
  heading("Two-Headed Giant: each player draws two (423.2a; active team first, primary first)")
  local g = arbiter.new_game{ teams = { { "Ann", "Amy" }, { "Bob", "Ben" } }, seed = seed }
  for _, p in ipairs(g.players) do fill(g, p, deck(6)) end
  watch(g)
  local order = {}
  g:on("draw", function(ev) order[#order + 1] = ev.player.name end)
  g:set_active(g.players[3])               -- Bob's team is active this turn
  say("   active player: %s (team life %d, shared)", g.active_player.name, g.active_player.life)
  g:draw_each(2)
  print("   draw order: " .. table.concat(order, ", "))
  return g
end

-- ---------------------------------------------------------------- main
local function main()
  local g, ann, bob = new_duel(opts.seed)
  scene_opening(g, ann, bob)
  scene_replacement(g, ann, bob)
  -- (a combat scene goes here)
  local r = scene_empty_library(g, ann, bob)
  scene_two_headed_giant(opts.seed)
  heading("Done: %s wins; state hash %s", r and r.winner and r.winner.name or "nobody", g:state_hash())
end

main()
