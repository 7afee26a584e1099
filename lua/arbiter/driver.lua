-- arbiter.driver — a host with a UI loop answers the game's questions between frames
-- (docs/API.md, "Hosts with a UI loop"): no thread and no coroutine on the host's side.
--
--   g:set_agent(p, arbiter.agents.host())   p's decisions go to the host
--   local d = g:driver(function(g) return g:play_turn() end)
--   local q = d:resume()   -- a question {player, kind, what, options, names, rule, ctx, ...},
--                          -- or nil followed by the function's results once it returned
--   d:answer(v)            -- validated at once (the game is in the question's state)
--
-- How (chosen by measurement, bench/driver.lua): the engine calls agents from C through
-- lua_pcall, so nothing can yield across its frames on Lua 5.1-5.4 or LuaJIT. Instead the
-- driver runs its function inside one journal mark. When a host-agent player must answer a
-- question nobody answered yet, the driver suspends the game (ldriver.c: the inner marks
-- the engine's frames opened keep their changes while the question's error unwinds them)
-- and returns the question: the host sees and queries the game exactly as it stands at the
-- question. The next resume after an answer undoes the run (422 rollback to the driver's
-- mark) and runs the function again from the start with the answers given so far: agents
-- and the game's randomness are deterministic, so the re-run reaches the same question and
-- goes past it. A re-run costs as much as the function up to the question: a driver per
-- turn (g:play_turn) keeps a question well under a frame; so does a whole game driven as
-- g:driver(g.play, opts), re-run from the start of the current turn (play_by_turns); a
-- function of its own that calls g:play re-runs the game so far for each question
-- (bench/driver.lua prints the three).
--
-- Re-runs and what the host sees:
-- * Observers (g:on) see each event once, as without a driver: a re-run doesn't call again
--   an observer call that changed nothing in the game (see `observed` below). An observer
--   that changes the game (it draws, gains life...) is part of the game and runs on every
--   run, the re-runs included: it sees the events before the question again. d:on(type, fn)
--   / d:events() give each event once, in order, when resume returns, whatever the observer
--   does (history positions already delivered are not delivered again; an event delivered
--   at a question inside an action that then failed stays delivered, as for observers).
-- * The other players' agents and the scripts must be functions of the game (the engine's
--   agents are; agents.random and agents.scripted keep state of their own and give another
--   re-run). A re-run that asks a different question than the run before raises an error.
-- * A card script must not catch the driver's question with pcall (a question raised inside
--   it unwinds to the driver); g:attempt re-raises it.
-- * A forced declaration (the only legal attack or block: often nothing can attack) is
--   made without a question; every may and choose is asked, as an agent's would be.
-- * While a question is pending the game may be read and asked (check_attack, legal_blocks,
--   ...) but not changed: the next resume undoes every change since the driver started.
--
-- Same seed and the same answers: the same game as the same answers given by an agent
-- (spec/driver_spec.lua).
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions (internal.lua)
local core = require("arbiter.core")
local check = require("arbiter.check")
local guard = core._guard        -- the one guarded path: card-script code runs budgeted

