-- arbiter.save — saving a game mid-game and loading it back (issue 31 item 6).
--
-- A save is the game's recording (arbiter.new_game{..., record = true}; lua/arbiter/replay.lua)
-- as data: its options and every top-level call with its arguments, the agents' answers and
-- the state hash after it. Card definitions that come from a module of the library — a set's
-- card (arbiter.sets.alpha.lightning_bolt) or an example card (arbiter.cards.lure) — are saved
-- by that module's name, so a game whose cards are scripted saves; other definitions are saved
-- as their fields, which must be data. Loading parses the text as data (arbiter.recfile: no code
-- from the save runs), requires only modules named arbiter.sets.* / arbiter.cards.*, replays
-- every step and checks each step's state hash, so the loaded game is the saved one.
-- What can't be saved: functions a host registered (g:on, g:trigger, g:add_replacement,
-- g:add_static with functions, arbiter.card definitions of its own with functions), since code
-- is not data; the error names the step and the value. Agents are code too: the save keeps
-- their decisions, and arbiter.load takes the agents to go on with (opts.agents).
return function(arbiter)
  local core = require("arbiter.core")

  -- The module that returns a definition (the definition itself, or {def = ...}): found among
  -- the loaded modules named arbiter.sets.<set>.<card> and arbiter.cards.<card>; cached.
  local module_of = setmetatable({}, { __mode = "k" })
  local MODULE = { "^arbiter%.sets%.[%w_]+%.[%w_]+$", "^arbiter%.cards%.[%w_]+$" }
  local function library_module(name)
    if type(name) ~= "string" then return false end
    for _, pat in ipairs(MODULE) do if name:match(pat) then return true end end
    return false
  end
  local function def_of(m)
    if arbiter.is_card_definition(m) then return m end
    if type(m) == "table" and arbiter.is_card_definition(m.def) then return m.def end
  end

  function arbiter._card_module(def)
    local found = module_of[def]
    if found ~= nil then return found or nil end
    local names = {}
    for name, m in pairs(package.loaded) do
      if library_module(name) and def_of(m) == def then names[#names + 1] = name end
    end
    table.sort(names)                      -- one answer whatever pairs' order
    module_of[def] = names[1] or false
    return names[1]
  end

  function arbiter._card_of_module(name)
    if not library_module(name) then
      error(string.format("%q", tostring(name))
        .. " is no card module (arbiter.sets.<set>.<card> or arbiter.cards.<card>)", 0)
    end
    local ok, m = pcall(require, name)
    local def = ok and def_of(m)
    if not def then error("the card module " .. name .. " is not installed or is no card", 0) end
    return def
  end

  local function describe(x)
    local kind = core.kind(x)
    return kind or type(x)
  end

  --- arbiter.save(g) -> string
  function arbiter.save(g)
    if core.kind(g) ~= "game" then
      error("bad argument #1 to 'save' (game expected, got " .. describe(g) .. ")", 2)
    end
    local depth = arbiter._recording_depth(g)
    if depth == nil then
      error("arbiter.save: the game records nothing (make it with arbiter.new_game{..., record = true})", 2)
    end
    if depth > 0 then error("arbiter.save: called inside a call of the game (save between calls)", 2) end
    local text, err = arbiter.save_recording(g:recording())
    if not text then
      error("arbiter.save: can't save " .. err:gsub("^save_recording: ", "")
        .. " (a save holds data and cards of arbiter.sets / arbiter.cards, no code)", 2)
    end
    return text
  end

  --- arbiter.load(text, opts) -> game
  function arbiter.load(text, opts)
    if type(text) ~= "string" then
      error("bad argument #1 to 'load' (string expected, got " .. describe(text) .. ")", 2)
    end
    if opts ~= nil and type(opts) ~= "table" then
      error("bad argument #2 to 'load' (table or nil expected, got " .. describe(opts) .. ")", 2)
    end
    opts = opts or {}
    local agents = opts.agents or {}
    if type(agents) ~= "table" then
      error("bad argument #2 to 'load' (opts.agents: table expected, got " .. describe(agents) .. ")", 2)
    end
    local ok, rec = pcall(arbiter.load_recording, text)
    if not ok then error("arbiter.load: " .. tostring(rec):gsub("^load_recording: ", ""), 2) end
    local g, st = arbiter._replay(rec)
    if not g then error("arbiter.load: the save doesn't replay: " .. tostring(st), 2) end
    -- the agents the game had (the last set_agent of each player): replaced by opts.agents
    local had = {}
    for _, s in ipairs(rec.steps) do
      if s.call == "set_agent" and type(s.args) == "table" then
        local p = s.args[1]
        local index = type(p) == "table" and p.index
        if index then had[index] = s.args[2] ~= nil end
      end
    end
    arbiter._continue_recording(g, rec, st)
    for i, p in ipairs(g.players) do
      local a = agents[i]
      if a == nil and had[i] then
        error(string.format("arbiter.load: player %d (%s) had an agent: give opts.agents[%d] "
          .. "(an agent, or false for none)", i, p.name, i), 2)
      end
      if a ~= nil then
        local set_ok, err = pcall(g.set_agent, g, p, a or nil)
        if not set_ok then error("arbiter.load: opts.agents[" .. i .. "]: " .. tostring(err), 2) end
      end
    end
    return g
  end

end
