-- arbiter.turns — who takes the next turn: extra turns and skipped turns and steps (CompRules
-- 2005: 300.7 extra turns, 300.8 skipping; the contract's "Banding, turns, players, information").
--   g:extra_turn(p)            p takes an extra turn after this one; of several made during one
--                              turn the last made comes first (300.7)
--   g:skip(p, what, n)         p skips its next n turns (what = "turn") or steps (a step name)
--   g:is_active(p)             whether it is p's turn: p is the active player or, in Two-Headed
--                              Giant, on the active team (606.4b: each team takes turns)
-- The game's turn order goes on from the player whose regular turn came last: an extra turn
-- doesn't move it (after Bob's extra turn during Ann's, Bob's regular turn follows). Both live
-- in the game's Lua state (env: indices, so a clone reads its own players), undone with a failed
-- action (422, arbiter.settings); turn.lua asks next_turn(g) and skipped(g, p, step).
local check = require("arbiter.check")
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions (internal.lua)
local fail, describe = check.fail, check.describe

local STEPS = { untap = true, upkeep = true, draw = true, main1 = true, beginning_of_combat = true,
  declare_attackers = true, declare_blockers = true, combat_damage = true, end_of_combat = true,
  main2 = true, ["end"] = true, cleanup = true, turn = true }

local BEGIN = "begin turn"    -- the declared event of a turn about to begin (replaceable)

return function(arbiter, Game)
  local env, atomic, index_of = arbiter._env, arbiter._atomic, arbiter._index
  local note = arbiter._note_setting

  -- env[g][key] replaced by a new value, undone with a failed action (the old table is kept
  -- whole: records are never changed in place)
  local function set(g, key, v)
    note(g, "top", { key = key, old = env[g][key] })
    env[g][key] = v
  end

  local function copy(t)
    local out = {}
    for k, v in pairs(t or {}) do out[k] = v end   -- (a copy: the order reaches no game)
    return out
  end

  --- g:extra_turn(p): p takes an extra turn after this one (the last made comes first)
  --- g:is_active(p) -> whether it is p's turn ("your turn", "your upkeep"): p is the active
  --- player, or in Two-Headed Giant a member of the active team (606.4b: "Each team takes turns
  --- rather than each player"). A player's team is its own without teams (allies keep theirs).
  function Game:is_active(p)
    check.object(self, "is_active", 1, p, "player")
    return self.active_player.team == p.team
  end

  function Game:extra_turn(p)
    check.object(self, "extra_turn", 1, p, "player")
    if p.lost then fail("extra_turn", 1, tostring(p) .. " has left the game (300.7: no turn to take)") end
    return atomic(self, function(g)
      local q = { index_of[p] }
      for _, i in ipairs(env[g].extra_turns or {}) do q[#q + 1] = i end
      set(g, "extra_turns", q)
    end)
  end

  --- g:skip(p, "turn" | step name, n): p skips its next n turns or steps
  function Game:skip(p, what, n)
    check.object(self, "skip", 1, p, "player")
    if not STEPS[what] then
      fail("skip", 2, "\"turn\" or a step name (\"untap\", \"upkeep\", \"draw\", \"main1\", ... \"cleanup\") " ..
        "expected, got " .. describe(what))
    end
    n = n == nil and 1 or check.integer(n)
    if not n or n < 1 then fail("skip", 3, "a positive integer count expected, got " .. describe(n)) end
    return atomic(self, function(g)
      local all, i = copy(env[g].skips), index_of[p]
      local mine = copy(all[i])
      mine[what] = (mine[what] or 0) + n
      all[i] = mine
      set(g, "skips", all)
    end)
  end

  -- true (and one skip used) when p skips `what` now (300.8); a continuous effect that skips
  -- it (rules.skip: Stasis) uses no counted skip
  local function skipped(g, p, what)
    if what ~= "turn" and arbiter._skips_step(g, p, what) then return true end
    local all = env[g].skips
    local i = index_of[p]
    local left = all and all[i] and all[i][what]
    if not left or left < 1 then return false end
    all = copy(all)
    local mine = copy(all[i])
    mine[what] = left > 1 and left - 1 or nil
    all[i] = mine
    set(g, "skips", all)
    return true
  end
  arbiter._skipped = skipped
  -- whether s names a step (g:delayed_trigger{step}'s check: its error names that function)
  arbiter._is_step = function(s) return s ~= "turn" and STEPS[s] == true end

  -- The player who takes the next turn (after the current one), using up what it uses: the
  -- first extra turn of a player still in the game, else the next regular turn in turn order
  -- (next_after(g, from)) from the last regular turn's player: env.regular_turn while an
  -- extra or skipped turn came since (nil: the active player's turn was the regular one, and
  -- games without either never write it); a skipped turn is passed over.
  -- (g.players, a fresh array, read only with an extra turn or a regular turn to go back to;
  -- the active player read as a method call, not through __index: issue 28, every turn)
  local active = GI._active
  function arbiter._next_turn(g, next_after)
    for _ = 1, 10000 do
      local e, p, extra = env[g], nil, false
      local q = e.extra_turns
      while q and q[1] and not p do
        local rest = {}
        for k = 2, #q do rest[#rest + 1] = q[k] end
        local ps = g.players
        if not ps[q[1]].lost then p, extra = ps[q[1]], true end
        set(g, "extra_turns", rest[1] and rest or nil)
        q = rest
      end
      if extra then
        if not e.regular_turn then set(g, "regular_turn", index_of[active(g)]) end
      else
        p = next_after(g, e.regular_turn and g.players[e.regular_turn] or active(g))
        if e.regular_turn then set(g, "regular_turn", nil) end
      end
      -- "begin turn" {player}: emitted once declared (Time Vault); replaced away, p skips it
      if not skipped(g, p, "turn") and not (e.event_names and e.event_names[BEGIN]
        and not g:emit(BEGIN, { player = p })) then
        return p
      end
      if not extra then set(g, "regular_turn", index_of[p]) end   -- the order goes on after p
    end
    error("next turn: more than 10000 turns skipped in a row", 0)
  end
end
