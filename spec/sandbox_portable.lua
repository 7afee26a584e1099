-- spec/sandbox_portable.lua — a card script that iterates and sorts (issue 15 item 5), played the
-- same way on every Lua: sandbox_attack_spec runs it here, in fresh processes of this Lua (5.4
-- seeds its string hash per process) and in every installed Lua with its build of the module.
-- The script walks string-keyed, card-keyed and mixed tables with pairs and next, a host view
-- (g:house_rules()) too, and sorts records with ties; what it sees decides the game's actions
-- (cards created in that order, damage by position). play(arbiter) -> a digest: the order the
-- script saw and the game's state hash. Run as a script: lua5.x spec/sandbox_portable.lua CPATH.
local SCRIPT = [==[
local names = { "Swamp", "Island", "Forest", "Mountain", "Plains", "Wastes", "Bog", "Marsh", "Fen",
  "Moor", "Tundra", "Savannah", "Bayou", "Plateau", "Scrubland", "Taiga", "Badlands", "Volcanic" }
return function(g, p)
  local seen = {}
  local byname = {}
  for i, n in ipairs(names) do byname[n] = i end
  for k, v in pairs(byname) do seen[#seen + 1] = k .. "=" .. v end
  local mixed = { [3] = "c", [1] = "a", x = 1, [2.5] = "h", [true] = 1, [false] = 0, y = 2, [-1] = "m" }
  local k, v = next(mixed)
  while k ~= nil do seen[#seen + 1] = tostring(k) k, v = next(mixed, k) end
  local made = {}
  for n in pairs(byname) do
    made[#made + 1] = g:create(arbiter.card{ name = n, types = { "Creature" }, power = #n % 3,
      toughness = 1 + #n % 4 }, { owner = p, zone = "battlefield" })
  end
  local set = {}
  for i = #made, 1, -1 do set[made[i]] = made[i].name end
  for c, name in pairs(set) do seen[#seen + 1] = c.id .. ":" .. name end
  for key in pairs(g:house_rules()) do seen[#seen + 1] = "rule " .. tostring(key) end
  local recs = {}
  for i, c in ipairs(made) do recs[i] = { c = c, p = c.power } end
  table.sort(recs, function(a, b) return a.p < b.p end)     -- ties: stable, in creation order
  for i, r in ipairs(recs) do
    seen[#seen + 1] = r.c.name
    if i % 4 == 0 then g:damage(r.c, g.players[2], i % 3 + 1) end
  end
  return table.concat(seen, " ")
end
]==]

local function play(arbiter)
  local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 7,
    house_rules = { { name = "calm" }, { name = "loud", starting_life = function(_, life) return life end } } }
  local f = arbiter.load_script(SCRIPT:gsub("arbiter%.card", "require('arbiter').card"),
    { name = "walker", instructions = 1e7 })
  local order = f(g, g.players[1])
  return order .. "\n" .. g:state_hash(true) .. " life " .. g.players[2].life
end

if arg and arg[0] and arg[0]:match("sandbox_portable%.lua$") and arg[1] then
  package.path = "lua/?.lua;lua/?/init.lua;" .. package.path
  package.cpath = arg[1] .. ";" .. package.cpath
  io.write(play(require("arbiter")))
end
return play
