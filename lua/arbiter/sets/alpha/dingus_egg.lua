-- Dingus Egg {4} (Artifact)
-- Oracle: "Whenever a land is put into a graveyard from the battlefield, Dingus Egg deals 2 damage
-- to that land's controller."
-- Leans on: a trigger on zone changes (410); last-known information (ev.last: the land's
--   controller and types as it last existed on the battlefield, 413.2: in the graveyard it is
--   its owner's); damage (a player loses life)
local arbiter = require("arbiter")

local function was_land(ev)   -- (from the battlefield to a graveyard: the trigger's from and to)
  if not ev.last then return false end
  for _, t in ipairs(ev.last.types) do if t == "Land" then return true end end
  return false
end

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "zone_change", controller = card.controller, source = card, name = "Dingus Egg",
    from = "battlefield", to = "graveyard", condition = was_land,
    effect = function(ev, game, egg) game:damage(egg, ev.last.controller, 2) end }
end)

return arbiter.card{
  name = "Dingus Egg", types = { "Artifact" }, cost = "{4}", install = install,
  oracle = "Whenever a land is put into a graveyard from the battlefield, Dingus Egg deals 2 damage to that "
    .. "land's controller.",
}
