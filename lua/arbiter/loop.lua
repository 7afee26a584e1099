-- arbiter.loop — the shortcut for loops of optional actions (421.5).
--
-- A loop whose actions are optional and controlled by different players doesn't end by itself.
-- 421.5: "the active player chooses a number. In APNAP order, the nonactive players can each
-- either agree to that number or choose a higher number." g:loop takes the loop as a list of
-- steps, each one player's optional action, and:
--   1. asks the active player choose(ap, "loop_iterations", {1, 2, ..., max}, ctx);
--   2. asks each other player still in the game, in APNAP order,
--      choose(p, "loop_iterations", {n, n + 1, ..., n + max}, ctx) where n is the number so
--      far: options[1] (= n) agrees, a later option is a higher number (up to max more, so
--      that a higher number is always possible, even over a proposal of max);
--   3. performs that many iterations, one step per iteration, the steps taken in turn
--      (steps[1], steps[2], ..., steps[#steps], steps[1], ...), so the number also decides whose
--      action comes last. It stops early if the game ends.
-- ctx = {proposal = n (nil for the active player), proposer = active player, max = max,
--        steps = steps, name = spec.name}. The whole loop is one action (422): an error in a
-- step undoes all of it. max defaults to the per-game limit g:set_limits{loop_iterations = N}
-- (default 100), so an agent always answers from a finite list.
return function(arbiter, Game)
  local core, check = require("arbiter.core"), require("arbiter.check")
  local fail, describe = check.fail, check.describe

  local DEFAULT_LIMIT = 100
  local function limit_of(g) return core.env(g).loop_limit or DEFAULT_LIMIT end

  -- set_limits gains loop_iterations (kept in the game's env, copied by clone)
  local raw_set_limits = Game.set_limits
  function Game:set_limits(limits)
    local old_loop = limit_of(self)
    if limits ~= nil then
      check.table("set_limits", 1, limits)
      for k in pairs(limits) do
        if k ~= "replacement_depth" and k ~= "settle_rounds" and k ~= "loop_iterations" then
          fail("set_limits", 1, "unknown limit " .. describe(k) ..
            " (replacement_depth, settle_rounds, loop_iterations)")
        end
      end
      local v = limits.loop_iterations
      if v ~= nil and (not check.integer(v) or v < 1 or v > 100000) then
        fail("set_limits", 1, "loop_iterations must be an integer 1..100000, got " .. describe(v))
      end
    end
    local old = raw_set_limits(self, limits)
    if limits ~= nil and limits.loop_iterations ~= nil then
      local e = core.env(self)
      arbiter._note_setting(self, "top", { key = "loop_limit", old = e.loop_limit })   -- 422
      e.loop_limit = check.integer(limits.loop_iterations)
    end
    old.loop_iterations = old_loop
    return old
  end

  local function check_steps(g, spec)
    local steps = spec.steps
    if type(steps) ~= "table" or #steps == 0 then fail("loop", 1, "steps (a non-empty list) is required", 3) end
    for i, s in ipairs(steps) do
      if type(s) ~= "table" then fail("loop", 1, "steps[" .. i .. "] must be a table, got " .. describe(s), 3) end
      check.object(g, "loop", 1, s.player, "player")
      check.func("loop", 1, s.action, "steps[" .. i .. "].action")
    end
    return steps
  end

  local function range(from, to)
    local out = {}
    for n = from, to do out[#out + 1] = n end
    return out
  end

  -- 421.5: the active player names a number; the others, in APNAP order, agree or go higher.
  local function agree_on_number(g, spec, steps, min, max)
    local ap = g.active_player
    local ctx = { proposer = ap, max = max, steps = steps, name = spec.name }
    local n = arbiter._ask_choose(g, ap, "loop_iterations", range(min, max), ctx)
    for _, p in ipairs(g:apnap()) do
      if p ~= ap and not p.lost then
        ctx = { proposal = n, proposer = ap, max = max, steps = steps, name = spec.name }
        n = arbiter._ask_choose(g, p, "loop_iterations", range(n, n + max), ctx)
      end
    end
    return n
  end

  -- the settle's priority loop shortcuts loops of agents' actions the same way (stack.lua)
  arbiter._agree_loop_number = agree_on_number
  arbiter._loop_limit = limit_of

  --- g:loop{steps = {{player = p, action = function(g, i) end}, ...}, max = n, min = 1, name = s}
  --- -> the number of iterations agreed, and the number performed
  function Game:loop(spec)
    check.table("loop", 1, spec)
    local steps = check_steps(self, spec)
    local max = check.integer(spec.max or limit_of(self))
    if not max or max < 1 or max > limit_of(self) then
      fail("loop", 1, string.format("max must be an integer 1..%d (the loop_iterations limit), got %s",
        limit_of(self), describe(spec.max)))
    end
    local min = check.integer(spec.min or 1)
    if not min or min < 0 or min > max then
      fail("loop", 1, "min must be an integer 0.." .. max .. ", got " .. describe(spec.min))
    end
    return arbiter._atomic(self, function(g)
      local n = agree_on_number(g, spec, steps, min, max)
      local done = 0
      for i = 1, n do
        if g:result() then break end
        local s = steps[(i - 1) % #steps + 1]
        s.action(g, i)
        done = i
      end
      return n, done
    end)
  end
end
