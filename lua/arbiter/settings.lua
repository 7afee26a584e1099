-- arbiter.settings — 422 for the settings the Lua layer keeps: a failed call or g:attempt
-- undoes every setting it changed, as it undoes the game state (csrc/settings.c).
--
-- One mechanism: before changing a setting, the layer calls note(g, kind, record). The core
-- gives the change a number from a journaled counter (g:_host_change, nil when no action is
-- open: nothing can be undone then) and the record is filed under it in env.settings_log. A
-- rollback restores the counter; the binding then calls env.undo_settings(g), which undoes,
-- newest first, every record filed above the counter. Records are data (a clone copies the
-- log and undoes its own env; an env table it shares is copied first: GI._env_own), each undone by its kind:
--   env    env[g][field][key] = old      (agents, declared events)
--   top    env[g][key] = old             (house rules, combat costs, loop_iterations)
--   budget the solver's node budget back to old
--   field  t[key] = old                  (a handle's field; handles are shared by clones)
-- A clone's log holds its original's records (copied one level), each at or below the serial
-- the clone starts with: no rollback of the clone goes below it, so the clone never undoes
-- them and a "field" record's t (the original's env.installed) is never written by the clone
-- (spec/clone_env_spec.lua). Its own records hold its own copy (env.installed is copied).
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions (internal.lua)
return function(arbiter, Game)
  local env = arbiter._env
  local host_change, host_serial = GI._host_change, GI._host_serial

  local UNDO = {                  -- combat.lua adds budget
    env = function(g, x) GI._env_own(g, x.field)[x.key] = x.old end,   -- shared with a clone: copied first
    top = function(g, x) env[g][x.key] = x.old end,
    field = function(_, x) x.t[x.key] = x.old end,
  }
  arbiter._undo_kinds = UNDO

  -- undoes the records of log filed above now, newest first
  local function undo_above(g, log, now)
    for i = #log, 1, -1 do
      local x = log[i]
      if x.s <= now then break end
      log[i] = nil
      UNDO[x.kind](g, x)
    end
  end

  -- undoes the records filed above the counter in force (the binding calls it after a rollback)
  local function undo(g)
    local log = env[g].settings_log
    if log then undo_above(g, log, host_serial(g)) end
  end

  -- note(g, kind, record): files the undo of a change about to be made. The counter in force
  -- before the change is s - 1 (host_change journals s), so records a rollback left behind
  -- (a rollback in the core the binding did not see) are those filed at s or above: they are
  -- undone first, without asking the counter again (one core call a setting, ~0.5 K less)
  local function note(g, kind, x)
    local s = host_change(g)
    local e = env[g]
    local log = e.settings_log
    if not s then                 -- no action open: nothing before can be undone either
      if log then undo_above(g, log, host_serial(g)) end
      e.settings_log = nil
      return
    end
    if not log then
      log = {}; e.settings_log = log
    else
      local n = #log
      if n > 0 and log[n].s >= s then undo_above(g, log, s - 1) end
    end
    x.kind, x.s = kind, s
    log[#log + 1] = x
  end

  arbiter._note_setting = note
  arbiter._undo_settings = undo
end
