-- Berserk {G} (Instant)
-- Oracle: "Cast Berserk only before the combat damage step.
-- Target creature gains trample and gets +X/+0 until end of turn, where X is its power. At the beginning of the
--   next end step, destroy that creature if it attacked this turn."
-- Leans on: a casting restriction (cast_condition: in a turn, only in its steps before the combat
--   damage step, 307 of the era's turn); a target (413); X read as it resolves; trample and +X/+0
--   until end of turn (g:grant, g:modify); a delayed trigger remembering "that creature"
--   (g:delayed_trigger{step = "end"}: the next end step; one that left play since is a new object and is
--   spared, 217.1c), which destroys it if it was declared as an attacker this turn (an "attack"
--   event of this turn in the history; regeneration can save it, 419.6b)
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

local BEFORE_DAMAGE = { upkeep = true, draw = true, main1 = true, beginning_of_combat = true,
  declare_attackers = true, declare_blockers = true }

local function cast_condition(g)
  if g.step == nil or BEFORE_DAMAGE[g.step] then return true end
  return false, "Berserk is cast only before the combat damage step (it is " .. g.step .. ")"
end

-- was c declared as an attacker this turn? (this turn's "attack" events)
local function attacked_this_turn(g, c)
  return A.find_this_turn(g, function(ev) return ev.type == "attack" and ev.card == c end, "attack") ~= nil
end

local function resolve(obj, g, berserk)
  local c = obj.targets[1]
  if not c then return end
  g:grant(c, "trample", { ["until"] = "end_of_turn" })
  g:modify(c, math.max(0, c.power), 0)
  g:delayed_trigger{ event = "step", step = "end", controller = obj.controller, source = berserk,
    name = "Berserk", objects = { c },
    effect = function(_, game, _, delayed)
      local creature = delayed.objects[1]
      if creature and attacked_this_turn(game, creature) then game:destroy(creature) end
    end }
end

return arbiter.card{
  name = "Berserk", types = { "Instant" }, colors = { "green" }, cost = "{G}", targets = { "creature" },
  cast_condition = cast_condition, resolve = resolve,
  oracle = "Cast Berserk only before the combat damage step.\nTarget creature gains trample and gets +X/+0 until " ..
    "end of turn, where X is its power. At the beginning of the next end step, destroy that creature if it " ..
    "attacked this turn.",
}
