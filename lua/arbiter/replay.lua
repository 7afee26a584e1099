-- arbiter.replay — recording a game and replaying it (determinism, docs/API.md, "Actions as a whole,
-- copies, determinism").
--
-- arbiter.new_game{..., record = true} makes a game that records every top-level call (a Game
-- method, a card's tap/untap/grant/revoke, p.life = n) with its arguments, every answer its
-- agents gave during that call, whether it raised, and the state hash after it.
-- g:recording() returns the recording:
--   { version = 1, options = {players|teams, seed, starting_life, house_rules},
--     steps = { {call = "draw", on = "game"|"card"|"player", self = ref, args = {n = k, ...},
--                choices = {{player = index, what = "draw", answer = true | {index = i}}, ...},
--                ok = true|false, err = message|nil, hash = "..."}, ... } }
-- Game objects in arguments are stored as references (card id, player index, zone name and
-- owner), so a replay applies them to its own game; functions, card definitions and house rules
-- are kept as they are (the replay shares them, as a clone does). An answer to choose() is kept
-- as the index of the option chosen.
--
-- arbiter.replay(recording) builds a new game from the options and re-runs each step, answering
-- every agent question from the recording (not from agents), and compares the state hash after
-- each step. It returns the game when every step matches, else nil, a message naming the first
-- step that diverges and why, that step's number and the game as it was then.
-- Calls made inside a recorded call (by scripts, by the Lua layer) are part of that step; calls
-- a script makes on another game are not recorded there. A clone doesn't record.
--
-- arbiter.save_recording(rec) -> Lua source (or nil, message naming a value that is a function)
-- and arbiter.load_recording(src) -> rec carry a recording of data to another process.
--
-- Agents' other decisions (attack, block, main, any function field but may/choose): g:set_agent
-- is recorded as a step with the agent's shape (its field names), and the game keeps a proxy
-- of the agent. Each call of such a field is recorded among the step's choices as
-- {player, what = field, agent = true, acts = {calls the agent made on the game}, result = its
-- return value}; a replay installs agents of the same shape that re-make those calls and return
-- the recorded result, so an agent that plays its own main phase replays too.
local compat = require("arbiter.compat")
local isint, pack, unpack = compat.isint, compat.pack, compat.unpack
local recfile = require("arbiter.recfile")

return function(arbiter, Game)
  local core = require("arbiter.core")
  local recordings = setmetatable({}, { __mode = "k" })   -- game -> recording
  local replays = setmetatable({}, { __mode = "k" })      -- game -> replay state
  -- ask_may / ask_choose look a game up in both first: neither, no choice to replay or note
  arbiter._recordings, arbiter._replays = recordings, replays

  local Ref = { __name = "arbiter.Ref" }   -- marks a stored reference to a game object
  local NOT_RECORDED = { recording = true, result = true, history = true, history_length = true,
    state_hash = true, agent = true, set_agent = true, apnap = true, house_rules = true,
    check_attack = true, check_block = true, max_attack_requirements = true,
    max_block_requirements = true, legal_attacks = true, legal_blocks = true,
    nearest_legal_attack = true, nearest_legal_block = true, clone = true, blocks = true,
    attackers = true, permanents = true, max_hand_size = true, can_cast = true,
    combat_budget = true }   -- queries: they change nothing
  local CARD_CALLS = { "tap", "untap", "grant", "revoke" }

  -- ---------------------------------------------------------------- references

  local function encode(v, g, rec, depth)
    local t = type(v)
    if t == "userdata" then
      local kind, owner = core.kind(v)
      if kind == "game" and v == g then return setmetatable({ ref = "game" }, Ref) end
      if owner ~= g then return v end
      if kind == "card" then return setmetatable({ ref = "card", id = v.id }, Ref) end
      if kind == "player" then return setmetatable({ ref = "player", index = v.index }, Ref) end
      if kind == "zone" then
        return setmetatable({ ref = "zone", name = v.name, owner = v.owner and v.owner.index }, Ref)
      end
      return v
    elseif t == "table" then
      if rec.handle_n[v] then return setmetatable({ ref = "handle", n = rec.handle_n[v] }, Ref) end
      -- an ability a player has (g:add_ability), made while something resolved: by its number
      if getmetatable(v) == arbiter._PlayerAbility and (arbiter._env[g].player_abilities or {})[v.n] == v then
        return setmetatable({ ref = "player_ability", n = v.n }, Ref)
      end
      if getmetatable(v) ~= nil or depth > 20 then return v end
      local out = {}
      for k, x in pairs(v) do out[encode(k, g, rec, depth + 1)] = encode(x, g, rec, depth + 1) end
      return out
    end
    return v
  end

  local function find_card(g, st, id)
    if st.cards[id] then return st.cards[id] end
    local zones = { g.battlefield, g.exile, g.stack }
    for _, p in ipairs(g.players) do
      zones[#zones + 1] = p.library; zones[#zones + 1] = p.hand; zones[#zones + 1] = p.graveyard
    end
    for _, z in ipairs(zones) do
      for _, c in ipairs(z:cards()) do st.cards[c.id] = c end
    end
    return st.cards[id] or error(string.format("replay: no card %d in the replayed game", id), 0)
  end

  local function decode(v, g, st)
    if type(v) ~= "table" then return v end
    if getmetatable(v) == Ref then
      if v.ref == "game" then return g end
      if v.ref == "card" then return find_card(g, st, v.id) end
      if v.ref == "player" then return g.players[v.index] end
      if v.ref == "zone" then return v.owner and g.players[v.owner][v.name] or g[v.name] end
      if v.ref == "handle" then return st.handles[v.n] end
      if v.ref == "player_ability" then return (arbiter._env[g].player_abilities or {})[v.n] end
    end
    if getmetatable(v) ~= nil then return v end
    local out = {}
    for k, x in pairs(v) do out[decode(k, g, st)] = decode(x, g, st) end
    return out
  end

  -- Results that are objects with a metatable (effect handles) get a number, in call order, so
  -- a later step that passes one (remove_replacement(h)) finds the replay's own handle.
  local function number_handles(list, index, r)
    for i = 2, r.n do
      local v = r[i]
      if type(v) == "table" and getmetatable(v) ~= nil and not arbiter.is_card_definition(v)
          and not index[v] then
        list[#list + 1] = v
        index[v] = #list
      end
    end
  end

  -- ---------------------------------------------------------------- recording

  local function record_call(rec, g, on, name, f, self, ...)
    local step = { call = name, on = on, self = encode(self, g, rec, 0),
      args = encode(pack(...), g, rec, 0), choices = {} }
    rec.depth, rec.step = 1, step
    local r = pack(pcall(f, self, ...))
    rec.depth, rec.step = 0, nil
    step.ok = r[1]
    if r[1] then number_handles(rec.handles, rec.handle_n, r) else step.err = tostring(r[2]) end
    step.hash = g:state_hash()
    rec.steps[#rec.steps + 1] = step
    if not r[1] then error(r[2], 0) end
    return unpack(r, 2, r.n)
  end

  -- A call an agent makes on the game while deciding (inside a recorded step): kept in the
  -- decision's list of acts, without a hash; its own nested calls belong to it.
  local function record_act(rec, g, on, name, f, self, ...)
    local scope = rec.scope
    local act = { call = name, on = on, self = encode(self, g, rec, 0), args = encode(pack(...), g, rec, 0) }
    scope.acts[#scope.acts + 1] = act
    rec.depth = rec.depth + 1
    local r = pack(pcall(f, self, ...))
    rec.depth = rec.depth - 1
    act.ok = r[1]
    if not r[1] then error(r[2], 0) end
    number_handles(rec.handles, rec.handle_n, r)
    return unpack(r, 2, r.n)
  end

  local function game_of(self, on)
    if on == "game" then return self end
    local kind, g = core.kind(self)
    return kind and g
  end

  local function wrap(on, name, f)
    return function(self, ...)
      local g = game_of(self, on)
      local rec = g ~= nil and recordings[g]
      if not rec then return f(self, ...) end
      if rec.depth == 0 then return record_call(rec, g, on, name, f, self, ...) end
      if rec.scope and rec.depth == rec.scope.base then return record_act(rec, g, on, name, f, self, ...) end
      return f(self, ...)
    end
  end

  local function shape_of(agent)
    if agent == nil then return nil end
    local names = {}
    for k, v in pairs(agent) do
      if type(v) == "function" and k ~= "may" and k ~= "choose" then names[#names + 1] = k end
    end
    table.sort(names)
    return names
  end

  -- The recording game's copy of an agent: may/choose as they are (ask_may / ask_choose note
  -- the answers), every other function field recorded as a decision with the calls it makes.
  local function proxy_agent(g, rec, p, agent)
    local px = {}
    for k, v in pairs(agent) do px[k] = v end
    for _, k in ipairs(shape_of(agent)) do
      local f = core._guard(agent[k])          -- card-script code keeps its budgets
      px[k] = function(...)
        local step = rec.step
        if not step then return f(...) end
        local entry = { player = p.index, what = k, agent = true, acts = {} }
        step.choices[#step.choices + 1] = entry
        local outer = rec.scope
        rec.scope = { base = rec.depth, acts = entry.acts }
        local r = pack(pcall(f, ...))
        rec.scope = outer
        if not r[1] then error(r[2], 0) end
        entry.result = encode(pack(unpack(r, 2, r.n)), g, rec, 0)
        return unpack(r, 2, r.n)
      end
    end
    return px
  end

  local function wrap_set_agent(set)
    return function(self, p, agent)
      local rec = recordings[self]
      if not rec or rec.depth > 0 then return set(self, p, agent) end
      set(self, p, agent)                               -- checks the arguments
      if agent ~= nil then set(self, p, proxy_agent(self, rec, p, agent)) end
      rec.steps[#rec.steps + 1] = { call = "set_agent", on = "game", self = encode(self, self, rec, 0),
        args = encode(pack(p, shape_of(agent)), self, rec, 0), choices = {}, ok = true,
        hash = self:state_hash() }
    end
  end

  -- Wraps the public methods once, when the first recording game is made: games that don't
  -- record pay one table lookup per call, and only in a process that records.
  local wrapped = false
  local function wrap_methods()
    if wrapped then return end
    wrapped = true
    local names = {}
    for name, f in pairs(Game) do
      if type(f) == "function" and name:sub(1, 1) ~= "_" and not NOT_RECORDED[name] then names[#names + 1] = name end
    end
    for _, name in ipairs(names) do Game[name] = wrap("game", name, Game[name]) end
    Game.set_agent = wrap_set_agent(Game.set_agent)
    local cm = core.metatable("arbiter.Card").methods
    for _, name in ipairs(CARD_CALLS) do cm[name] = wrap("card", name, cm[name]) end
    local pm = core.metatable("arbiter.Player")
    local set = pm.__newindex
    pm.__newindex = wrap("player", "set", set)
  end

  function arbiter._start_recording(g, opts)
    wrap_methods()
    local o = {}
    local keys = { "players", "teams", "seed", "starting_life", "house_rules", "attack", "range", "allies" }
    for _, k in ipairs(keys) do o[k] = opts[k] end
    recordings[g] = { version = 1, options = o, steps = {}, depth = 0, handles = {},
      handle_n = setmetatable({}, { __mode = "k" }) }
    arbiter._env[g].watched = true   -- (ask.lua's common question: one read says neither)
  end

  --- g:recording() -> the recording of a game made with record = true, or nil
  function Game:recording()
    local rec = recordings[self]
    if not rec then return nil end
    return { version = rec.version, options = rec.options, steps = rec.steps }
  end

  -- ---------------------------------------------------------------- agents' answers

  -- Called by arbiter.ask_may / ask_choose after an agent answered (answer: a boolean for may,
  -- the option's index for choose).
  function arbiter._note_choice(g, p, what, answer)
    local rec = recordings[g]
    if rec and rec.step then
      local c = rec.step.choices
      c[#c + 1] = { player = p.index, what = what, answer = answer }
    end
  end

  -- During a replay: the recorded answer to this question (true, answer), or nothing.
  function arbiter._replayed_choice(g, p, what, noptions, agent)
    local st = replays[g]
    if not (st and st.queue) then return nil end
    st.pos = st.pos + 1
    local c = st.queue[st.pos]
    local asked = string.format("%s was asked %q", tostring(p), what)
    if not c then
      st.bad = asked .. " but the recording has no more answers in this step"
    elseif c.player ~= p.index or c.what ~= what or (c.agent or false) ~= (agent or false) then
      st.bad = string.format("%s, but the recording has player %d asked %q", asked, c.player, c.what)
    elseif agent then
      return true, c
    elseif noptions and (type(c.answer) ~= "table" or c.answer.index > noptions) then
      st.bad = asked .. " with " .. noptions .. " options, which don't fit the recorded answer"
    end
    if st.bad then error("replay: " .. st.bad, 0) end
    return true, c.answer
  end

  -- ---------------------------------------------------------------- replay

  local run_call

  -- A replayed agent: each non-may/choose field re-makes the recorded calls of the next
  -- decision and returns its recorded result.
  local function replay_agent(g, st, p, shape)
    local a = {}
    for _, k in ipairs(shape) do
      a[k] = function()
        local _, entry = arbiter._replayed_choice(g, p, k, nil, true)
        for _, act in ipairs(entry.acts) do
          local ok, err = run_call(g, st, act)
          if ok ~= act.ok then
            st.bad = string.format("%s's %s: the call %s %s", tostring(p), k, act.call,
              ok and "succeeded but raised when recorded" or ("raised: " .. tostring(err)))
            error("replay: " .. st.bad, 0)
          end
        end
        local r = decode(entry.result, g, st)
        return unpack(r, 1, r.n)
      end
    end
    return a
  end

  run_call = function(g, st, step)
    local self = decode(step.self, g, st)
    local args = decode(step.args, g, st)
    if step.on == "player" then
      return pcall(function() self[args[1]] = args[2] end)
    end
    if step.call == "set_agent" then
      return pcall(Game.set_agent, self, args[1], args[2] and replay_agent(g, st, args[1], args[2]))
    end
    -- only the API's documented methods (Game and Card hold nothing else, spec/surface_spec.lua)
    local methods = step.on == "game" and Game or core.metatable("arbiter.Card").methods
    local f = type(step.call) == "string" and rawget(methods, step.call)
    if type(f) ~= "function" then return false, "no method " .. tostring(step.call) end
    return pcall(f, self, unpack(args, 1, args.n))
  end

  local function run_step(g, st, step) return run_call(g, st, step) end

  local function diverged(k, step, why, g)
    return nil, string.format("replay diverges at step %d (%s): %s", k, step.call, why), k, g
  end

  -- ---------------------------------------------------------------- saving

  -- A recording whose values are all data (no functions: built-in rules, keyword cards,
  -- agents' answers and decisions) can be saved as Lua source and replayed in another process.
  -- Card definitions are saved as their fields (loaded back through arbiter.card), the house
  -- rules of arbiter.house by name.
  local function house_name(t)
    for k, v in pairs(arbiter.house or {}) do if v == t then return k end end
  end

  local function save_value(v, out, path)
    local t = type(v)
    if t == "nil" or t == "boolean" then out[#out + 1] = tostring(v)
    elseif isint(v) then out[#out + 1] = string.format("%d", v)
    elseif t == "number" then
      if v ~= v or v == math.huge or v == -math.huge then error(path .. " is " .. tostring(v), 0) end
      out[#out + 1] = string.format("%.17g", v)
    elseif t == "string" then out[#out + 1] = string.format("%q", v)
    elseif t == "table" then
      local mt, tag = getmetatable(v), ""
      if mt == Ref then tag = "R"
      elseif arbiter.is_card_definition(v) then
        local module = arbiter._card_module(v)   -- a card of a set: saved by its module's name
        if module then out[#out + 1] = string.format("S%q", module); return end
        tag = "D"
      elseif house_name(v) then out[#out + 1] = string.format("H%q", house_name(v)); return
      elseif mt ~= nil then error(path .. " is an object (" .. tostring(v) .. ")", 0) end
      local keys = {}                  -- sorted by their text: the same recording saves the same
      for k in pairs(v) do             -- (keys may be references: cards of a declaration)
        local kb = {}
        save_value(k, kb, path .. " key")
        keys[#keys + 1] = { text = table.concat(kb), key = k }
      end
      table.sort(keys, function(a, b) return a.text < b.text end)
      out[#out + 1] = tag .. "{"
      for _, k in ipairs(keys) do
        out[#out + 1] = "[" .. k.text .. "]="
        save_value(v[k.key], out, path .. "." .. tostring(k.key))
        out[#out + 1] = ","
      end
      out[#out + 1] = "}"
    else
      error(path .. " is a " .. t .. (t == "function" and " (only data can be saved)" or ""), 0)
    end
  end

  --- arbiter.save_recording(recording) -> Lua source | nil, message naming what can't be saved
  function arbiter.save_recording(rec)
    if type(rec) ~= "table" or type(rec.steps) ~= "table" then
      error("bad argument #1 to 'save_recording' (a recording from g:recording() expected)", 2)
    end
    local out = { "return " }
    local ok, err = pcall(function()
      out[#out + 1] = "{version=" .. rec.version .. ",options="
      save_value(rec.options, out, "options")
      out[#out + 1] = ",steps={"
      for k, step in ipairs(rec.steps) do
        save_value(step, out, string.format("step %d (%s)", k, step.call))
        out[#out + 1] = ",\n"
      end
      out[#out + 1] = "}}"
    end)
    if not ok then return nil, "save_recording: " .. err end
    return table.concat(out)
  end

  --- arbiter.load_recording(source) -> recording (as saved by save_recording)
  function arbiter.load_recording(src)
    if type(src) ~= "string" then
      error("bad argument #1 to 'load_recording' (string expected, got " .. type(src) .. ")", 2)
    end
    local build = {                    -- a data format, never run as code (arbiter.recfile)
      R = function(t) return setmetatable(t, Ref) end,
      D = function(t) return arbiter.card(t) end,
      S = function(module) return arbiter._card_of_module(module) end,   -- a card of a set (save.lua)
      -- a house rule of arbiter.house by name: its rule tables only (arbiter.house.redeal, a
      -- function, is no rule: a recording holds no functions, issue 24)
      H = function(name)
        local rule = type(name) == "string" and rawget(arbiter.house, name)
        if type(rule) ~= "table" then error("load_recording: unknown house rule " .. tostring(name), 0) end
        return rule
      end,
    }
    local ok, rec = pcall(recfile.parse, src, function(tag, v) return build[tag](v) end)
    if not ok then error(rec, 2) end
    return rec
  end

  --- arbiter.replay(recording) -> game | nil, message, step, game
  function arbiter.replay(rec)
    if type(rec) ~= "table" or type(rec.steps) ~= "table" or type(rec.options) ~= "table" then
      error("bad argument #1 to 'replay' (a recording from g:recording() expected)", 2)
    end
    local g, msg, k, at = arbiter._replay(rec)
    if g then return g end
    return nil, msg, k, at
  end

  -- The replay; on success also its state (the handles it numbered: arbiter.load goes on
  -- recording with them, so later steps name the same handles).
  function arbiter._replay(rec)
    local g = arbiter.new_game(rec.options)
    local st = { handles = {}, handle_n = setmetatable({}, { __mode = "k" }) }
    replays[g] = st
    arbiter._env[g].watched = true   -- (as above; kept after the replay: only a hint)
    for k, step in ipairs(rec.steps) do
      st.queue, st.pos, st.bad, st.cards = step.choices, 0, nil, {}   -- ids may be reused after a rollback
      local r = pack(run_step(g, st, step))
      st.queue = nil
      if st.bad then return diverged(k, step, st.bad, g) end
      if r[1] and not step.ok then
        return diverged(k, step, "it succeeded, but it raised when recorded: " .. step.err, g)
      end
      if not r[1] and step.ok then return diverged(k, step, "it raised: " .. tostring(r[2]), g) end
      if st.pos < #step.choices then
        return diverged(k, step,
          string.format("%d of the %d recorded answers were asked for", st.pos, #step.choices), g)
      end
      if r[1] then number_handles(st.handles, st.handle_n, r) end
      local h = g:state_hash()
      if h ~= step.hash then return diverged(k, step, "state hash " .. h .. ", recorded " .. step.hash, g) end
    end
    replays[g] = nil
    return g, st
  end

  -- arbiter.load: g, made by a replay of rec, records from now on after rec's steps (its
  -- handles those the replay numbered), so it can be saved again.
  function arbiter._continue_recording(g, rec, st)
    arbiter._start_recording(g, rec.options)
    local r = recordings[g]
    for k, step in ipairs(rec.steps) do r.steps[k] = step end
    r.handles = st.handles
    for i, h in ipairs(st.handles) do r.handle_n[h] = i end
  end
  arbiter._recording_depth = function(g) local r = recordings[g]; return r and r.depth end
end
