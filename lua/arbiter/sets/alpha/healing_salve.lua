-- Healing Salve {W} (Instant)
-- Oracle: "Choose one —
-- • Target player gains 3 life.
-- • Prevent the next 3 damage that would be dealt to any target this turn."
-- Leans on: a modal spell (700.2: the mode chosen as it is cast, choose(p, "mode", ...); its
--   target that mode's); a prevention shield (419.6: a replacement of the next damage events to
--   that target this turn, taking off up to 3 in all, ending at cleanup; a creature's ends
--   when it leaves play, a new object, 217.1c). "Any target" is the era's "creature or player".
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

return arbiter.card{
  name = "Healing Salve", types = { "Instant" }, colors = { "white" }, cost = "{W}",
  modes = {
    { text = "Target player gains 3 life.", targets = { "player" },
      resolve = function(obj, g) g:gain_life(obj.targets[1], 3) end },
    { text = "Prevent the next 3 damage that would be dealt to any target this turn.",
      targets = { "creature or player" },
      resolve = function(obj, g) A.prevent_next(g, obj.targets[1], 3, "Healing Salve") end },
  },
  oracle = "Choose one —\n• Target player gains 3 life.\n• Prevent the next 3 damage that would be dealt to " ..
    "any target this turn.",
}
