-- arbiter.ask — agents and the questions asked of them: g:set_agent, g:agent,
-- arbiter.ask_may / arbiter.ask_choose (internal._ask_may / _ask_choose for the engine), each
-- answer noted or replayed when the game records or replays (replay.lua).
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions (internal.lua)
local core = require("arbiter.core")
local check = require("arbiter.check")
local fail, describe = check.fail, check.describe
local guard = core._guard        -- card-script functions run under their budgets (sandbox.lua)
local shield = core._shield
local type = type                -- (a local: a global read is a table lookup each time)

return function(internal, Game)
  local arbiter = internal   -- a public name written here lands on the public table (internal.lua)
  local env, index_of = internal._env, internal._index
  local choice_c = GI._choice   -- read once (a method call on a game is a lookup through __index)
  -- card-script code (sandbox.lua's is_script, read at the first question: the sandbox module
  -- installs itself after this one loads)
  local is_script
  local function is_budgeted(f)
    is_script = is_script or arbiter.sandbox.is_script
    return is_script(f)
  end

  -- ask_may / ask_choose's arguments (a script or house rule may call them)
  local function check_ask(fname, g, p, what)
    if core.kind(g) ~= "game" then fail(fname, 1, "game expected, got " .. describe(g), 3) end
    local kind, owner = core.kind(p)
    if kind ~= "player" then fail(fname, 2, "player expected, got " .. describe(p), 3) end
    if owner ~= g then fail(fname, 2, "player of another game: " .. describe(p), 3) end
    if type(what) ~= "string" then fail(fname, 3, "question (a string) expected, got " .. describe(what), 3) end
  end

  -- ---------------------------------------------------------------- agents

  -- g:control_player(p, by, duration): env.controlled[index of p] = {by = index, turn = n |
  -- nil, obj = stack object | nil}, replaced whole on each change (undone with a failed action,
  -- 422). A record holds for the rest of the game, during its turn, or while its object is on
  -- the stack (resolving included: "until Word of Command finishes resolving").
  local function holds(g, r)
    if r.turn then return g.turn == r.turn end
    if r.resolving then return env[g].resolving == r.resolving end
    if r.obj then
      for _, o in ipairs(g:stack_objects()) do if o == r.obj then return true end end
      return false
    end
    return true
  end

  local function holds_on_stack(g, obj)
    for _, o in ipairs(g:stack_objects()) do if o == obj then return true end end
    return false
  end

  -- The agent that answers p's questions: p's own, or the agent of the player controlling p
  local function agent_of(g, p)
    local e = env[g]
    local i = index_of[p]
    local c = e.controlled
    local r = c and c[i]
    -- the control ends when either player leaves the game (600.4: effects giving a player
    -- control end; a player who is out answers nothing)
    if r and holds(g, r) and not (p.lost or g.players[r.by].lost) then i = r.by end
    return e.agents[i]
  end
  internal._agent_of = agent_of

  --- g:control_player(p, by, duration): by's agent answers every question p is asked
  function Game:control_player(p, by, duration)
    check.object(self, "control_player", 1, p, "player")
    check.object(self, "control_player", 2, by, "player")
    if p.lost or by.lost then
      fail("control_player", p.lost and 1 or 2, tostring(p.lost and p or by) .. " has left the game")
    end
    local r = { by = index_of[by] }
    if duration == "end_of_turn" then r.turn = self.turn
    elseif type(duration) == "table" and core.kind(duration) == nil and duration.resolving ~= nil then
      r.resolving = duration.resolving       -- only while that object resolves (Word of Command's spell)
      r.obj = duration.resolving
      if not holds_on_stack(self, r.obj) then
        fail("control_player", 3, "{resolving = a stack object} expected (one on the stack now), got "
          .. describe(duration.resolving))
      end
    elseif type(duration) == "table" and core.kind(duration) == nil then
      r.obj = duration
      if not holds(self, r) then
        fail("control_player", 3, "a stack object expected (one on the stack now), got " .. describe(duration))
      end
    elseif duration ~= nil then
      fail("control_player", 3, "nil (the rest of the game), \"end_of_turn\" or a stack object expected, got "
        .. describe(duration))
    end
    return internal._atomic(self, function(g)
      local old = env[g].controlled
      local new = {}
      for k, v in pairs(old or {}) do new[k] = v end   -- (a copy: the order reaches no game)
      new[index_of[p]] = p ~= by and r or nil
      internal._note_setting(g, "top", { key = "controlled", old = old })
      env[g].controlled = new
      if r.resolving and not env[g].control_resolving then   -- stack.lua then marks what resolves
        internal._note_setting(g, "top", { key = "control_resolving", old = nil })
        env[g].control_resolving = true
      end
    end)
  end

  -- An agent with card-script functions is kept as a copy whose functions are their budgeted
  -- wrappers (later changes to the script's table don't reach the game); others as they are.
  local function guard_fields(t)
    local copy
    for k, v in pairs(t) do
      if type(v) == "function" and guard(v) ~= v then
        copy = copy or {}
        copy[k] = guard(v)
      end
    end
    if not copy then return t end
    for k, v in pairs(t) do if copy[k] == nil then copy[k] = v end end
    return copy
  end

  function Game:set_agent(p, agent)
    check.object(self, "set_agent", 1, p, "player")
    if agent ~= nil then
      check.table("set_agent", 2, agent)
      check.func("set_agent", 2, agent.may, "may", true)
      check.func("set_agent", 2, agent.choose, "choose", true)
      for _, f in ipairs({ "attack", "block", "main", "priority", "piles" }) do
        check.func("set_agent", 2, agent[f], f, true)
      end
      if agent.priority_always ~= nil and type(agent.priority_always) ~= "boolean" then
        fail("set_agent", 2, "priority_always must be a boolean, got " .. describe(agent.priority_always))
      end
    end
    local set = GI._env_own(self, "agents")   -- shared with a clone until written (lgame.c)
    internal._note_setting(self, "env", { field = "agents", key = p.index, old = set[p.index] })   -- 422
    set[p.index] = agent and guard_fields(agent)
    -- only such agents are asked (116); priority_always: at every priority, even to pass
    GI._asks(self, p, agent ~= nil and agent.priority ~= nil and (agent.priority_always and "always" or true))
  end

  function Game:agent(p)
    check.object(self, "agent", 1, p, "player")
    return shield(env[self].agents[index_of[p]])      -- read-only to card scripts
  end

  -- Every question to an agent goes through ask_may / ask_choose: a replay answers it from the
  -- recording, a recording game notes the answer (lua/arbiter/replay.lua). A game that is
  -- neither (the common case: simulations ask millions of questions) skips both.
  local recordings, replays        -- game -> recording / replay state (from replay.lua: see the end)

  -- ---------------------------------------------------------------- hidden information

  -- What the engine hands an agent holds only what the asked player may see (contract
  -- "Version 3: the details", hidden information; 217.2a a library's cards no one's, 217.3a a
  -- hand its owner's, 504 a face-down card's front its controller's): a card p may not see
  -- becomes {hidden = true, id = n}, as in g:view(p). Plain tables (ctx, an event, a stack
  -- object's record) are looked into to a small depth and copied only when something in them
  -- is hidden: the common question (nothing hidden) allocates nothing. The asked player is
  -- the one whose eyes count, also when another player's agent answers (g:control_player).
  -- ctx.shown (an array of cards): what p is looking at as it answers (a library search, "look
  -- at the top card"): handed as they are, the rest still hidden.
  local DEPTH = 3
  local function hide(g, p, v, depth, shown)
    local kind = core.kind(v)
    if kind == "card" then
      if (shown and shown[v]) or internal._visible(p, v, g) then return v end
      return { hidden = true, id = v.id }
    end
    if kind ~= nil or type(v) ~= "table" or depth >= DEPTH or getmetatable(v) ~= nil then return v end
    local copy
    for k, x in next, v do
      local y = hide(g, p, x, depth + 1, shown)
      if y ~= x then copy = copy or {}; copy[k] = y end
    end
    if not copy then return v end
    for k, x in next, v do if copy[k] == nil then copy[k] = x end end   -- (a copy: no order reaches the game)
    return copy
  end
  local function shown_of(ctx)
    local list = type(ctx) == "table" and getmetatable(ctx) == nil and rawget(ctx, "shown")
    if type(list) ~= "table" then return nil end
    local set = {}
    for i = 1, #list do set[list[i]] = true end
    return set
  end
  -- what p may see of v (options or a ctx), given the question's ctx
  -- (core.may_hide: no card in v any player might not see, the common question: v as it is,
  -- the same answer as the walk's, decided in C without a Lua call per value)
  local may_hide = core.may_hide
  local function hide_walk(g, p, v, ctx) return hide(g, p, v, 0, shown_of(ctx)) end
  local function hidden_view(g, p, v, ctx)
    if not may_hide(v, p) then return v end
    return hide_walk(g, p, v, ctx)
  end
  internal._hide = function(g, p, v) return hidden_view(g, p, v, v) end

  -- a player with no agent answers as the default agent does: "pay" questions only (its other
  -- answers are false, as with no agent)
  local default_may = require("arbiter.agents").default.may
  -- a player with no agent answers ask_pay's "x" (how much of "any amount") as the default agent
  -- does; every other choose with the first option
  local default_choose = require("arbiter.agents").default.choose

  local function ask_may_watched(g, p, what, ctx)
    local replayed, answer = internal._replayed_choice(g, p, what)
    if not replayed then
      local a = agent_of(g, p)
      answer = false
      local may = a and a.may or (what == "pay" and default_may)
      if may then
        local f = guard(may)
        ctx = ctx and hidden_view(g, p, ctx, ctx)
        answer = f(p, what, ctx or {}) and true or false   -- a script's: read-only (lsandbox.c call_fn)
      end
    end
    internal._note_choice(g, p, what, answer)
    choice_c(g)                    -- an optional action: not a mandatory loop (421.5)
    return answer
  end

  local function ask_may(g, p, what, ctx)
    if internal._quiet[g] then return false end     -- a payment tried (mana.lua): no agent asked
    if recordings[g] or replays[g] then return ask_may_watched(g, p, what, ctx) end
    local a = agent_of(g, p)
    local may = a and a.may or (what == "pay" and default_may)   -- a player with no agent
    local answer = false
    if may then
      local f = guard(may)
      ctx = ctx and hidden_view(g, p, ctx, ctx)
      answer = f(p, what, ctx or {}) and true or false   -- a script's: read-only (lsandbox.c call_fn)
    end
    choice_c(g)                    -- 421.5, as above
    return answer
  end

  -- A deep copy of the options that are tables, to check an answer by content.
  local function deep(v, seen)
    if type(v) ~= "table" then return v end
    if seen[v] then return seen[v] end
    local c = {}
    seen[v] = c
    for k, x in next, v do c[k] = deep(x, seen) end
    return c
  end

  local function snapshot(options)
    local snap
    for i = 1, #options do
      if type(options[i]) == "table" then snap = snap or {}; snap[i] = deep(options[i], {}) end
    end
    return snap
  end

  local function same(a, b, seen)
    if type(a) ~= "table" or type(b) ~= "table" then return a == b end
    if seen[a] then return seen[a] == b end
    seen[a] = b
    for k, v in next, a do if not same(v, b[k], seen) then return false end end
    for k in next, b do if a[k] == nil then return false end end
    return true
  end

  -- The agent's pick as an index into options (an error if it isn't one of them, or if it is
  -- one that the agent changed: answers are checked by content too). A card script's agent
  -- sees the options and ctx as read-only views.
  -- (may_hide's second answer, when it walked them all: whether any option is a table; with
  -- none the snapshot would be nil, and the common question (cards, strings) reads no option's
  -- type and asks no is_script: ~2,500 instructions a question, issue 28)
  -- plain: the engine's caller knows that the options are p's own cards (217.3a: a hand is its
  -- owner's) and strings, and ctx holds no card nor table (the default main phase's questions,
  -- turn.lua): what may_hide would answer, without its two walks (~2,000 instructions a question)
  local function pick_index(g, p, what, options, ctx, choose, plain)
    local f = guard(choose)
    local seen, snap = options, nil                -- what p may see of them (the same table if all)
    if plain then ctx = ctx or {}
    else
      local walk, tables = may_hide(options, p)
      if walk then seen = hide_walk(g, p, options, ctx) end
      ctx = ctx and hidden_view(g, p, ctx, ctx) or {}
      -- a script's are views (lsandbox.c call_fn)
      if (walk or tables) and not is_budgeted(f) then snap = snapshot(seen) end
    end
    local pick = f(p, what, seen, ctx)
    for i = 1, #options do
      if seen[i] == pick then
        if snap and snap[i] ~= nil and not same(snap[i], pick, {}) then
          error(string.format(
            "agent of %s answered choose(%q) with option %d changed (%s): answers are checked by content",
            tostring(p), what, i, describe(pick)), 0)
        end
        return i
      end
    end
    error(string.format("agent of %s answered choose(%q) with %s, which is not one of the %d options",
      tostring(p), what, describe(pick), #options), 0)
  end

  -- Answers by position: ask_index(g, p, what, n) -> the index (1..n) of the option p's answer
  -- to choose(p, what, <n options>) would be, when that is known without the options: p's
  -- agent's choose (or, with none, the default's) is one of arbiter.agents' whose answer
  -- depends only on how many options there are (internal._option_index, agents.lua); else nil,
  -- and the question is asked with its options. Not during a recording or a replay (those
  -- note or read each answer). The caller notes the choice (421.5: GI._choice) and makes only
  -- option k; the same answer, the same draws: the same game (the damage division,
  -- division.lua; a payment's source, mana.lua; ask_choose below).
  -- internal._index_answerer(g, p) -> the function ask_index answers through, f(p, what, n) -> the
  -- position (by_index's), or nil (asked with the options): for a run of questions between which
  -- nothing can change (a payment's plan, csrc/lstack.c's g_pay_simple, asks it once, at its
  -- first real choice)
  local option_index, by_index = internal._option_index, internal._by_index
  local function index_answerer(g, p)
    if env[g].watched and (recordings[g] or replays[g]) then return nil end   -- (ask_choose below)
    local a = agent_of(g, p)
    return by_index[a and a.choose or default_choose]
  end
  internal._index_answerer = index_answerer
  local function ask_index(g, p, what, n)
    local f = index_answerer(g, p)
    if f then return f(p, what, n) end
  end
  internal._ask_index = ask_index

  -- The common question (issue 28: ~975 in 20 example games, the main phase's "land" and "cast"):
  -- nothing records or replays it and p's agent (or the default) answers by position. Then the
  -- answer is taken here, the general path's reads inlined: env.watched (set with a recording
  -- or a replay, replay.lua: nil says neither, without two look-ups), p's agent when no player
  -- controls p (agent_of), by_index's answer (internal._option_index without its call) and the
  -- 421.5 note, as below (~1,100 of ~4,200 instructions a question; spec/ask_fast_spec.lua).
  local quiet
  -- (plain: pick_index's, the engine's own callers only: true, or the main phase's name, turn.lua,
  -- when ctx is nil: its ctx {phase = name} is made only when an agent is asked)
  local function ask_choose(g, p, what, options, ctx, plain)
    quiet = quiet or internal._quiet   -- (mana.lua's: it loads after this module)
    if quiet[g] then return options[1] end   -- a payment tried (mana.lua)
    local e = env[g]
    if not e.watched then              -- (inlined: a call costs ~300 instructions)
      local i = index_of[p]
      local c = e.controlled
      local a
      if c == nil or c[i] == nil then a = e.agents[i] else a = agent_of(g, p) end
      local f = by_index[a and a.choose or default_choose]   -- (no choose: the default's answer)
      local n = #options
      local index = f and f(p, what, n)   -- (a nil answer draws nothing: by_index's are pure then)
      if index then
        if n > 1 then choice_c(g) end
        return options[index]
      end
    end
    if plain and plain ~= true and ctx == nil then ctx = { phase = plain } end
    local watched = recordings[g] or replays[g]
    local replayed, answer
    if watched then replayed, answer = internal._replayed_choice(g, p, what, #options) end
    local index = replayed and answer.index or 1
    local a = not replayed and agent_of(g, p)
    if a and a.choose then
      -- (an answer known by its position: no hidden view, snapshot or check of the options)
      index = option_index(a.choose, p, what, #options) or pick_index(g, p, what, options, ctx, a.choose, plain)
    elseif what == "x" and not replayed then index = pick_index(g, p, what, options, ctx, default_choose) end
    if watched then internal._note_choice(g, p, what, { index = index }) end
    if #options > 1 then choice_c(g) end
    return options[index]
  end

  function arbiter.ask_may(g, p, what, ctx)
    check_ask("ask_may", g, p, what)
    return ask_may(g, p, what, ctx)
  end

  function arbiter.ask_choose(g, p, what, options, ctx)
    check_ask("ask_choose", g, p, what)
    if type(options) ~= "table" or options[1] == nil then
      fail("ask_choose", 4, "options (a non-empty array) expected, got " .. describe(options), 2)
    end
    return ask_choose(g, p, what, options, ctx)
  end
  internal._ask_may, internal._ask_choose = ask_may, ask_choose

  -- called once replay.lua has made its tables (init.lua): a game in neither is the common case
  return function() recordings, replays = internal._recordings, internal._replays end
end
