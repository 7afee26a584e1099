-- arbiter.face_down — face-down permanents (504; contract "Version 3 additions": g:turn_face_down,
-- g:turn_face_up, c.face_down). A face-down permanent is a 2/2 creature with no name, subtypes,
-- color, mana cost or abilities (504.1): the core's characteristics start from those values
-- (csrc/game.h arb_chars_reset) and the card reads the face-down definition below in place of its
-- own (c.definition, and every field a card falls back to: csrc/lcard.c), so its activated
-- abilities, combat functions and costs are gone with it. Turning it face down ends the effects
-- it is the source of while it stays on the battlefield (its abilities); turning it face up
-- installs its abilities again (its definition's install) -- it is the same object (504.2: it
-- doesn't leave the battlefield). Hidden information: its controller may look at it (g:can_see;
-- g:view shows that player its front), to everyone else it is {hidden = true, id, face_down}.
-- A face-down permanent that leaves the battlefield is turned face up as it goes (the core).
local arbiter_check = require("arbiter.check")
local GI = require("arbiter.internal")._game   -- the Lua layer's own game functions (internal.lua)

return function(internal, Game)
  local arbiter = internal
  local fail, describe = arbiter_check.fail, arbiter_check.describe
  local atomic, env = internal._atomic, internal._env

  -- the face-down 2/2 (504.1): what a face-down card reads as its definition
  local FACE_DOWN = arbiter.card{ name = "face-down permanent", types = { "Creature" }, power = 2, toughness = 2 }
  debug.getregistry()["arbiter.face_down"] = FACE_DOWN
  internal._face_down_def = FACE_DOWN

  local EVENTS = { [true] = "turned face down", [false] = "turned face up" }
  local function declared(g)
    local e = env[g]
    if e.face_events then return end
    internal._note_setting(g, "top", { key = "face_events", old = nil })   -- undone with a failed action
    e.face_events = true
    g:declare_event(EVENTS[true]); g:declare_event(EVENTS[false])
  end

  -- the card's own definition, whichever way it is turned (the game's table of them)
  local function front(g, c) return env[g].defs[c.id] end
  internal._front = front

  local function turn(g, c, down)
    GI._face(g, c, down)
    internal._face_changed(c)             -- what was read once per card through its definition
    if not down then
      local install = front(g, c).install
      if type(install) == "function" then
        internal._forget_install(g, c)
        install(g, c)
      end
    end
    declared(g)
    g:emit(EVENTS[down], { card = c, player = c.controller })
    return true
  end

  local function check_turn(g, fname, c, down)
    arbiter_check.object(g, fname, 1, c, "card")
    if c.zone ~= "battlefield" then
      fail(fname, 1, "a permanent expected (504: only permanents are turned face down here), got "
        .. describe(c) .. " in the " .. c.zone)
    end
    return c.face_down ~= down
  end

  --- g:turn_face_down(c): c becomes a face-down 2/2 (504.1)
  function Game:turn_face_down(c)
    if not check_turn(self, "turn_face_down", c, true) then return false end
    return atomic(self, turn, c, true)
  end

  --- g:turn_face_up(c): c is its own card again (504.2)
  function Game:turn_face_up(c)
    if not check_turn(self, "turn_face_up", c, false) then return false end
    return atomic(self, turn, c, false)
  end
end
