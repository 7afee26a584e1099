-- bench/view.lua — g:view(p) of a mid-game state (issue 30, "Speed": "g:view(p) of a mid-game
-- state with 100 permanents in under 1 ms"): 100 permanents on the battlefield (creatures with
-- abilities, tapped ones, counters, Auras attached, lands, a face-down one), hands, graveyards, a
-- spell on the stack, asked for each player. The target is an absolute time (the issue's): it is
-- printed with the machine's pure-Lua unit beside it, so a slow machine shows as such.
-- usage: lua5.4 bench/view.lua [--quick] [--reps N]
local B = dofile((arg[0]:match("^(.*)[/\\]") or ".") .. "/common.lua")
local arbiter = B.arbiter
local opt = B.options()
local alpha = require("arbiter.sets.alpha")

local function board()
  local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 30 }
  local ann, bob = g.players[1], g.players[2]
  local names = { "Grizzly Bears", "Serra Angel", "Shivan Dragon", "White Knight", "Llanowar Elves",
    "Wall of Wood", "Sengir Vampire", "Benalish Hero" }
  local lands = { "Forest", "Island", "Mountain", "Plains", "Swamp" }
  for i = 1, 50 do
    for _, p in ipairs({ ann, bob }) do
      local def = i % 3 == 0 and alpha[lands[1 + i % 5]] or alpha[names[1 + i % #names]]
      local c = g:create(def, { owner = p, zone = "battlefield" })
      if i % 4 == 0 then c:tap() end
      if i % 7 == 0 and c:is("Creature") then c:add_counters("+1/+1", 1) end
    end
  end
  local bears = g:permanents(ann, "Creature")
  g:attach(g:create(alpha["Holy Strength"], { owner = ann, zone = "battlefield" }), bears[1])
  g:turn_face_down(bears[2])
  for _ = 1, 7 do
    g:create(alpha["Lightning Bolt"], { owner = ann, zone = "hand" })
    g:create(alpha["Giant Growth"], { owner = bob, zone = "hand" })
    g:create(alpha["Grizzly Bears"], { owner = ann, zone = "graveyard" })
  end
  for _ = 1, 30 do
    g:create(alpha["Forest"], { owner = ann, zone = "library" })
    g:create(alpha["Forest"], { owner = bob, zone = "library" })
  end
  return g, ann, bob
end

local g, ann, bob = board()
local n = #g.battlefield:cards()
local inner = 50
local unit = B.time(opt.reps, nil, function()
  local s = 0
  for _ = 1, 100000 do s = s + 1 end
  return s
end)
local t = B.time(opt.reps, nil, function() for _ = 1, inner do g:view(ann); g:view(bob) end end) / (2 * inner)
local rows = { { name = string.format("g:view(p), %d permanents", n), value = string.format("%.3f ms", t * 1e3),
  ratio = t / 1e-3, target = 1, note = string.format("(ratio: to the issue's 1 ms)  unit %s", B.us(unit)) } }
local missed = B.report("g:view of a mid-game state", rows, "time")
if missed > 0 then os.exit(1) end
