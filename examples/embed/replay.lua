-- examples/embed/replay.lua — a single-threaded host whose agents' answers come from its UI
-- loop, without threads:
--
--   lua5.4 examples/embed/replay.lua [SEED]
--
-- Why not coroutines? An agent is called from inside an API call (g:start, g:discard,
-- g:combat_damage, ...), and every API call runs under lua_pcall in C (g:attempt, the
-- binding's atomic guard), without a continuation (lua_pcallk). So coroutine.yield() in an
-- agent fails with "attempt to yield across a C-call boundary" — and the call that asked is
-- undone, so the game is unchanged. Part 1 below shows it.
--
-- What works instead (part 2): "ask, undo, replay". The agent looks the answer up in the
-- list of answers the UI has given; when there is none yet it raises a Question. The game
-- call fails as a whole (every API call is atomic: nothing half-done), the UI loop shows the
-- question across frames, records the answer and runs the game again from the start with one
-- more answer: same seed + same calls + same answers => the same game (determinism). The cost
-- is one replay per question; a host that drives its game action by action can retry only
-- the action that asked (g:attempt rolls it back) instead of the whole game.
package.path = "lua/?.lua;lua/?/init.lua;" .. package.path
package.cpath = (os.getenv("ARBITER_CPATH") or "build/?.so") .. ";" .. package.cpath
local arbiter = require("arbiter")
local compat = require("arbiter.compat")
local play = dofile("examples/embed/game.lua")
local policy = dofile("examples/embed/policy.lua")
local Q = dofile("examples/embed/questions.lua")
local seed = compat.toint(tonumber(arg and arg[1] or "1")) or 1

-- ---- part 1: an agent that yields
local yielding = {
  may = function(p, what) return coroutine.yield("may", p.name, what) end,
  choose = function(p, what, options) return options[coroutine.yield("choose", p.name, what)] end,
}
local co = coroutine.create(function()
  return play(arbiter, { agents = { yielding, yielding }, seed = seed, log = function() end })
end)
local ok, err = coroutine.resume(co)
print("coroutine agent: " .. (ok and "yielded (this binding now supports yields)" or ("fails: " .. tostring(err))))

-- ---- part 2: ask, undo, replay
local Question = {}
Question.__index = Question

local answers = {}   -- every answer the UI has given, in the order the game asks

-- An agent for one run of the game; counter() numbers its questions 1, 2, ... in order.
local function replay_agent(counter)
  local function answer(q)
    q.n = counter()
    if answers[q.n] == nil then error(setmetatable(q, Question)) end
    return answers[q.n]
  end
  return {
    may = function(p, what, ctx)
      return answer{ kind = "may", player = p.name, what = what, info = Q.info(what, ctx) }
    end,
    choose = function(p, what, options, ctx)
      return options[answer{ kind = "choose", player = p.name, what = what, info = Q.info(what, ctx),
                             options = Q.describe_all(options) }]
    end,
  }
end

local shown, replays, frames = 0, 0, 0
local function run_game()
  local asked = 0
  local function counter() asked = asked + 1; return asked end
  local agent = replay_agent(counter)
  local lines = 0
  replays = replays + 1
  return pcall(play, arbiter, { agents = { agent, agent }, seed = seed, log = function(line)
    lines = lines + 1
    if lines > shown then shown = lines; print("  | " .. line) end   -- a replay shows only new lines
  end })
end

-- The UI loop: each frame either runs the game (until it asks) or answers the question shown.
local pending
while true do
  frames = frames + 1
  if pending then
    local q = pending
    local a
    if q.kind == "may" then
      a = policy("may", q.player, q.what, q.info, {})
      print(string.format("UI: %s, %s? (%s) -> %s", q.player, q.what, q.info, a and "yes" or "no"))
    else
      a = policy("choose", q.player, q.what, q.info, q.options)
      print(string.format("UI: %s chooses %s among %d: %s", q.player, q.what, #q.options, q.options[a]))
    end
    answers[q.n] = a
    pending = nil
  else
    local done, summary, hash = run_game()
    if done then
      print("UI: game over: " .. summary .. " (state hash " .. hash .. ")")
      break
    elseif getmetatable(summary) == Question then
      pending = summary
    else
      error(summary, 0)
    end
  end
end
io.stderr:write(string.format("UI: %d answers, %d replays, %d frames\n", #answers, replays, frames))
