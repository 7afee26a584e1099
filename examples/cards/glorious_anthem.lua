-- Glorious Anthem (Enchantment, 1WW): "Creatures you control get +1/+1."
-- A static ability modifying power and toughness (418.5, the modify layer: after effects that
-- set P/T, together with +1/+1 and -1/-1 counters, before switching).
local arbiter = require("arbiter")


local function install(g, card)
  return g:add_static{
    source = card, power = 1, toughness = 1,
    affects = function(c, _, anthem) return c.controller == anthem.controller and c:is("Creature") end,
  }
end
install = arbiter.installer(install)   -- once per stay on the battlefield

-- the definition carries install: the engine calls it whenever the card enters the battlefield
local def = arbiter.card{ name = "Glorious Anthem", types = { "Enchantment" }, colors = { "white" }, install = install }

return { def = def, install = install }
