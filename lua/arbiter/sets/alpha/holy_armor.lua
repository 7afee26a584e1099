-- Holy Armor {W} (Enchantment — Aura)
-- Oracle: "Enchant creature
-- Enchanted creature gets +0/+2.
-- {W}: Enchanted creature gets +0/+1 until end of turn."
-- Leans on: an Aura spell targets what it will enchant and enters attached to it (212.4); a
--   static ability on the enchanted creature (418, the power/toughness layer), gone with the
--   Aura; an activated ability on the stack (406) with no {T}; g:modify until end of turn; the
--   Aura gone before it resolves, "enchanted creature" is the one it enchanted as it last
--   existed on the battlefield (413.2: last-known information, abilities.enchanted)
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

local install = arbiter.installer(function(g, card)
  return g:add_static{ source = card, toughness = 2, affects = { attached = true } }
end)

return arbiter.card{
  name = "Holy Armor", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "white" }, cost = "{W}",
  enchant = "creature", targets = { "creature" }, install = install,
  activated = { { cost = "{W}", effect = A.pump_enchanted(0, 1) } },
  oracle = "Enchant creature\nEnchanted creature gets +0/+2.\n{W}: Enchanted creature gets +0/+1 until end of turn.",
}
