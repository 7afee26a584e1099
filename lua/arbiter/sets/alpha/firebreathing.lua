-- Firebreathing {R} (Enchantment — Aura)
-- Oracle: "Enchant creature
-- {R}: Enchanted creature gets +1/+0 until end of turn."
-- Leans on: an Aura spell targets what it will enchant and enters attached to it (212.4); an
--   activated ability on the stack (406) with no {T}, played any number of times; g:modify until
--   end of turn; the Aura gone before it resolves, "enchanted creature" is the one it enchanted
--   as it last existed on the battlefield (413.2: last-known information, abilities.enchanted)
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

return arbiter.card{
  name = "Firebreathing", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "red" }, cost = "{R}",
  enchant = "creature", targets = { "creature" },
  activated = { { cost = "{R}", effect = A.pump_enchanted(1, 0) } },
  oracle = "Enchant creature\n{R}: Enchanted creature gets +1/+0 until end of turn.",
}
