-- arbiter.copies — "as ~ enters the battlefield" (a definition's as_enters): choices made and copy
-- effects begun as a permanent enters, before anything sees it there (the era's "as ~ comes into
-- play"; 614.12 today). Copy effects themselves are g:add_static{copy = other} (503, csrc/static.c
-- and characteristics.c: the first layer); g:copy_spell copies a spell on the stack (503: Fork).
local core = require("arbiter.core")
local check = require("arbiter.check")
local guard = core._guard        -- card-script code runs under its budget

local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions

return function(internal, Game)
  local fail, describe = check.fail, check.describe
  local COLORS = { white = 1, blue = 2, black = 4, red = 8, green = 16 }
  -- env.entering(g, card, obj) (csrc/lhooks.c): the card's definition's as_enters(card, g, obj),
  -- obj its spell's stack object when it was cast, else nil. What it raises fails the action
  -- that moved the card (422).
  -- When its own as_enters made it a copy, the copied card's as_enters runs too (it enters as that
  -- card: Copy Artifact copying Black Vise chooses an opponent; Clone copying Rock Hydra enters with
  -- X counters, X its own spell's).
  function internal._entering(g, c, obj)
    local own = c.as_enters
    if type(own) ~= "function" then return end
    guard(own)(c, g, obj)
    local copied = c.as_enters
    if type(copied) == "function" and copied ~= own then guard(copied)(c, g, obj) end
  end

  -- A permanent's abilities as it enters the battlefield or its copy effect changes: its
  -- definition's install, then the install of what its copy effect's exceptions make it gain
  -- (copy_with.install, Vesuvan Doppelganger's upkeep ability: an exception is a copiable value,
  -- 503.2, so a Clone copying the Doppelganger gains it too); its handles are remembered for this
  -- stay (a setting: undone with a failed action, 422).
  local gained = setmetatable({}, { __mode = "k" })    -- card -> what its copy's install returned
  local function end_gained(g, c)       -- (ran already in this stay, or in an earlier one: ended)
    local h = gained[c]
    if h == nil then return end
    internal._note_setting(g, "field", { t = gained, key = c, old = h })
    gained[c] = nil
    internal._end_handles(g, h)
  end
  -- (install: c.install when the caller read it: the install watch's, lobserve.c; nil: read here)
  function internal._install(g, c, install)
    if install == nil then install = c.install end
    if type(install) == "function" then guard(install)(g, c) end
    if gained[c] ~= nil then end_gained(g, c) end
    local gain = GI._copy_gain(g, c)
    if gain then
      local h = guard(gain)(g, c)
      internal._note_setting(g, "field", { t = gained, key = c, old = nil })
      gained[c] = h
      -- (the binding's install watch skips the entry of a card with nothing to install only
      -- while no card of the game gained anything: lobserve.c; never unset, a failed action too)
      internal._env[g].copy_gains = true
    end
  end

  -- 503: a permanent whose copy effect began or ended has another card's abilities: those its
  -- previous definition's install and copy exceptions registered end, and the new ones run now
  -- (for a card entering, the install watch then finds them made).
  function internal._reinstall(g, c)
    internal._face_changed(c)    -- what is read once per card from its definition follows c.definition
    if c.zone ~= "battlefield" then return end
    internal._uninstall(g, c)
    internal._install(g, c)
  end

  -- arbiter.card's check of as_enters (carddef.lua)
  function internal._check_as_enters(spec)
    if spec.as_enters ~= nil and type(spec.as_enters) ~= "function" then
      check.fail("card", 1, string.format("as_enters of %s must be a function, got %s", spec.name,
        check.describe(spec.as_enters)), 3)
    end
  end

  -- ---------------------------------------------------------------- g:copy_spell (503)

  -- The copy's targets: the original's, or new ones its controller chooses (may(p, "new targets"),
  -- then for each target choose(p, "target", options): the current one first while it is legal
  -- for the copy, then every other legal one). nil: the original's as they were chosen (one
  -- already illegal stays so).
  local function new_targets(g, obj, p, copy)
    local ts = obj.targets
    if #ts == 0 or not internal._ask_may(g, p, "new targets", { source = copy, spell = obj }) then return nil end
    local def = obj.card.definition
    local list = obj.mode and def.modes[obj.mode].targets or def.targets
    local self_obj = { kind = "spell", card = copy, x = obj.x }
    local out = {}
    for i = 1, #ts do
      local spec = internal._target_spec_at(list, i)
      local cur, options = ts[i], {}
      if cur and internal._legal_target(g, spec, cur, copy, self_obj) then options[1] = cur end
      for _, x in ipairs(internal._target_candidates(g, spec, copy, self_obj)) do
        if x ~= cur then options[#options + 1] = x end
      end
      if #options == 0 then return nil end     -- nothing legal to choose: the targets stay
      out[i] = internal._ask_choose(g, p, "target", options, { source = copy, index = i, spec = spec })
    end
    return out
  end

  local function copy_body(g, obj, p, colors)
    local copy = GI._create_nowhere(g, obj.card.definition, { owner = p })
    return GI._spell_copy_put(g, copy, p, obj, new_targets(g, obj, p, copy), colors)
  end

  --- g:copy_spell(obj, p, {colors = ...}) -> the copy's stack object
  function Game:copy_spell(obj, p, opts)
    local id = GI._object_id(obj)
    if not id or obj.kind ~= "spell" or GI._object(self, id) ~= obj then
      fail("copy_spell", 1, "a spell on the stack expected, got " .. describe(obj))
    end
    check.object(self, "copy_spell", 2, p, "player")
    opts = check.table("copy_spell", 3, opts, true)
    local colors, bits = opts.colors, 0     -- the copy's color exception, as a bit set
    if colors ~= nil then
      if type(colors) == "string" then colors = { colors } end
      if type(colors) ~= "table" then fail("copy_spell", 3, "colors must be a color or a list of colors") end
      for _, c in ipairs(colors) do
        if not COLORS[c] then fail("copy_spell", 3, "colors: unknown color " .. describe(c)) end
        if bits % (2 * COLORS[c]) < COLORS[c] then bits = bits + COLORS[c] end   -- (no | on Lua 5.1)
      end
    end
    return internal._atomic(self, copy_body, obj, p, bits)
  end
end