return function(arbiter, Game)
  local fail, describe = check.fail, check.describe
  local unpack = table.unpack or unpack   -- luacheck: ignore (Lua 5.1)
  local function pack(...) return { n = select("#", ...), ... } end

  -- The error a host question unwinds with (a private value: no script can make it).
  local SUSPEND = setmetatable({}, { __tostring = function()
    return "arbiter driver: a question for the host (a pcall caught it; let it through)"
  end })
  function arbiter.is_driver_question(err) return rawequal(err, SUSPEND) end

  local running = setmetatable({}, { __mode = "k" })   -- game -> the driver running on it

  local A = require("arbiter.answers")(arbiter)
  local RULES, key, to_ids, from_ids, in_game, name_of = A.RULES, A.key, A.to_ids, A.from_ids, A.in_game, A.name_of

  -- ---------------------------------------------------------------- the host agent

  local function signature(p, kind, what, n) return kind .. ":" .. what .. ":" .. p.index .. ":" .. n end

  -- Called by a host agent's functions: the recorded answer of this question on a re-run,
  -- else the game is suspended and the question unwinds to the driver.
  local function ask(p, kind, what, options, ctx, extra)
    local _, g = core.kind(p)
    local d = running[g]
    if not d then
      error(string.format("host agent of %s asked %s %q outside a driver: run the game through g:driver(fn)",
        tostring(p), kind, what), 0)
    end
    if d.question then error(SUSPEND, 0) end   -- a pcall swallowed the question: unwind again
    d.asked = d.asked + 1
    local a = d.answers[d.asked]
    if a then
      local sig = signature(p, kind, what, #options)
      if a.sig ~= sig then
        d.diverged = string.format("question %d was %s and is %s on the re-run", d.asked, a.sig, sig)
        error(d.diverged, 0)
      end
      if kind == "choose" then
        if a.value ~= nil then return from_ids(g, a.value) end   -- a damage division of the host's own
        return options[a.index]
      end
      if kind == "may" then return a.value end
      if a.pass then return nil end
      return from_ids(g, a.value)
    end
    local q = { player = p, kind = kind, what = what, options = options, ctx = ctx or {},
      rule = RULES[what] or ("a question of the game: " .. what), index = d.asked, game = g }
    local names = {}
    for i = 1, #options do names[i] = name_of(options[i]) end
    q.names = names
    for k, v in pairs(extra or {}) do q[k] = v end
    d.question = q
    GI._suspend(g, true)
    error(SUSPEND, 0)
  end

  -- attack / block: the legal declarations (up to 16) and the solver's check for others
  local function declare_question(kind)
    return function(p, g, ctx)
      local legal = kind == "attack" and g:legal_attacks{ limit = 16 } or g:legal_blocks{ limit = 16 }
      if #legal == 1 then return legal[1] end      -- forced (often: nothing can attack or block)
      local checker = kind == "attack" and g.check_attack or g.check_block
      local nearest = kind == "attack" and g.nearest_legal_attack or g.nearest_legal_block
      return ask(p, kind, kind, legal, ctx, {
        legal = legal,
        -- check(decl) -> true | false, the engine's explanation, the nearest legal declaration
        check = function(decl)
          decl = in_game(g, decl)
          local ok, msg = checker(g, decl)
          if ok then return true end
          return false, msg, (nearest(g, decl))
        end,
      })
    end
  end

  -- priority (116): the actions p could take now (spells in hand whose timing allows and that
  -- p's mana could pay, with a legal target for each target; activated abilities, mana
  -- abilities aside); with none, p passes without a question. An answer is nil (pass) or
  -- {cast = card, targets = {...}, x = n} / {activate = card, ability = i, targets, x}: the
  -- targets may be left out, the engine then asks choose "target" for each.
  local MAIN = { main1 = true, main2 = true }
  local function actions_of(g, p)
    local out, targets, names = {}, {}, {}
    local avail = arbiter._available(g, p)
    local sorcery_ok = g.active_player.team == p.team and MAIN[g.step] and #g.stack == 0
    local hand = p.hand:cards()
    for i = 1, #hand do
      local c = hand[i]
      if not arbiter.has_type(c, "Land") and (sorcery_ok or arbiter.has_type(c, "Instant"))
          and g:can_cast(p, c) then
        local list, specs = {}, arbiter._spell_of(c).targets or {}
        for k = 1, #specs do
          list[k] = arbiter._target_candidates(g, specs[k], c, { kind = "spell", card = c })
        end
        out[#out + 1], targets[#out + 1], names[#out + 1] = { cast = c }, list, "cast " .. c.name
      end
    end
    -- the abilities of p's permanents, and those that work from p's graveyard or hand there
    -- (an activated entry's zone: its owner's)
    local function abilities_from(cards, zone)
      for _, c in ipairs(cards) do
        local abilities = arbiter._abilities_of(c)
        for k = 1, #abilities do
          local a = abilities[k]
          if not a.mana and a.def.zone == zone and (sorcery_ok or not a.sorcery)
              and arbiter._can_pay(g, p, a.cost, 0, avail)
              and (not a.cost.tap or arbiter._can_tap(c)) and arbiter._activation_allowed(g, p, c, a) then
            local list = {}
            for t = 1, #(a.targets or {}) do list[t] = arbiter._target_candidates(g, a.targets[t], c, nil) end
            out[#out + 1], targets[#out + 1] = { activate = c, ability = k }, list
            names[#out] = "activate " .. c.name .. " (" .. k .. ")"
          end
        end
      end
    end
    abilities_from(g:permanents(p, "any"), nil)
    abilities_from(hand, "hand")
    abilities_from(p.graveyard:cards(), "graveyard")
    -- the abilities p has from no permanent it takes at priority (g:add_ability with an effect:
    -- one that uses the stack or a special action, 408.2i)
    for _, h in ipairs(g:abilities(p)) do
      local cost = h.effect and arbiter._read_payment(g, h.cost)
      if cost and arbiter._payable(g, p, cost) then
        out[#out + 1], targets[#out + 1], names[#out + 1] = { activate = h }, {}, "activate " .. tostring(h)
      end
    end
    return out, targets, names
  end

  local function host_priority(p, g, ctx)
    local options, targets, names = actions_of(g, p)
    if #options == 0 then return nil end           -- nothing p could do: a pass, no question
    return ask(p, "priority", "priority", options, ctx, { targets = targets, names = names })
  end

  -- a priority answer checked against the question: one of its actions (by card and
  -- ability), targets (optional) legal for it, x a non-negative integer
  local function check_action(g, q, v)
    if type(v) ~= "table" then
      return nil, "pass with nil, or answer an action {cast = card, ...} / {activate = card, ability = i, ...}"
    end
    local card = in_game(g, v.cast or v.activate)
    local want
    for i, o in ipairs(q.options) do
      if (v.cast ~= nil and o.cast == card)
          or (v.activate ~= nil and o.activate == card and o.ability == v.ability) then
        want = i
      end
    end
    if not want then
      return nil, "not one of the " .. #q.options .. " actions " .. describe(q.player) .. " can take now ("
        .. table.concat(q.names, "; ") .. ")"
    end
    local out = { cast = q.options[want].cast, activate = q.options[want].activate, ability = q.options[want].ability }
    if v.x ~= nil then
      if type(v.x) ~= "number" or v.x < 0 or v.x % 1 ~= 0 then return nil, "x must be a non-negative integer" end
      out.x = v.x
    end
    if v.targets ~= nil then
      local legal, given = q.targets[want], in_game(g, v.targets)
      if type(given) ~= "table" or #given ~= #legal then
        return nil, string.format("%s needs %d target(s) (413)", q.names[want], #legal)
      end
      for i = 1, #legal do
        local found = false
        for _, t in ipairs(legal[i]) do if t == given[i] then found = true end end
        if not found then return nil, string.format("target %d of %s is not legal (413)", i, q.names[want]) end
      end
      out.targets = given
    end
    return out
  end

  --- arbiter.agents.host(): p's decisions are questions to the host (through a driver)
  function arbiter.agents.host()
    return {
      host = true,
      may = function(p, what, ctx) return ask(p, "may", what, { true, false }, ctx) end,
      choose = function(p, what, options, ctx) return ask(p, "choose", what, options, ctx) end,
      attack = declare_question("attack"),
      block = declare_question("block"),
      priority = host_priority,
    }
  end

  -- Observers (g:on) see each event once per real occurrence. A re-run replays the run
  -- before it call for call (agents, scripts and the game's randomness are deterministic), so
  -- the driver numbers the observer calls of each run: call n of a re-run is call n of the
  -- run before. An observer call that changed nothing in the game (the core's change counter
  -- g:_gen() is the same after it: a UI animating, a script counting in Lua) is not made
  -- again; the calls it made itself (an observer's own actions' observers) are skipped with
  -- it. One that changed the game is part of the game and runs on every run (its changes
  -- must be replayed): it sees the event again.
  local function observed(fn)
    return function(ev, game)
      local d = running[game]
      if not d then return guard(fn)(ev, game) end
      local n = d.obs_n + 1
      d.obs_n = n
      if n <= d.obs_known then
        local span = d.obs_span[n]
        if span then d.obs_n = n - 1 + span return end   -- seen: it and the calls it made
        return guard(fn)(ev, game)
      end
      local gen = GI._gen(game)
      guard(fn)(ev, game)
      if GI._gen(game) == gen then d.obs_span[n] = d.obs_n - n + 1 end
    end
  end

  local on = Game.on
  function Game:on(event, fn, opts)
    if type(fn) == "function" then      -- else: Game.on's own error
      local w = observed(fn)
      GI._observe_entering(w, fn)         -- it acts on entries only when fn does (lobserve.c)
      fn = w
    end
    return on(self, event, fn, opts)
  end

  -- g:attempt catches errors: a question must go on to the driver
  local attempt = Game.attempt
  function Game:attempt(fn, ...)
    local res = pack(attempt(self, fn, ...))
    if res[1] == false and rawequal(res[2], SUSPEND) then error(SUSPEND, 0) end
    return unpack(res, 1, res.n)
  end

  -- ---------------------------------------------------------------- the driver

  local Driver = {}
  Driver.__index = Driver
  Driver.__name = "arbiter.Driver"
  Driver.__tostring = function(d)
    return "arbiter driver (" .. (d.done and "finished" or d.question and "question pending" or "ready") .. ")"
  end

  local function check_self(d, fname)
    if getmetatable(d) ~= Driver then
      error(string.format("bad self to '%s' (driver expected, got %s; use d:%s(...))", fname, describe(d), fname), 3)
    end
  end

  --- g:driver(fn, ...) -> a driver running fn(g, ...) between the host's calls
  function Game:driver(fn, ...)
    check.func("driver", 1, fn)
    return setmetatable({ game = self, fn = fn, args = pack(...), answers = {}, asked = 0, handlers = {},
      delivered = nil, done = false, obs_n = 0, obs_known = 0, obs_span = {},
      by_turns = rawequal(fn, Game.play) }, Driver)
  end

  -- g:driver(g.play, opts): a whole game, re-run from the start of the current turn rather
  -- than from the start of the game. The driver plays the turns itself (one g:play{max_turns
  -- = 1} each: g:play's own turn) and notes where each turn starts (a checkpoint: the journal's
  -- length, the questions asked and the observer calls made before it). A re-run undoes the
  -- game back to the checkpoint only and goes on from that turn: the turns before it are
  -- played once, whatever their questions. (A function calling g:play can't be restarted so:
  -- its code around the call may read the game; it re-runs from its start.)
  local play_opts = { max_turns = 1 }
  local function play_by_turns(d, g, opts)
    local max = opts == nil and 1000 or type(opts) == "table" and check.integer(opts.max_turns or 1000)
    if not max or max < 0 then return Game.play(g, opts) end   -- its own error
    for turn = d.cp.turns + 1, max do
      if g:result() then break end
      if turn - 1 > d.cp.turns then
        d.cp = { turns = turn - 1, at = GI._journal_length(g), asked = d.asked, obs_n = d.obs_n }
      end
      Game.play(g, play_opts)
    end
    return g:result()
  end

  -- Events since the last delivery, to d:on handlers and d:events(). History positions are
  -- the same on every run up to the question, so each event is delivered once; but events
  -- delivered at a question inside an action that later failed (a g:attempt, a cast reversed:
  -- 422) were undone and their positions reused: the last WINDOW delivered ones are compared
  -- by a fingerprint, and delivery starts again at the first that changed.
  local WINDOW = 64
  local function fingerprint(ev)
    local c, p, t = ev.card, ev.player, ev.target
    return string.format("%s|%s|%s|%s|%s|%s|%s", tostring(ev.type), c and c.id or "", p and p.index or "",
      tostring(ev.amount), tostring(ev.from), tostring(ev.to), t and (t.id or t.index) or "")
  end

  local function deliver(d)
    local g = d.game
    local len, from = g:history_length(), d.delivered + 1
    local lo = math.max(d.base + 1, d.delivered - WINDOW + 1)
    if lo <= d.delivered then
      local cur = len >= lo and g:history(lo) or {}
      for i = lo, d.delivered do
        local ev = cur[i - lo + 1]
        if not ev or fingerprint(ev) ~= d.fp[i] then from = i break end
      end
    end
    local evs = len >= from and g:history(from) or {}
    for i = from, d.delivered do d.fp[i] = nil end
    for i = 1, #evs do d.fp[from + i - 1] = fingerprint(evs[i]) end
    d.delivered = from + #evs - 1
    for i = d.delivered - #evs - WINDOW, d.delivered - WINDOW do d.fp[i] = nil end
    d.new_events = evs
    for i = 1, #evs do
      local ev = evs[i]
      local hs = d.handlers[ev.type]
      if hs then for k = 1, #hs do guard(hs[k])(ev, g) end end
      hs = d.handlers["*"]
      if hs then for k = 1, #hs do guard(hs[k])(ev, g) end end
    end
  end

  -- The game back as it was when the driver started; the driver is done.
  local function undo_all(d)
    local g = d.game
    GI._driver_rollback(g, d.mark)              -- the run's mark, everything since the driver's
    GI._driver_rollback(g, d.mark)              -- the driver's
    d.mark, d.done, d.question = nil, true, nil
  end

  local function finish(d, ok, ...)
    local g = d.game
    GI._suspend(g, false)
    running[g] = nil
    if d.obs_n > d.obs_known then d.obs_known = d.obs_n end
    if not ok then
      local err = ...
      if rawequal(err, SUSPEND) and d.question then
        deliver(d)
        return d.question
      end
      undo_all(d)
      if d.diverged then
        error("driver: the re-run diverged (" .. d.diverged .. "): agents, observers and scripts"
          .. " must be functions of the game", 0)
      end
      if rawequal(err, SUSPEND) then err = "a question unwound outside the driver" end
      error(type(err) == "string" and ("driver: the driver function failed: " .. err) or err, 0)
    end
    if d.question then     -- the function caught its own question and went on
      undo_all(d)
      error("driver: the driver function caught a host question (a pcall around the game?)"
        .. " and went on; the game was undone", 0)
    end
    GI._driver_commit(g)                      -- the run's mark and the driver's
    GI._driver_commit(g)
    d.mark, d.done = nil, true
    d.results_ = pack(...)
    deliver(d)
    return nil, ...
  end

  --- d:resume() -> the pending question, or nil and fn's results once fn returned
  function Driver:resume()
    check_self(self, "resume")
    if self.done then error("bad self to 'resume' (the driver has finished: make a new one)", 2) end
    if self.question then return self.question end     -- still waiting for d:answer
    local g = self.game
    if running[g] then error("bad self to 'resume' (another driver is running on this game)", 2) end
    if self.mark then
      GI._driver_rollback(g, self.cp.at)        -- the last run, undone back to its checkpoint
    elseif GI._marks_open(g) > 0 then
      error("bad self to 'resume' (a driver runs at the host's top level, not inside a game call)", 2)
    else
      self.mark = GI._driver_mark(g)          -- the driver's: undone by cancel and by a failure
      self.cp = { at = self.mark, turns = 0, asked = 0, obs_n = 0 }   -- the start
    end
    GI._driver_mark(g)                        -- the run's (closed by the rollback to a checkpoint)
    if not self.delivered then self.delivered, self.base, self.fp = g:history_length(), g:history_length(), {} end
    self.asked, self.obs_n = self.cp.asked, self.cp.obs_n
    running[g] = self
    local args = self.args
    if self.by_turns then return finish(self, pcall(play_by_turns, self, g, unpack(args, 1, args.n))) end
    return finish(self, pcall(guard(self.fn), g, unpack(args, 1, args.n)))
  end

  --- d:answer(v): the answer to the pending question, checked against the game as it
  -- stands at the question (may: a boolean; choose: one of the options, by content;
  -- attack/block: a legal declaration)
  function Driver:answer(v)
    check_self(self, "answer")
    local q = self.question
    if not q then
      fail("answer", 1, self.done and "the driver has finished: no question is pending"
        or "no question is pending (call d:resume() first)")
    end
    local rec = { sig = signature(q.player, q.kind, q.what, #q.options) }
    if q.kind == "may" then
      if type(v) ~= "boolean" then
        fail("answer", 1, "may " .. q.what .. ": true or false expected, got " .. describe(v))
      end
      rec.value = v
    elseif q.kind == "choose" then
      local want
      for i = 1, #q.options do if rawequal(q.options[i], v) then want = i break end end
      if not want then
        local k = key(v, 0)
        for i = 1, #q.options do if key(q.options[i], 0) == k then want = i break end end
      end
      if not want and q.what == "damage" and type(q.ctx) == "table" and q.ctx.recipients then
        -- 502.2: any division, not only the options (lua/arbiter/division.lua), checked by content
        local division = in_game(self.game, v)
        local ok, msg = arbiter.check_division(q.ctx, division)
        if not ok then fail("answer", 1, "damage division refused: " .. msg) end
        rec.value = to_ids(division)
      elseif not want then
        fail("answer", 1, string.format("%s is not one of the %d options of choose %q (%s)", describe(v),
          #q.options, q.what, table.concat(q.names, "; ")))
      end
      rec.index = want
    elseif q.kind == "attack" or q.kind == "block" then
      if type(v) ~= "table" then fail("answer", 1, q.kind .. " declaration (a table) expected, got " .. describe(v)) end
      local ok, res, msg, near = pcall(q.check, v)
      if not ok then fail("answer", 1, "malformed " .. q.kind .. " declaration: " .. tostring(res)) end
      if not res then
        fail("answer", 1, "illegal " .. q.kind .. " declaration: " .. tostring(msg)
          .. (near and ("; the nearest legal one: " .. name_of(near)) or ""))
      end
      rec.value = to_ids(in_game(self.game, v))
    elseif q.kind == "priority" then
      if v ~= nil then
        local action, msg = check_action(self.game, q, v)
        if not action then fail("answer", 1, "priority: " .. msg) end
        rec.value = to_ids(action)
      else
        rec.pass = true
      end
    else
      rec.value = to_ids(v)
    end
    self.answers[q.index] = rec
    self.question = nil
  end

  --- d:on(type, fn): fn(ev, g) once for each event of that type ("*": every event), called
  -- by resume before it returns; d:events(): the events the last resume delivered
  function Driver:on(t, fn)
    check_self(self, "on")
    if type(t) ~= "string" then fail("on", 1, "event type (a string) expected, got " .. describe(t)) end
    check.func("on", 2, fn)
    local hs = self.handlers[t] or {}
    hs[#hs + 1] = fn
    self.handlers[t] = hs
  end

  function Driver:events()
    check_self(self, "events")
    return self.new_events or {}
  end

  --- d:cancel(): abandons the driver; the game is as it was when the driver started
  function Driver:cancel()
    check_self(self, "cancel")
    if self.mark then undo_all(self) end
    self.mark, self.done, self.question = nil, true, nil
  end

  --- d:question() -> the pending question or nil; d:finished() -> boolean
  function Driver:pending() check_self(self, "pending") return self.question end
  function Driver:finished() check_self(self, "finished") return self.done end
  function Driver:results()
    check_self(self, "results")
    local r = self.results_
    if not r then return nil end
    return unpack(r, 1, r.n)
  end
  arbiter.Driver = Driver
end
