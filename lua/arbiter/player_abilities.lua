-- arbiter.player_abilities — abilities a player has from no permanent:
--   Channel ("Until end of turn, any time you could activate a mana ability, you may pay 1 life.
--   If you do, add {C}"), a mana ability:
--     local h = g:add_ability{ controller = p, cost = {life = 1}, mana = "{1}", duration = "end_of_turn" }
--   Guardian Angel ("Until end of turn, you may pay {1} any time you could cast an instant. If
--   you do, prevent the next 1 damage that would be dealt to that creature or player this turn"),
--   a special action (408.2i: "some effects allow a player to take an action at a later time
--   ... This is a special action", only while that player holds priority; it doesn't use the
--   stack, 408.2, and the player gets priority again after it, 408.1c):
--     g:add_ability{ controller = p, cost = "{1}", objects = {target}, duration = "end_of_turn",
--       stack = false, effect = function(obj, g) ... obj.objects[1] ... end }
--   without stack = false an effect is an ability that uses the stack (409.1a)
--   g:activate(p, h)          -- pays the cost through the one payment path (activating is the
--                             -- choice: no "pay" question), then adds the mana (406.1: no stack),
--                             -- takes the special action at once (408.2i), or puts the ability on
--                             -- the stack (instant speed, 116; 409.1)
--   g:abilities(p)            -- the handles p has now, in the order they were given
-- The abilities live in the game's Lua state (env: copied by clones, undone with a failed
-- action, 422). A handle holds numbers only (its controller's index, its objects' ids), never a
-- player or card: a clone shares the handles (its env is copied) and reads its own players and
-- cards through them. A player who has an ability with an effect (a special action or one that
-- uses the stack) is asked for priority while it lasts (the core's arb_could_act, player.acts_until).
local check = require("arbiter.check")
local core = require("arbiter.core")
local fail, describe = check.fail, check.describe
local guard = core._guard        -- card-script functions run under their budgets (sandbox.lua)

return function(internal, Game)
  local arbiter = internal   -- a public name written here lands on the public table (internal.lua)
  local env, atomic = internal._env, internal._atomic
  local GI = require("arbiter.internal")._game

  local PlayerAbility = { __name = "arbiter.PlayerAbility" }
  PlayerAbility.__tostring = function(h) return "ability " .. h.n .. " of player " .. h.index end
  arbiter._PlayerAbility = PlayerAbility

  -- "until end of turn" ends as the cleanup step begins (514.2 today; 314.2 in the era)
  local function ended(g, h) return h.turn ~= nil and (g.turn ~= h.turn or g.step == "cleanup") end

  -- the turn p's abilities with an effect (taken at priority) last until, + 1 (math.huge: the rest of the game;
  -- 0: none), for the core's priority check
  local function acts_until(list, index)
    local u = 0
    for _, x in ipairs(list) do
      if x.effect and x.index == index then u = math.max(u, x.turn and x.turn + 1 or math.huge) end
    end
    return u
  end

  local function add(g, h)
    local e = env[g]
    local old = e.player_abilities
    local list = {}                          -- copy on write: a clone shares the old list
    for i, x in ipairs(old or {}) do list[i] = x end
    h.n = #list + 1
    list[#list + 1] = h
    internal._note_setting(g, "top", { key = "player_abilities", old = old })
    e.player_abilities = list
    if h.effect then GI._acts_until(g, g.players[h.index], acts_until(list, h.index)) end   -- journaled
    return h
  end

  local function read_spec(g, spec)
    check.table("add_ability", 1, spec)
    check.object(g, "add_ability", 1, spec.controller, "player")
    if spec.cost == nil then fail("add_ability", 1, "cost is required (what ask_pay takes: \"{1}\", {life = 1})", 3) end
    local c, err = internal._read_payment(g, spec.cost)
    if not c then fail("add_ability", 1, "cost: " .. err, 3) end
    if c.mana.x > 0 then fail("add_ability", 1, "cost can't hold {X} (activating names no amount)", 3) end
    if spec.effect ~= nil then
      if spec.mana ~= nil then fail("add_ability", 1, "give mana (a mana ability) or effect, not both", 3) end
      check.func("add_ability", 1, spec.effect, "effect")
      if spec.stack ~= nil and type(spec.stack) ~= "boolean" then
        fail("add_ability", 1, "stack must be a boolean (false: a special action, 408.2i), got "
          .. describe(spec.stack), 3)
      end
    else
      if spec.stack ~= nil then
        fail("add_ability", 1, "stack is for an ability with an effect (a mana ability never uses it, 406.1)", 3)
      end
      local m, merr = internal._parse_mana(spec.mana)
      if spec.mana == nil or not m or m.total == 0 then
        fail("add_ability", 1, "mana (the mana it adds, \"{1}\") or effect (a function) is required"
          .. (merr and "; " .. merr or ""), 3)
      end
      if spec.objects ~= nil then fail("add_ability", 1, "objects are for an ability with an effect", 3) end
    end
    if spec.duration ~= nil and spec.duration ~= "end_of_turn" then
      fail("add_ability", 1, "duration must be \"end_of_turn\" or nil, got " .. describe(spec.duration), 3)
    end
    if spec.name ~= nil and type(spec.name) ~= "string" then
      fail("add_ability", 1, "name must be a string, got " .. describe(spec.name), 3)
    end
  end

  --- g:add_ability{controller = p, cost = ..., mana = "{1}" | effect = fn, stack, objects, duration,
  --- name} -> handle
  function Game:add_ability(spec)
    read_spec(self, spec)
    local h = setmetatable({ index = spec.controller.index, cost = spec.cost, mana = spec.mana,
      effect = spec.effect, name = spec.name,
      special = spec.stack == false or nil,        -- a special action (408.2i)
      turn = spec.duration and self.turn or nil,
      objects = spec.effect and internal._remember(self, "add_ability", spec.objects) or nil,
      at = self:history_length() }, PlayerAbility)
    return atomic(self, add, h)
  end

  --- g:abilities(p) -> the handles of the abilities p has now, in the order they were given
  function Game:abilities(p)
    check.object(self, "abilities", 1, p, "player")
    local out = {}
    for _, h in ipairs(env[self].player_abilities or {}) do
      -- by index: a clone shares the handles (its env is copied), and its players are its own
      if h.index == p.index and not ended(self, h) then out[#out + 1] = h end
    end
    return out
  end

  -- A special action (408.2i): only while p holds priority (the timing above: "any time you
  -- could cast an instant" is the same, 408.1d), paid, then its effect at once -- no stack
  -- object, nothing to respond to; p receives priority again (408.1c: the core's priority
  -- round gives it back to the player who acted). Its event: "special_action" {player, amount
  -- = its number}. effect(obj, g) gets obj = {kind = "special action", controller, ability,
  -- objects} (objects as for an ability that resolves: false once changed zones, 217.1c).
  local function special_action(g, p, h, cost)
    internal._pay_payment(g, p, cost, "activate", { player = p })
    GI._emit(g, "special_action", { player = p, amount = h.n })
    local obj = { kind = "special action", controller = p, ability = h.n,
      objects = internal._recall(g, h.objects, h.at) }
    guard(h.effect)(obj, g, nil)
    return nil
  end

  local function activate(g, p, h)
    local cost = assert(internal._read_payment(g, h.cost))
    if not h.effect then                           -- a mana ability: no stack (406.1)
      internal._pay_payment(g, p, cost, "activate", { player = p })
      g:add_mana(p, h.mana)
      return nil
    end
    internal._timing(g, "activate", p, false, h)   -- any time p could cast an instant (116)
    if h.special then return special_action(g, p, h, cost) end
    local obj = GI._ability_put(g, nil, h.n, p, {}, 0)   -- 409.1a: on the stack, then paid
    internal._pay_payment(g, p, cost, "activate", { player = p })
    GI._played(g, "activate", p, nil, h.n)
    return obj
  end

  -- g:activate(p, handle): stack.lua's g:activate hands a player's ability here
  function internal._activate_player_ability(g, p, h)
    local mine = false
    for _, x in ipairs(env[g].player_abilities or {}) do if x == h then mine = true end end
    if not mine then fail("activate", 2, "an ability of another game: " .. describe(h), 3) end
    if h.index ~= p.index then          -- (by index: a clone's player too)
      fail("activate", 2, string.format("%s is not %s's ability", tostring(h), tostring(p)), 3)
    end
    if ended(g, h) then fail("activate", 2, tostring(h) .. " has ended (its duration is over)", 3) end
    local ok, r = pcall(atomic, g, activate, p, h)
    if ok then return r end
    if arbiter.is_driver_question(r) then error(r, 0) end
    if type(r) == "string" and r:find("^bad argument") then error(r, 0) end   -- timing: 116
    error("activate: " .. tostring(h) .. "'s cost wasn't paid (422: the activation is illegal and undone): " ..
      tostring(r), 0)
  end

  -- An ability of a player on the stack resolving (stack.lua): its effect(obj, g), with
  -- obj.objects its remembered objects as they are now (false: changed zones since, 217.1c)
  function internal._resolve_player_ability(g, obj)
    local h = (env[g].player_abilities or {})[obj.ability]
    if not (h and h.effect) then return false end
    obj.objects = internal._recall(g, h.objects, h.at)
    guard(h.effect)(obj, g, nil)
    return false
  end
end
