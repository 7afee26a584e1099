-- Cockatrice {3}{G}{G} (Creature — Cockatrice 2/4)
-- Oracle: "Flying
-- Whenever Cockatrice blocks or becomes blocked by a non-Wall creature, destroy that creature at
-- end of combat."
-- Leans on: flying (502.4); a trigger on "block" events (one per blocker and attacker, 509 of
--   the era's combat); a delayed trigger remembering "that creature" (g:delayed_trigger, step = the end
--   of combat step's "step" event; if the creature left combat's zone it is a new object and
--   nothing is destroyed, 217.1c); destruction (regeneration can save it)
local arbiter = require("arbiter")

-- the other creature of a block event this card is part of, when it isn't a Wall
local function that_creature(ev, card)
  local other = ev.card == card and ev.target or ev.target == card and ev.card or nil
  if other and not other:is("Wall") then return other end
end

-- Shared with Thicket Basilisk (the same ability): the triggered ability, its name its card's.
local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "block", controller = card.controller, source = card, name = card.name,
    condition = function(ev, _, src) return that_creature(ev, src) ~= nil end,
    effect = function(ev, game, src, obj)
      game:delayed_trigger{ event = "step", controller = obj and obj.controller or src.controller, source = src,
        name = src.name, objects = { that_creature(ev, src) }, step = "end_of_combat",
        effect = function(_, game2, _, delayed)
          local victim = delayed.objects[1]
          if victim then game2:destroy(victim) end
        end }
    end }
end)

return arbiter.card{
  name = "Cockatrice", types = { "Creature" }, subtypes = { "Cockatrice" }, colors = { "green" },
  cost = "{3}{G}{G}", power = 2, toughness = 4, abilities = { "flying" }, install = install,
  oracle = "Flying\nWhenever Cockatrice blocks or becomes blocked by a non-Wall creature, destroy that creature "
    .. "at end of combat.",
}
