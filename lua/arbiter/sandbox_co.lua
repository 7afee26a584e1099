-- arbiter.sandbox_co — a card script's coroutines (issue 15 item 2): wherever they are resumed,
-- by the script or by the host, their code runs under the script's budgets.
--
-- coroutine.create(f) in a script gives a driver: a thread running host code that resumes an
-- inner thread running f. Resumed inside a budgeted call (the script resuming its own
-- coroutine, or the engine calling through a guard) the driver resumes the inner thread at once,
-- the open call counting its instructions; resumed by the host outside any budgeted call, the
-- driver runs the step (up to the next yield or the end) as a budgeted call of the script, so
-- the host gets what a script's call gives: values checked at the boundary (functions wrapped,
-- views back to host tables), budget errors as errors of the resume. The inner thread never
-- reaches anyone (coroutine.running gives the driver) and is armed (lsandbox.c: a count hook
-- at every instruction, lifted while the driver resumes it inside a budgeted call): resumed
-- any other way it raises at its first instruction.
local core = require("arbiter.core")
local compat = require("arbiter.compat")

local M = {}

local cocreate, coresume, costatus, corunning, coyield =
  coroutine.create, coroutine.resume, coroutine.status, coroutine.running, coroutine.yield
local arm, usage = core._sandbox_arm, core._sandbox_usage
-- LuaJIT's hook is one for all threads: arming a thread would set it for the whole call (and
-- the call puts back what was there when it ends); the `inside` checks below stand in for it
if compat.luajit then arm = function() end end

local inner_of = setmetatable({}, { __mode = "k" })    -- driver -> inner thread
local driver_of = setmetatable({}, { __mode = "k" })   -- inner thread -> driver

local function rearm(th, ...) arm(th, true) return ... end
-- one step of the inner thread, inside the budgeted call that is open
local function step(inner, ...)
  arm(inner, false)
  return rearm(inner, coresume(inner, ...))
end

local function unwrap(ok, ...)
  if ok then return ... end
  error((...), 0)
end

-- The driver's body: steps the inner thread, passing what it yields out and what it is resumed
-- with in; `budgeted_step` is step under the script's budgets (core._budgeted). Tail calls and
-- varargs only: a step allocates nothing (the per-call memory budget counts every allocation).
local function drive(inner, budgeted_step)
  local loop
  local function stepped(ok, ...)
    if not ok then error((...), 0) end
    if costatus(inner) == "dead" then return ... end
    return loop(coyield(...))
  end
  loop = function(...)
    if usage() == nil then return stepped(budgeted_step(inner, ...)) end
    return stepped(step(inner, ...))
  end
  return loop
end

-- LuaJIT's hooks are global, not per thread: an inner thread's code checks when it starts and
-- when a yield returns that a budgeted call is open (elsewhere the armed hook does too).
local function inside(...)
  if usage() == nil then
    error("arbiter.sandbox: card-script code ran outside a budgeted call (a script's inner thread"
      .. " resumed directly?)", 0)
  end
  return ...
end

--- M.library(s, budgeted) -> the coroutine table of script s (name, budgets, account), whose
--- threads run under its budgets wherever they are resumed
function M.library(s, budgeted)
  local budgeted_step = budgeted(step, s.name, s.instructions, s.memory, s.account)
  local co = {}
  for k, v in pairs(coroutine) do co[k] = v end
  co.create = function(f)
    if type(f) ~= "function" then return cocreate(f) end             -- create's own error
    local inner = cocreate(function(...) return f(inside(...)) end)
    arm(inner, true)
    local d = cocreate(drive(inner, budgeted_step))
    inner_of[d], driver_of[inner] = inner, d
    return d
  end
  co.yield = function(...) return inside(coyield(...)) end
  co.running = function()
    local th, main = corunning()
    return driver_of[th] or th, main
  end
  -- seen from the script, a driver is the coroutine: "running" while its inner thread runs
  co.status = function(th)
    local st = costatus(th)
    local inner = inner_of[th]
    if st == "normal" and inner then
      local ist = costatus(inner)
      return ist == "suspended" and "normal" or ist
    end
    return st
  end
  co.wrap = function(f)
    local d = co.create(f)
    return function(...) return unwrap(coresume(d, ...)) end
  end
  return co
end

return M
