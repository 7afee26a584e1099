-- Lure {1}{G}{G} (Enchantment — Aura)
-- Oracle: "Enchant creature
-- All creatures able to block enchanted creature do so."
-- Leans on: an Aura spell targets what it will enchant and enters attached to it (212.4); the
--   vocabulary's "lure" on the enchanted creature, a blocking requirement (500.1-500.4), one
--   per Lure (004: the two-Lures ruling)
-- examples/cards/lure.lua returns this definition.
local arbiter = require("arbiter")

-- Lure's static ability, registered once per stay on the battlefield
local install = arbiter.installer(function(g, card)
  return g:add_static{
    source = card, abilities = { "lure" },
    affects = { attached = true },
  }
end)

return arbiter.card{
  name = "Lure", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "green" }, cost = "{1}{G}{G}",
  enchant = "creature", targets = { "creature" }, install = install,
  oracle = "Enchant creature\nAll creatures able to block enchanted creature do so.",
}
