-- Guardian Beast (Creature — Beast, 3B, 2/4): "As long as Guardian Beast is untapped,
-- noncreature artifacts you control can't be enchanted, they're indestructible, and other
-- players can't gain control of them. This effect doesn't remove Auras already attached to
-- those artifacts."
-- One static ability: "indestructible" (destroy does nothing to them) and the prohibitions
-- "be enchanted" (g:attach refuses; Auras already attached stay) and "change control". The
-- condition (untapped) is part of `affects`, asked again whenever the game changes.
-- (The engine's "change control" prohibition stops every change of control, the controller's
-- own included.)
local arbiter = require("arbiter")


local function install(g, card)
  return g:add_static{
    source = card, abilities = { "indestructible" }, prohibit = { "be enchanted", "change control" },
    affects = function(c, _, beast)
      return not beast.tapped and c.controller == beast.controller and c:is("Artifact") and not c:is("Creature")
    end,
  }
end
install = arbiter.installer(install)   -- once per stay on the battlefield

-- the definition carries install: the engine calls it whenever the card enters the battlefield
local def = arbiter.card{ name = "Guardian Beast", types = { "Creature" }, subtypes = { "Beast" },
  colors = { "black" }, power = 2, toughness = 4, install = install }

return { def = def, install = install }
