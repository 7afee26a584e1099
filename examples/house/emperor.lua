-- examples/house/emperor.lua — the Emperor variant (607 of the 2005-2008 Comprehensive Rules) on
-- top of the engine's multiplayer options (issue 33 item 3).
--
--   local emperor = dofile("examples/house/emperor.lua")
--   local g = emperor.new_game{ teams = { { "Gil", "Eve", "Gus" }, { "Hal", "Emma", "Hugo" } }, seed = 1 }
--
-- Each team is three names, its emperor in the middle (607.2). What the variant asks, and how:
--   607.2  each team sits together, the emperor in the middle: the seats go team by team
--          (general, emperor, general), and the turn passes to the left (607.4), so the
--          players' turn order is the seating;
--   607.3a range of influence 2 for emperors, 1 for generals: new_game{range = {name = n}} (601);
--   607.3b the deploy creatures option (603.2): every creature has "{T}: Target teammate gains
--          control of this creature. Play this ability only any time you could play a sorcery."
--          (a g:add_static granting the ability to every creature, for the whole game);
--   607.3c a player can attack only an opponent seated immediately next to it: attack = "adjacent"
--          (at the start neither emperor can attack anyone);
--   607.4  a random emperor goes first: g:random picks the team, g:set_active its emperor;
--   607.5a a team loses if its emperor loses: an observer of "lose" makes the emperor's generals
--          still in the game lose with it;
--   607.7  a team's resources aren't shared (each keeps its own life, turns and cards) and
--          teammates aren't opponents: new_game{allies = teams}. The team whose players are the
--          last in the game wins, each of its players, even one who left before (102.2c):
--          g:result().winners.
-- Which players are emperors is kept with the game (g:store), so clones and replays know it.
local arbiter = require("arbiter")

local M = {}

-- 603.2: the deploy ability every creature has
local DEPLOY = {
  cost = "{T}", timing = "sorcery",
  targets = { { what = "player", filter = function(p, g, source)
    local s = g:store("emperor")
    return p ~= source.controller and s.team[p.index] == s.team[source.controller.index]
  end } },
  effect = function(obj, g, source) g:gain_control(source, obj.targets[1]) end,
}

-- 607.5a: an emperor's loss is its team's
local function emperor_lost(ev, g)
  local s = g:store("emperor")
  local p = ev.player
  if not s.emperor[p.index] then return end
  local generals = {}
  for _, q in ipairs(g.players) do
    if q ~= p and s.team[q.index] == s.team[p.index] and not q.lost then generals[#generals + 1] = q end
  end
  if #generals > 0 and not g:result() then g:lose(generals) end
end

-- the house rule: its state, the observer, the deploy ability, the first emperor (607.4)
function M.rule(teams)
  return {
    setup = function(g)
      local team, is_emperor, index = {}, {}, {}
      for _, p in ipairs(g.players) do index[p.name] = p.index end
      for t, names in ipairs(teams) do
        for k, n in ipairs(names) do
          team[index[n]] = t
          if k == 2 then is_emperor[index[n]] = true end
        end
      end
      g:store("emperor", { team = team, emperor = is_emperor })
      g:on("lose", emperor_lost)
      g:add_static{ affects = function(c) return c:is("Creature") end, activated = { DEPLOY } }
      g:set_active(g.players[index[teams[g:random(#teams)][2]]])
    end,
  }
end

-- opts.teams: lists of three names, {general, emperor, general}; opts.seed, opts.house_rules and
-- other new_game options as usual
function M.new_game(opts)
  local teams, names, range = opts.teams, {}, {}
  assert(type(teams) == "table" and #teams >= 2, "emperor.new_game: teams must be two or more teams")
  for t, team in ipairs(teams) do
    assert(type(team) == "table" and #team == 3,
      "emperor.new_game: teams[" .. t .. "] must be three names (general, emperor, general)")
    for k, n in ipairs(team) do
      names[#names + 1] = n
      range[n] = k == 2 and 2 or 1                   -- 607.3a
    end
  end
  local o = {}
  for k, v in pairs(opts) do o[k] = v end
  o.teams, o.players, o.range, o.attack, o.allies = nil, names, range, "adjacent", teams
  local rules = { M.rule(teams) }
  for _, r in ipairs(opts.house_rules or {}) do rules[#rules + 1] = r end
  o.house_rules = rules
  return arbiter.new_game(o)
end

return M
