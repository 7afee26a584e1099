-- Earthbind {R} (Enchantment — Aura)
-- Oracle: "Enchant creature
-- When Earthbind enters the battlefield, if enchanted creature has flying, Earthbind deals 2 damage to that
-- creature and Earthbind gains "Enchanted creature loses flying.""
-- Leans on: an Aura spell enters attached to its target (212.4); a comes-into-play trigger with an
--   intervening "if" (410: checked as it triggers and again as it resolves); damage; a static
--   ability Earthbind gains (418.5, the abilities layer), ending when Earthbind leaves
-- The trigger watches the "attach" event of Earthbind entering attached to its creature (an Aura
-- spell records it right after the zone change; nothing in the set moves an Aura afterwards):
-- that is the moment its creature is known. If Earthbind has left the battlefield by the time it
-- resolves, "enchanted creature" is the creature it enchanted (last-known information, kept in
-- the event); it then gains nothing.
local arbiter = require("arbiter")

local function enters_on_flyer(ev, _, aura)
  return ev.card == aura and ev.target ~= nil and ev.target:has("flying")
end

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "attach", controller = card.controller, source = card, name = "Earthbind",
    condition = enters_on_flyer,
    effect = function(ev, game, aura)
      local creature = aura.zone == "battlefield" and aura.attached_to or ev.target
      if creature == nil or creature.zone ~= "battlefield" or not creature:has("flying") then return end
      game:damage(aura, creature, 2)
      if aura.zone == "battlefield" then
        game:add_static{ source = aura, remove_abilities = { "flying" },
          affects = { attached = true } }
      end
    end }
end)

return arbiter.card{
  name = "Earthbind", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "red" }, cost = "{R}",
  enchant = "creature", targets = { "creature" }, install = install,
  oracle = "Enchant creature\nWhen Earthbind enters the battlefield, if enchanted creature has flying, Earthbind " ..
    "deals 2 damage to that creature and Earthbind gains \"Enchanted creature loses flying.\"",
}
