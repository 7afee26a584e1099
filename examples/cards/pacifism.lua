-- Pacifism (Enchantment — Aura, 1W): "Enchant creature. Enchanted creature can't attack or
-- block."
-- An Aura spell targets the creature and enters attached to it; its static ability grants the
-- restrictions "can't attack" and "can't block" to whatever it enchants now, and the combat
-- solver refuses a declaration that breaks them (500.1).
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:add_static{ source = card, abilities = { "can't attack", "can't block" },
    affects = function(c, _, aura) return c == aura.attached_to end }
end)

local def = arbiter.card{ name = "Pacifism", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "white" },
  cost = "{1}{W}", targets = { "creature" }, install = install }

return { def = def, install = install }
