-- arbiter.player_abilities — abilities a player has from no permanent (Channel: "Until end of
-- turn, any time you could activate a mana ability, you may pay 1 life. If you do, add {C}."):
--   local h = g:add_ability{ controller = p, cost = {life = 1}, mana = "{1}", duration = "end_of_turn" }
--   g:activate(p, h)          -- pays the cost through the one payment path, then adds the mana
--   g:abilities(p)            -- the handles p has now, in the order they were given
-- A mana ability (406.1): no stack, resolved at once; activating it is the choice, so no "pay"
-- question is asked. The abilities live in the game's Lua state (env: copied by clones, undone
-- with a failed action, 422).
local check = require("arbiter.check")
local fail, describe = check.fail, check.describe

return function(internal, Game)
  local arbiter = internal   -- a public name written here lands on the public table (internal.lua)
  local env, atomic = internal._env, internal._atomic

  local PlayerAbility = { __name = "arbiter.PlayerAbility" }
  PlayerAbility.__tostring = function(h) return "ability of " .. tostring(h.controller) .. "#" .. h.n end
  arbiter._PlayerAbility = PlayerAbility

  local function ended(g, h) return h.turn ~= nil and g.turn ~= h.turn end

  local function add(g, h)
    local e = env[g]
    local old = e.player_abilities
    local list = {}                          -- copy on write: a clone shares the old list
    for i, x in ipairs(old or {}) do list[i] = x end
    h.n = #list + 1
    list[#list + 1] = h
    internal._note_setting(g, "top", { key = "player_abilities", old = old })
    e.player_abilities = list
    return h
  end

  --- g:add_ability{controller = p, cost = ..., mana = "{1}", duration = "end_of_turn"} -> handle
  function Game:add_ability(spec)
    check.table("add_ability", 1, spec)
    check.object(self, "add_ability", 1, spec.controller, "player")
    if spec.cost == nil then fail("add_ability", 1, "cost is required (what ask_pay takes: \"{1}\", {life = 1})") end
    local c, err = internal._read_payment(self, spec.cost)
    if not c then fail("add_ability", 1, "cost: " .. err) end
    local m, merr = internal._parse_mana(spec.mana)
    if spec.mana == nil or not m or m.total == 0 then
      fail("add_ability", 1, "mana (the mana it adds, \"{1}\") is required: a player's ability is a mana ability here"
        .. (merr and "; " .. merr or ""))
    end
    if spec.duration ~= nil and spec.duration ~= "end_of_turn" then
      fail("add_ability", 1, "duration must be \"end_of_turn\" or nil, got " .. describe(spec.duration))
    end
    local h = setmetatable({ controller = spec.controller, cost = spec.cost, mana = spec.mana,
      turn = spec.duration and self.turn or nil }, PlayerAbility)
    return atomic(self, add, h)
  end

  --- g:abilities(p) -> the handles of the abilities p has now, in the order they were given
  function Game:abilities(p)
    check.object(self, "abilities", 1, p, "player")
    local out = {}
    for _, h in ipairs(env[self].player_abilities or {}) do
      -- by index: a clone shares the handles (its env is copied), and its players are its own
      if h.controller.index == p.index and not ended(self, h) then out[#out + 1] = h end
    end
    return out
  end

  local function activate(g, p, h)
    internal._pay_payment(g, p, assert(internal._read_payment(g, h.cost)), "activate", { player = p })
    g:add_mana(p, h.mana)
  end

  -- g:activate(p, handle): stack.lua's g:activate hands a player's ability here
  function internal._activate_player_ability(g, p, h)
    local mine = false
    for _, x in ipairs(env[g].player_abilities or {}) do if x == h then mine = true end end
    if not mine then fail("activate", 2, "an ability of another game: " .. describe(h), 3) end
    if h.controller.index ~= p.index then          -- (by index: a clone's player too)
      fail("activate", 2, string.format("%s is not %s's ability", tostring(h), tostring(p)), 3)
    end
    if ended(g, h) then fail("activate", 2, tostring(h) .. " has ended (its duration is over)", 3) end
    local ok, err = pcall(atomic, g, activate, p, h)
    if ok then return nil end
    if arbiter.is_driver_question(err) then error(err, 0) end
    error("activate: " .. tostring(h) .. "'s cost wasn't paid (422: the activation is illegal and undone): " ..
      tostring(err), 0)
  end

end
