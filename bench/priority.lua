-- bench/priority.lua — what a priority pass costs when nobody can act (116, csrc/stack.c).
-- Both players have agents that answer priority, but neither has an instant or an activated
-- ability: settle passes priority around without calling Lua or making a table. Compared
-- with the same settles in a game whose agents don't answer priority at all (nobody is ever
-- asked), and with a game where one player holds an instant and is asked each time (and
-- passes): the cost of asking. (With an agent that answers priority settle can't know in
-- advance that no Lua runs, so it is called as a protected call: that, not the passes, is
-- the difference between the first two rows.)
-- usage: lua5.4 bench/priority.lua [--quick] [--reps N]
local B = dofile((arg[0]:match("^(.*)[/\\]") or ".") .. "/common.lua")
local arbiter = B.arbiter
local opt = B.options()
local N = opt.quick and 20000 or 200000

local bolt = arbiter.card{ name = "Bolt", types = { "Instant" }, cost = "{R}" }
local bear = arbiter.card{ name = "Bear", types = { "Creature" }, power = 2, toughness = 2 }

local asked = 0
local function game(kind)
  local g = arbiter.new_game{ players = { "Ann", "Bob" }, seed = 1 }
  for _, p in ipairs(g.players) do
    for _ = 1, 5 do g:create(bear, { owner = p, zone = "battlefield" }) end
    for _ = 1, 5 do g:create(bear, { owner = p, zone = "hand" }) end
    if kind ~= "none" then g:set_agent(p, { priority = function() asked = asked + 1 end }) end
  end
  if kind == "asked" then g:create(bolt, { owner = g.players[2], zone = "hand" }) end
  g:begin_turn(g.players[1])
  g:upkeep_step()                     -- a step: priority is given (not main: no sorcery speed)
  return g
end

local function settles(g) for _ = 1, N do g:settle() end end

local t_none = B.time(opt.reps, function() return game("none") end, settles)
local t_idle = B.time(opt.reps, function() return game("idle") end, settles)
asked = 0
local t_asked = B.time(opt.reps, function() return game("asked") end, settles)
local per_call = math.floor(asked / opt.reps)

B.report(string.format("g:settle() with an empty stack, %d times, in the upkeep step", N), {
  { name = "agents without priority (nobody asked)", value = B.us(t_none / N), ratio = 1 },
  { name = "agents with priority, nothing to cast or activate", value = B.us(t_idle / N),
    ratio = t_idle / t_none, target = 2, note = "no Lua call, no table (settle runs protected)" },
  { name = "one player holds an instant: asked, passes", value = B.us(t_asked / N),
    ratio = t_asked / t_none, note = string.format("%d questions per run", per_call) },
}, "per settle")
