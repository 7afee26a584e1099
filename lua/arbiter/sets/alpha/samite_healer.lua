-- Samite Healer {1}{W} (Creature — Human Cleric 1/1)
-- Oracle: "{T}: Prevent the next 1 damage that would be dealt to target creature or player this turn."
-- Leans on: a {T} ability on the stack with a target (406, 413; not while summoning-sick, 502.5b);
--   a prevention shield: a replacement of the next damage event to that target this turn (419;
--   it takes 1 off the amount and is used up), ending at cleanup, and for a creature when it
--   leaves play (a new object, 217.1c)
local arbiter = require("arbiter")

-- One shield: the replacement removes itself once it has prevented 1 damage. A creature's shield
-- has that creature as its source (it lasts while the creature stays in play, and `applies`
-- reads it from its arguments); a player's names the player by index (the same in a clone).
local function prevent_next_1(g, target)
  local h
  local spec = { event = "damage", duration = "end_of_turn", name = "Samite Healer" }
  if arbiter.core.kind(target) == "card" then
    spec.source = target
    spec.applies = function(ev, _, creature) return ev.target == creature and ev.amount > 0 end
  else
    local index = target.index
    spec.applies = function(ev, game) return ev.target == game.players[index] and ev.amount > 0 end
  end
  spec.replace = function(ev, game)
    game:remove_replacement(h)
    ev.amount = ev.amount - 1
    return ev
  end
  h = g:add_replacement(spec)
end

return arbiter.card{
  name = "Samite Healer", types = { "Creature" }, subtypes = { "Human", "Cleric" }, colors = { "white" },
  cost = "{1}{W}", power = 1, toughness = 1,
  activated = { { cost = "{T}", targets = { "creature or player" },
    effect = function(obj, g) prevent_next_1(g, obj.targets[1]) end } },
  oracle = "{T}: Prevent the next 1 damage that would be dealt to target creature or player this turn.",
}
