-- Paralyze {B} (Enchantment — Aura)
-- Oracle: "Enchant creature
-- When Paralyze enters the battlefield, tap enchanted creature.
-- Enchanted creature doesn't untap during its controller's untap step.
-- At the beginning of the upkeep of enchanted creature's controller, that player may pay {4}. If
-- he or she does, untap the creature."
-- Leans on: an Aura spell targets what it will enchant and enters attached to it (212.4); a
--   "comes into play" trigger on its own zone change (410.10); a replacement of the enchanted
--   creature's "untap" event in the untap step (it stays tapped then, and only then); an upkeep
--   trigger (410) whose payer is the creature's controller, paying while it resolves
--   (arbiter.ask_pay, may(p, "pay", ctx)); the Aura gone before a trigger resolves, "enchanted
--   creature" is the one it enchanted as it last existed on the battlefield (413.2:
--   last-known information, abilities.enchanted)
-- "Enters the battlefield" is the era's "comes into play": the engine's rule applies.
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

local function enters(ev, _, aura) return ev.card == aura end   -- (to the battlefield: the trigger's to)

local function tap_enchanted(_, game, aura, obj)
  local creature = A.enchanted(obj, game, aura)
  if creature then creature:tap() end
end

-- "that player": the controller whose upkeep it is (the event's player)
local function may_untap(ev, game, aura, obj)
  local creature = A.enchanted(obj, game, aura)
  local helps = creature ~= nil and creature.tapped
  if arbiter.ask_pay(game, ev.player, "{4}", { source = aura, helps = helps }) and creature then creature:untap() end
end

local install = arbiter.installer(function(g, card)
  return {
    g:trigger{ event = "zone_change", controller = card.controller, source = card, name = "Paralyze",
      to = "battlefield", condition = enters, effect = tap_enchanted },
    g:add_replacement{ event = "untap", source = card, name = "Paralyze",
      card = { attached = true }, applies = function(_, game) return game.step == "untap" end,
      replace = function() return nil end },
    g:trigger{ event = "step", controller = card.controller, source = card, name = "Paralyze",
      step = "upkeep", turn = "attached", effect = may_untap },
  }
end)

return arbiter.card{
  name = "Paralyze", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "black" }, cost = "{B}",
  enchant = "creature", targets = { "creature" }, install = install,
  oracle = "Enchant creature\nWhen Paralyze enters the battlefield, tap enchanted creature.\nEnchanted creature "
    .. "doesn't untap during its controller's untap step.\nAt the beginning of the upkeep of enchanted creature's "
    .. "controller, that player may pay {4}. If he or she does, untap the creature.",
}
