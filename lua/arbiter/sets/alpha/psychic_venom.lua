-- Psychic Venom {1}{U} (Enchantment — Aura)
-- Oracle: "Enchant land
-- Whenever enchanted land becomes tapped, Psychic Venom deals 2 damage to that land's controller."
-- Leans on: an Aura on a land (enchant land); a triggered ability on the enchanted land's "tap"
--   event (410: tapped for mana or by an effect); the land's controller is the one who
--   controlled it as it became tapped (the event's player) unless it is still on the battlefield
--   under another's control; damage from the Venom (its last-known self once it is gone)
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "tap", controller = card.controller, source = card, name = "Psychic Venom",
    card = { attached = true },   -- (enchanted land: the core tests it, no condition)
    effect = function(ev, game, venom)
      local land = ev.card
      game:damage(venom, land.zone == "battlefield" and land.controller or ev.player, 2)
    end }
end)

return arbiter.card{
  name = "Psychic Venom", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "blue" }, cost = "{1}{U}",
  enchant = "land", targets = { "land" }, install = install,
  oracle = "Enchant land\nWhenever enchanted land becomes tapped, Psychic Venom deals 2 damage to that " ..
    "land's controller.",
}
