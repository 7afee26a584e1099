-- Guardian Angel {X}{W} (Instant)
-- Oracle: "Prevent the next X damage that would be dealt to target creature or player this turn.
--   Until end of turn, you may pay {1} any time you could cast an instant. If you do, prevent the
--   next 1 damage that would be dealt to that creature or player this turn."
-- Leans on: {X} (409.1); damage prevention shields (419.6: a replacement of the next damage to
--   the target, A.prevent_next); paying {1} is a special action (408.2i: an effect that lets a
--   player take an action later; g:add_ability with stack = false: taken with g:activate(p,
--   handle) while she holds priority, "any time you could cast an instant", 408.1d; it doesn't
--   use the stack, 408.2, so nothing can respond between the payment and the shield; its cost
--   {1} paid through the one payment path) that remembers "that creature or player" by number
--   (obj.objects: false once the creature has left play, a new object, 217.1c, so it then
--   protects nothing); targets on resolution (413: a countered Guardian Angel gives no action)
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
      stack = false, name = NAME, effect = prevent_one }
  end,
  oracle = "Prevent the next X damage that would be dealt to target creature or player this turn. Until end of " ..
    "turn, you may pay {1} any time you could cast an instant. If you do, prevent the next 1 damage that " ..
    "would be dealt to that creature or player this turn.",
}
