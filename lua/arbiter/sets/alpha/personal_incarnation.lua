-- Personal Incarnation {3}{W}{W}{W} (Creature — Avatar Incarnation 6/6)
-- Oracle: "{0}: The next 1 damage that would be dealt to Personal Incarnation this turn is dealt to its owner
--   instead. Any player may activate this ability, but only if he or she owns Personal Incarnation.
-- When Personal Incarnation dies, its owner loses half his or her life, rounded up."
-- Leans on: an owner-only activated ability (who = "owner": its owner, whoever controls it); a
--   redirection shield (419.6: a replacement of the next damage event to it this turn, ending
--   at cleanup or when it leaves play): 1 of that damage is dealt to the owner by the same source
--   instead (the rest still to the Incarnation); "dies" (battlefield -> graveyard, 410) and
--   g:lose_half_life (rounded up; nothing at 0 or less life, 003)
local arbiter = require("arbiter")

-- one shield: the next 1 damage to the Incarnation goes to its owner (named by index: a clone's own)
local function shield(g, incarnation)
  local index, h = incarnation.owner.index, nil
  h = g:add_replacement{ event = "damage", duration = "end_of_turn", name = "Personal Incarnation",
    source = incarnation,
    applies = function(ev, _, me) return ev.target == me and ev.amount > 0 end,
    replace = function(ev, game)
      game:remove_replacement(h)
      local owner = game.players[index]
      if ev.amount == 1 then ev.target = owner; return ev end
      ev.amount = ev.amount - 1
      game:damage(ev.source, owner, 1)
      return ev
    end }
end

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "zone_change", controller = card.controller, source = card, name = "Personal Incarnation",
    from = "battlefield", to = "graveyard", card = { self = true },
    resolve = function(_, game, me) game:lose_half_life(me.owner) end }
end)

return arbiter.card{
  name = "Personal Incarnation", types = { "Creature" }, subtypes = { "Avatar", "Incarnation" },
  colors = { "white" }, cost = "{3}{W}{W}{W}", power = 6, toughness = 6, install = install,
  activated = { { cost = "{0}", who = "owner",
    resolve = function(obj, g, me) if not obj.source_moved then shield(g, me) end end } },
  oracle = "{0}: The next 1 damage that would be dealt to Personal Incarnation this turn is dealt to its owner " ..
    "instead. Any player may activate this ability, but only if he or she owns Personal Incarnation.\nWhen " ..
    "Personal Incarnation dies, its owner loses half his or her life, rounded up.",
}
