-- Guardian Angel {X}{W} (Instant)
-- Oracle: "Prevent the next X damage that would be dealt to target creature or player this turn.
--   Until end of turn, you may pay {1} any time you could cast an instant. If you do, prevent the
--   next 1 damage that would be dealt to that creature or player this turn."
-- Leans on: {X} (409.1); damage prevention shields (419.6: a replacement of the next damage to
--   the target, A.prevent_next); an ability its caster has from no permanent until end of turn
--   (g:add_ability with an effect: activated with g:activate(p, handle) at instant speed, 116; it
--   uses the stack and can be responded to; its cost {1} paid through the one payment path) that
--   remembers "that creature or player" by number (obj.objects: false once the creature has left
--   play, a new object, 217.1c, so it then protects nothing); targets on resolution (413: a
--   countered Guardian Angel gives no ability)
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

local NAME = "Guardian Angel"

local function prevent_one(obj, g)
  local that = obj.objects[1]
  if that then A.prevent_next(g, that, 1, NAME) end
end

return arbiter.card{
  name = NAME, types = { "Instant" }, colors = { "white" }, cost = "{X}{W}",
  targets = { "creature or player" },
  resolve = function(obj, g)
    local t = obj.targets[1]
    if obj.x > 0 then A.prevent_next(g, t, obj.x, NAME) end
    g:add_ability{ controller = obj.controller, cost = "{1}", objects = { t }, duration = "end_of_turn",
      name = NAME, effect = prevent_one }
  end,
  oracle = "Prevent the next X damage that would be dealt to target creature or player this turn. Until end of " ..
    "turn, you may pay {1} any time you could cast an instant. If you do, prevent the next 1 damage that " ..
    "would be dealt to that creature or player this turn.",
}
