-- arbiter.newgame — game creation: arbiter.new_game{...} (players or teams, seed, starting
-- life, house rules) and the watch that installs a permanent's abilities as it enters.
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions (internal.lua)
local core = require("arbiter.core")
local check = require("arbiter.check")
local fail, describe = check.fail, check.describe

return function(internal, Game)
  local arbiter = internal   -- a public name written here lands on the public table (internal.lua)
  local env = internal._env

  local function names_of(opts)
    if opts.teams ~= nil then
      if opts.players ~= nil then fail("new_game", 1, "give players or teams, not both", 3) end
      check.table("new_game", 1, opts.teams)
      local sizes, names = {}, {}
      for t, team in ipairs(opts.teams) do
        if type(team) ~= "table" or #team == 0 then
          fail("new_game", 1, "teams[" .. t .. "] must be a list of names", 3)
        end
        sizes[t] = #team
        for _, n in ipairs(team) do
          for _, m in ipairs(names) do
            if m == n then
              fail("new_game", 1, "teams name " .. tostring(n) .. " twice: they must partition the players", 3)
            end
          end
          names[#names + 1] = n
        end
      end
      if #sizes < 2 then fail("new_game", 1, "at least two teams are needed", 3) end
      return sizes, names, true
    end
    local list = opts.players
    if type(list) ~= "table" or #list < 1 then
      fail("new_game", 1, "players (a list of names) is required, got " .. describe(list), 3)
    end
    local sizes = {}
    for i = 1, #list do sizes[i] = 1 end
    return sizes, list, false
  end

  -- ---------------------------------------------------------------- abilities of permanents

  -- A definition's install(g, card) gives a card its abilities while it is on the battlefield:
  -- it runs each time the card enters the battlefield (g:create and g:create_deck with
  -- zone = "battlefield" call it; this watch calls it for cards moved or cast there). The effects it registers should
  -- name source = card so that they end when the card leaves.
  -- The binding calls it as install_on_entry(g, c, c.install), for an entry only (a card moved to the
  -- battlefield from another zone and still there), and only for a card with something to
  -- install (no install, no copy_with.install: nothing to do): lobserve.c. It is the engine's
  -- own observer, registered without the driver's wrapper and for zone changes to the battlefield
  -- only (internal._on: effects.lua; the core's notify leaves out the others, as for a trigger's to).
  local function install_on_entry(g, c, install)   -- install: c.install, as the binding read it
    internal._install(g, c, install)     -- (copies.lua: and what its copy effect makes it gain)
  end
  GI._observe_installs(install_on_entry)

  --- arbiter.new_game{players = {...} | teams = {{...}, ...}, seed, starting_life, house_rules, attack, range,
  --- allies}
  function arbiter.new_game(opts)
    check.table("new_game", 1, opts)
    local sizes, names, teams = names_of(opts)
    for i, n in ipairs(names) do
      if type(n) ~= "string" then
        fail("new_game", 1, "player name " .. i .. " must be a string, got " .. describe(n), 2)
      end
    end
    local seed = check.integer(opts.seed or 0)
    if not seed then fail("new_game", 1, "seed must be an integer, got " .. describe(opts.seed), 2) end
    local life = check.integer(opts.starting_life or (teams and 30 or 20))
    if not life then
      fail("new_game", 1, "starting_life must be an integer, got " .. describe(opts.starting_life), 2)
    end
    local rules = opts.house_rules or {}
    if type(rules) ~= "table" then fail("new_game", 1, "house_rules must be a list of house-rule tables", 2) end
    for i, r in ipairs(rules) do
      if type(r) ~= "table" then
        fail("new_game", 1, "house_rules[" .. i .. "] must be a table, got " .. describe(r), 2)
      end
    end
    local dir, range, sides = internal._seat_options(opts, names, teams)
    local g = core.new_game(sizes, seed, life)
    local e = env[g]
    e.players_ext = {}
    for i, n in ipairs(names) do e.players_ext[i] = { name = n } end
    e.agents = {}
    e.house_rules = rules
    e.teams = teams
    e.fields = {}
    e.entering = internal._entering -- a definition's as_enters (copies.lua)
    internal._stack_env(e)      -- the priority loop's hooks; "mana", "cast", "activate" events
    e.undo_settings = internal._undo_settings   -- called by the binding after a rollback (settings.lua)
    e.choose_replacement = function(game, p, options, ev)
      local pick = internal._ask_choose(game, p, "replacement", options, ev)
      for i, o in ipairs(options) do if o == pick then return i end end
      return 1
    end
    for _, p in ipairs(g.players) do arbiter.install_flanking(g, p) end   -- 502.3, per attacker's controller
    -- a definition's triggered entries that work from a graveyard or hand: registered once for
    -- each card as it is made (g:create, g:create_deck call this), controlled by its owner there
    e.zone_triggers = function(game, card)
      for _, t in ipairs(card.definition.triggered) do
        local spec = {}
        for k, v in pairs(t) do spec[k] = v end   -- (a copy: the order reaches no game)
        spec.source, spec.controller = card, card.owner
        Game.trigger(game, spec)
      end
    end
    -- the install watch starts with the first definition that has install (g:create calls this)
    e.watch_installs = function(game)
      local ge = env[game]
      if not (ge.install_watch and GI._effect_active(game, ge.install_watch.id)) then
        ge.install_watch = internal._on(game, "zone_change", install_on_entry, "battlefield")
      end
    end
    internal._set_seats(g, opts, dir, range, sides)   -- 601, 604, 607 (influence.lua)
    for _, r in ipairs(rules) do
      if r.setup then r.setup(g) end
    end
    if opts.record then internal._start_recording(g, opts) end   -- new_game itself is the start
    return g
  end
end
