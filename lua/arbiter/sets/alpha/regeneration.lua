-- Regeneration {1}{G} (Enchantment — Aura)
-- Oracle: "Enchant creature (Target a creature as you cast this. This card enters the battlefield
-- attached to that creature.)
-- {G}: Regenerate enchanted creature. (The next time that creature would be destroyed this turn,
-- it isn't. Instead tap it, remove all damage from it, and remove it from combat.)"
-- Leans on: an Aura spell targets what it will enchant and enters attached to it (212.4); an
--   activated ability on the stack (406); regeneration (419.6b: a shield until the cleanup step);
--   the Aura gone before it resolves, "enchanted creature" is the one it enchanted as it last
--   existed on the battlefield (413.2: last-known information, abilities.enchanted)
-- The reminder's "enters the battlefield" is the era's "comes into play": the engine's rule applies.
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

return arbiter.card{
  name = "Regeneration", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "green" }, cost = "{1}{G}",
  enchant = "creature", targets = { "creature" },
  activated = { { cost = "{G}", effect = A.regenerate_enchanted } },
  oracle = "Enchant creature (Target a creature as you cast this. This card enters the battlefield attached to "
    .. "that creature.)\n{G}: Regenerate enchanted creature. (The next time that creature would be destroyed "
    .. "this turn, it isn't. Instead tap it, remove all damage from it, and remove it from combat.)",
}
