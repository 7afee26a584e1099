-- arbiter.carddef — card definitions: arbiter.card{...} (checked once, reusable across games),
-- arbiter.is_card_definition and arbiter.installer (a permanent's abilities, registered once
-- per stay on the battlefield).
local core = require("arbiter.core")
local check = require("arbiter.check")
local fail, describe = check.fail, check.describe
local guard = core._guard        -- card-script functions run under their budgets (sandbox.lua)
local unshield = core._unshield
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions (internal.lua)
local moved = GI._moved                         -- a zone change in the history since an index

return function(internal, Game)
  local arbiter = internal   -- a public name written here lands on the public table (internal.lua)

  local TYPES = { Creature = true, Land = true, Artifact = true, Enchantment = true,
    Instant = true, Sorcery = true }
  local SUPERTYPES = { Basic = true, Snow = true, Legendary = true }
  local COLORS = { white = true, blue = true, black = true, red = true, green = true }
  -- the words a text-changing effect changes (418.5a layer 3: Sleight of Mind, Magical Hack)
  local WORDS = { white = true, blue = true, black = true, red = true, green = true, Plains = true,
    Island = true, Swamp = true, Mountain = true, Forest = true }

  -- words = {role = word}: the color words and basic land types of its rules text, read by its
  -- script as card.words.role (as text-changing effects left them)
  local function check_words(spec)
    local w = spec.words
    if w == nil then return end
    if type(w) ~= "table" then
      fail("card", 1, "words of " .. spec.name .. " must be a table, got " .. describe(w), 4)
    end
    for role, word in pairs(w) do     -- (each entry is checked alike: the order reaches nothing)
      if type(role) ~= "string" or not WORDS[word] then
        fail("card", 1, string.format("words of %s: %s = %s: a role (a string) naming a color word (white, blue, "
          .. "black, red, green) or a basic land type (Plains, Island, Swamp, Mountain, Forest)", spec.name,
          describe(role), describe(word)), 4)
      end
    end
  end

  local CardDef = { __name = "arbiter.CardDefinition" }
  -- (no __index = CardDef: a script reading def.__index would reach the shared metatable)
  CardDef.__tostring = function(d) return "card definition " .. d.name end

  local function list_of(spec, field, allowed)
    local v = spec[field]
    if v == nil then return {} end
    if type(v) ~= "table" then fail("card", 1, field .. " must be a list of strings, got " .. describe(v), 3) end
    local out = {}
    for i, s in ipairs(v) do
      if type(s) ~= "string" then fail("card", 1, field .. "[" .. i .. "] must be a string, got " .. describe(s), 3) end
      if allowed and not allowed[s] then
        fail("card", 1, string.format("unknown %s %q in %s", field:gsub("s$", ""), s, spec.name), 3)
      end
      out[i] = s
    end
    return out
  end

  -- modes = { {text =, targets =, resolve =}, ... }: "choose one" (700.2)
  local function check_modes(spec)
    local modes = spec.modes
    if type(modes) ~= "table" or modes[1] == nil then
      fail("card", 1, spec.name .. ": modes must be a non-empty list, got " .. describe(modes), 4)
    end
    if spec.targets ~= nil or spec.resolve ~= nil then
      fail("card", 1, spec.name .. ": a modal spell has its targets and resolve in each mode", 4)
    end
    for i, m in ipairs(modes) do
      if type(m) ~= "table" then fail("card", 1, string.format("%s: modes[%d] must be a table", spec.name, i), 4) end
      if type(m.resolve) ~= "function" then
        fail("card", 1, string.format("%s: modes[%d] needs resolve (a function), got %s", spec.name, i,
          describe(m.resolve)), 4)
      end
      local ok, err = internal._check_targets(m.targets)
      if not ok then fail("card", 1, string.format("%s: modes[%d]: %s", spec.name, i, err), 4) end
    end
  end

  -- triggered = { {event =, zone = "graveyard" | "hand", condition =, resolve = | effect =,
  -- targets =, name =}, ... }: triggered abilities that work from a graveyard or hand, registered
  -- for each card as it is made (newgame.lua: env.zone_triggers); a permanent's are its install's
  local ZONES = { graveyard = true, hand = true }
  local function check_triggered(spec)
    local list = spec.triggered
    if type(list) ~= "table" then
      fail("card", 1, spec.name .. ": triggered must be a list, got " .. describe(list), 4)
    end
    for i, t in ipairs(list) do
      local function bad(msg) fail("card", 1, string.format("%s: triggered[%d]: %s", spec.name, i, msg), 5) end
      if type(t) ~= "table" then bad("a table expected, got " .. describe(t)) end
      if not ZONES[t.zone] then
        bad("zone must be \"graveyard\" or \"hand\" (a permanent's triggers are its install's), got "
          .. describe(t.zone))
      end
      if type(t.event) ~= "string" then bad("event must be an event name, got " .. describe(t.event)) end
      for _, f in ipairs({ "condition", "resolve", "effect" }) do
        if t[f] ~= nil and type(t[f]) ~= "function" then bad(f .. " must be a function, got " .. describe(t[f])) end
      end
      if (t.resolve == nil) == (t.effect == nil) then bad("give resolve or effect (one of them)") end
      local ok, err = internal._check_targets(t.targets)
      if not ok then bad(err) end
    end
  end

  --- arbiter.card{...}: a card definition, checked once, reusable across games.
  function arbiter.card(spec)
    check.table("card", 1, spec)
    if type(spec.name) ~= "string" or spec.name == "" then fail("card", 1, "name (a string) is required", 2) end
    local def = setmetatable({}, CardDef)
    for k, v in pairs(spec) do def[k] = v end
    def.types = list_of(spec, "types", TYPES)
    def.supertypes = list_of(spec, "supertypes", SUPERTYPES)
    def.colors = list_of(spec, "colors", COLORS)
    def.subtypes = list_of(spec, "subtypes")
    def.abilities = list_of(spec, "abilities")
    for _, a in ipairs(def.abilities) do
      if not core.is_ability(a) then fail("card", 1, string.format("unknown ability %q in %s", a, spec.name), 2) end
    end
    local creature = false
    for _, t in ipairs(def.types) do creature = creature or t == "Creature" end
    for _, f in ipairs({ "power", "toughness" }) do
      local v = spec[f]
      if type(v) ~= "function" then   -- a function: characteristic-defining (*/*), computed in its layer
        if v ~= nil and not check.integer(v) then
          fail("card", 1, string.format("%s of %s must be an integer or a function, got %s", f, spec.name,
            describe(v)), 2)
        end
        v = check.integer(v)
        if v ~= nil and (v > 1000000000 or v < -1000000000) then   -- the core's range (no wrap-around)
          fail("card", 1, string.format("%s of %s is out of range (-10^9 to 10^9), got %d", f, spec.name, v), 2)
        end
      end
      def[f] = v
      if creature and v == nil then
        fail("card", 1, string.format("%s is required for creature %s", f, spec.name), 2)
      end
    end
    if type(spec.cost) == "number" then     -- an integer N (2.0 too) means {N}
      if not (check.integer(spec.cost) and spec.cost >= 0 and spec.cost <= 1000000000) then
        fail("card", 1, string.format("cost of %s must be a non-negative integer or a cost string, got %s", spec.name,
          describe(spec.cost)), 2)
      end
      def.cost = check.integer(spec.cost)
    elseif spec.cost ~= nil then
      local ok, err = arbiter.parse_cost(spec.cost)
      if not ok then fail("card", 1, string.format("cost of %s: %s", spec.name, err), 2) end
    end
    local tok, terr = internal._check_targets(spec.targets)
    if not tok then fail("card", 1, spec.name .. ": " .. terr, 2) end
    if spec.modes ~= nil then check_modes(spec) end
    if spec.x_mana ~= nil and not COLORS[spec.x_mana] then
      fail("card", 1, string.format("x_mana of %s must be a color (\"white\" ... \"green\"), got %s", spec.name,
        describe(spec.x_mana)), 2)
    end
    if spec.activated ~= nil then internal._check_activated(spec) end
    if spec.triggered ~= nil then check_triggered(spec) end
    check_words(spec)
    internal._check_as_enters(spec)
    for _, f in ipairs({ "can_attack", "can_block", "can_be_blocked_by", "resolve", "pay", "cast_condition",
      "attack_condition", "blocked_condition" }) do
      if spec[f] ~= nil and type(spec[f]) ~= "function" then
        fail("card", 1, string.format("%s of %s must be a function, got %s", f, spec.name, describe(spec[f])), 2)
      end
    end
    return def
  end

  function arbiter.is_card_definition(x) return getmetatable(unshield(x)) == CardDef end

  --- arbiter.installer(fn) -> install: fn(g, card, ...) registers a permanent's abilities (its
  --- replacements, triggers, statics with source = card) and returns their handles. The engine
  --- calls a definition's install each time the card enters the battlefield; a script may also
  --- call it by hand (card.install(g, g:create(...))). The wrapper registers them once per stay
  --- on the battlefield: called again while they still apply, it returns the same handles (even
  --- from another copy of the script, loaded again). What it remembers is a setting (422: undone
  --- with a failed action).
  -- card id -> {at = history length, handles, and its undo's fields}: the game's, in its env,
  -- so that a clone has its own copy (g:clone copies the env's tables). Keyed by the card's
  -- proxy, a clone's cards (other proxies) installed again at their next install call: doubled
  -- effects, two swampwalks on a Zombie Master whose copy (Vesuvan Doppelganger) installs each
  -- upkeep (the Alpha soak, seed 4604). Records are replaced, never changed in place once stored:
  -- a clone may share them (a record keeps the one it replaced, its undo's old: a short chain
  -- per card, one a stay).
  local env = internal._env
  local function installs(g)
    local e = env[g]
    local t = e.installed
    if not t then t = {}; e.installed = t end
    return t
  end
  -- a permanent turned face up (504.2) gets its abilities again without leaving the battlefield:
  -- what the wrapper remembers of it goes (a setting: undone with a failed action)
  local function forget(g, card)
    local t = installs(g)
    local d = t[card.id]
    if d == nil then return nil end
    internal._note_setting(g, "field", { t = t, key = card.id, old = d })
    t[card.id] = nil
    return d
  end
  internal._forget_install = forget
  local history_length, installing = Game.history_length, GI._installing
  function arbiter.installer(fn)
    if type(fn) ~= "function" then fail("installer", 1, "function expected, got " .. describe(fn), 2) end
    return function(g, card, ...)
      local t, id = installs(g), card.id
      local d = t[id]
      if d and card.zone == "battlefield" and history_length(g) >= d.at
          and not moved(g, card, "battlefield", d.at) then         -- still the same stay
        return d.handles
      end
      installing(g, 1)                        -- its effects with a source are static abilities (text.c)
      local ok, h = pcall(guard(fn), g, card, ...)   -- the one guarded path
      installing(g, -1)
      if not ok then error(h, 0) end
      -- One record is both the stay's and its setting's undo (t[id] = old: settings.lua's
      -- "field"), made with every field it gets (kind and s: note fills them; at: below) so
      -- that it never grows: ~1 K instructions an install less than two tables
      local r = { kind = "field", s = false, t = t, key = id, old = d, at = false, handles = h }
      internal._note_setting(g, "field", r)
      r.at = history_length(g)
      t[id] = r
      return h
    end
  end

  -- Ends what a card's install registered in this stay (503: the permanent became a copy of
  -- another card, or stopped being one: it has the other card's abilities now). The handles are
  -- what the install returned: a handle, or a list of them.
  local function end_handles(g, h)
    if type(h) ~= "table" then return end
    local kind = rawget(h, "kind")
    if kind == "trigger" then g:remove_trigger(h)
    elseif kind == "replacement" then g:remove_replacement(h)
    elseif kind == "observer" then g:off(h)
    elseif kind == "static" or rawget(h, "what") ~= nil then g:remove_static(h)
    else for _, x in ipairs(h) do end_handles(g, x) end end
  end
  internal._end_handles = end_handles
  function internal._uninstall(g, card)
    local d = forget(g, card)
    if d then end_handles(g, d.handles) end
  end
end
