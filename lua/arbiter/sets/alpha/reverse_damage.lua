-- Reverse Damage {1}{W}{W} (Instant)
-- Oracle: "The next time a source of your choice would deal damage to you this turn, prevent that
-- damage. You gain life equal to the damage prevented this way."
-- Leans on: a source chosen as it resolves (choose(p, "source", options, ctx): the permanents,
--   spells and sources of abilities on the stack now, a source that has left play with its
--   ability still on the stack too); a prevention shield (419.6: a replacement of that source's
--   next damage event to its caster this turn, ending at cleanup; a permanent chosen that leaves
--   play is a new object, 217.1c) that gains its caster the damage it prevented (source_shield.lua)
local arbiter = require("arbiter")
local shield = require("arbiter.sets.alpha.source_shield")

return arbiter.card{
  name = "Reverse Damage", types = { "Instant" }, colors = { "white" }, cost = "{1}{W}{W}",
  resolve = function(obj, g, card)
    local p = obj.controller
    local source = shield.choose(g, p, shield.of_color(g, nil), { source = card })
    if source then shield.add(g, p, source, { name = "Reverse Damage", gain = true }) end
  end,
  oracle = "The next time a source of your choice would deal damage to you this turn, prevent that damage. You "
    .. "gain life equal to the damage prevented this way.",
}
