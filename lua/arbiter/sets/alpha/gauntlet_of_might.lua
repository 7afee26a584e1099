-- Gauntlet of Might {4} (Artifact)
-- Oracle: "Red creatures get +1/+1.
-- Whenever a Mountain is tapped for mana, its controller adds an additional {R}."
-- Leans on: a static ability (418.5: red creatures, their colors now, +1/+1, whoever controls
--   them); a triggered mana ability (g:trigger{mana = true}, 406.1: no stack, its {R} pays the
--   payment that tapped the Mountain) on "mana" events whose source is a Mountain (its land
--   types now), the mana going to that Mountain's controller
local arbiter = require("arbiter")

local function mountain(ev) return ev.source ~= nil and ev.source:is("Mountain") end

local install = arbiter.installer(function(g, card)
  return {
    g:add_static{ source = card, power = 1, toughness = 1,
      affects = function(c) return c:is("Creature") and c:is("red") end },
    g:trigger{ event = "mana", mana = true, controller = card.controller, source = card, name = "Gauntlet of Might",
      condition = mountain,
      effect = function(ev, game) game:add_mana(ev.source.controller, "{R}") end },
  }
end)

return arbiter.card{
  name = "Gauntlet of Might", types = { "Artifact" }, cost = "{4}", install = install,
  oracle = "Red creatures get +1/+1.\nWhenever a Mountain is tapped for mana, its controller adds an additional {R}.",
}
