-- Healing Salve {W} (Instant)
-- Oracle: "Choose one —
-- • Target player gains 3 life.
-- • Prevent the next 3 damage that would be dealt to any target this turn."
-- Leans on: a modal spell (700.2: the mode chosen as it is cast, choose(p, "mode", ...); its
--   target that mode's); a prevention shield (419.6: a replacement of the next damage events to
--   that target this turn, taking off up to 3 in all, ending at cleanup; a creature's ends
--   when it leaves play, a new object, 217.1c). "Any target" is the era's "creature or player".
local arbiter = require("arbiter")
local kind = arbiter.core.kind

-- A shield preventing the next n damage to target this turn. A creature's shield has the
-- creature as its source (it ends when the creature leaves play); a player's names the player by
-- index, the same in a clone. Used in part, it hands the rest over to a new shield.
local function shield(g, target, n)
  local h
  local spec = { event = "damage", duration = "end_of_turn", name = "Healing Salve" }
  if kind(target) == "card" then
    spec.source = target
    spec.applies = function(ev, _, creature) return ev.target == creature and ev.amount > 0 end
  else
    local index = target.index
    spec.applies = function(ev, game) return ev.target == game.players[index] and ev.amount > 0 end
  end
  spec.replace = function(ev, game)
    game:remove_replacement(h)
    local prevented = math.min(n, ev.amount)
    if prevented < n then shield(game, ev.target, n - prevented) end
    ev.amount = ev.amount - prevented
    return ev
  end
  h = g:add_replacement(spec)
end

return arbiter.card{
  name = "Healing Salve", types = { "Instant" }, colors = { "white" }, cost = "{W}",
  modes = {
    { text = "Target player gains 3 life.", targets = { "player" },
      resolve = function(obj, g) g:gain_life(obj.targets[1], 3) end },
    { text = "Prevent the next 3 damage that would be dealt to any target this turn.",
      targets = { "creature or player" },
      resolve = function(obj, g) shield(g, obj.targets[1], 3) end },
  },
  oracle = "Choose one —\n• Target player gains 3 life.\n• Prevent the next 3 damage that would be dealt to " ..
    "any target this turn.",
}
