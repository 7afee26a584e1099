-- Creature Bond {1}{U} (Enchantment — Aura)
-- Oracle: "Enchant creature
-- When enchanted creature dies, Creature Bond deals damage equal to that creature's toughness to
-- the creature's controller."
-- Leans on: an Aura spell targets what it will enchant and enters attached to it (212.4); a
--   trigger on the creature's zone change to the graveyard, read through last-known information
--   (ev.last: its attachments, toughness and controller as it last existed on the battlefield,
--   413.2); the Aura itself goes to the graveyard afterwards (420.5), its ability still resolves
local arbiter = require("arbiter")

local function bonded(ev, aura)   -- (from the battlefield to a graveyard: the trigger's from and to)
  if not ev.last then return false end
  for _, a in ipairs(ev.last.attachments) do if a == aura then return true end end
  return false
end

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "zone_change", controller = card.controller, source = card, name = "Creature Bond",
    from = "battlefield", to = "graveyard", condition = function(ev, _, aura) return bonded(ev, aura) end,
    effect = function(ev, game, aura) game:damage(aura, ev.last.controller, math.max(0, ev.last.toughness)) end }
end)

return arbiter.card{
  name = "Creature Bond", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "blue" }, cost = "{1}{U}",
  enchant = "creature", targets = { "creature" }, install = install,
  oracle = "Enchant creature\nWhen enchanted creature dies, Creature Bond deals damage equal to that creature's "
    .. "toughness to the creature's controller.",
}
