-- Consecrate Land {W} (Enchantment — Aura)
-- Oracle: "Enchant land
--   Enchanted land has indestructible and can't be enchanted by other Auras."
-- Leans on: an Aura spell that enchants a land (212.4); a static ability (418): indestructible
--   (destroy and lethal damage don't destroy it) and a prohibition ("be enchanted") with an
--   exception (add_static{except}: this Aura); other Auras already on the land go to their
--   owners' graveyards as the state-based check finds them attached illegally (420.5), and no
--   other Aura can be attached to it (an Aura spell targeting it enters and goes to the
--   graveyard, 212.4)
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:add_static{ source = card, abilities = "indestructible", prohibit = "be enchanted", except = card,
    affects = { attached = true } }
end)

return arbiter.card{
  name = "Consecrate Land", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "white" }, cost = "{W}",
  enchant = "land", targets = { "land" }, install = install,
  oracle = "Enchant land\nEnchanted land has indestructible and can't be enchanted by other Auras.",
}
