-- Power Leak {1}{U} (Enchantment — Aura)
-- Oracle: "Enchant enchantment
-- At the beginning of the upkeep of enchanted enchantment's controller, that player may pay any
-- amount of mana. Power Leak deals 2 damage to that player. Prevent X of that damage, where X is
-- the amount of mana that player paid this way."
-- Leans on: an Aura spell that enchants an enchantment (212.4); a triggered ability on the upkeep's
--   "step" event (410; "that player" is fixed as it triggers); paying any amount of mana
--   (arbiter.ask_pay with {X}: may(p, "pay") then choose(p, "x", amounts), through the one payment
--   path: the pool first, then mana abilities, 409.1f; agents pay up to 2, ctx.x_helps, since more
--   prevents nothing — a player may still pay more, to spend mana that would burn); damage from the
--   Aura with X of it prevented (419.6: a prevention replacement of that damage only, gone once
--   dealt; protection and other prevention apply too)
local arbiter = require("arbiter")

local function leak_damage(ev, g, leak)
  local p = ev.player
  local paid, x = arbiter.ask_pay(g, p, "{X}", { source = leak, x_helps = 2 })
  x = paid and x or 0
  local shield
  if x > 0 then        -- "prevent X of that damage": this damage, to that player, from Power Leak
    local index = p.index
    shield = g:add_replacement{ event = "damage", source = leak, name = "Power Leak",
      applies = function(e, game, source) return e.source == source and e.target == game.players[index] end,
      replace = function(e) e.amount = math.max(0, e.amount - x) return e end }
  end
  g:damage(leak, p, 2)
  if shield then g:remove_replacement(shield) end
end

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "step", controller = card.controller, source = card, name = "Power Leak",
    step = "upkeep", turn = "attached", effect = leak_damage }
end)

return arbiter.card{
  name = "Power Leak", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "blue" },
  cost = "{1}{U}", enchant = "enchantment", targets = { "enchantment" }, install = install,
  oracle = "Enchant enchantment\nAt the beginning of the upkeep of enchanted enchantment's controller, that " ..
    "player may pay any amount of mana. Power Leak deals 2 damage to that player. Prevent X of that damage, " ..
    "where X is the amount of mana that player paid this way.",
}
