-- Manabarbs {3}{R} (Enchantment)
-- Oracle: "Whenever a player taps a land for mana, Manabarbs deals 1 damage to that player."
-- Leans on: a triggered ability on "mana" events whose source is a land (a land's mana ability,
--   406.1, played to pay a cost or on its own); it is no mana ability itself, so it waits and
--   goes on the stack the next time a player would get priority (410), after the spell it
--   helped pay for; the player who played the mana ability is dealt the damage
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "mana", controller = card.controller, source = card, name = "Manabarbs",
    condition = function(ev) return ev.source ~= nil and ev.source:is("Land") end,
    effect = function(ev, game, barbs) game:damage(barbs, ev.player, 1) end }
end)

return arbiter.card{
  name = "Manabarbs", types = { "Enchantment" }, colors = { "red" }, cost = "{3}{R}", install = install,
  oracle = "Whenever a player taps a land for mana, Manabarbs deals 1 damage to that player.",
}
