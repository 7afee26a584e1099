-- Animate Dead {1}{B} (Enchantment — Aura)
-- Oracle: "Enchant creature card in a graveyard
-- When Animate Dead enters the battlefield, if it's on the battlefield, it loses "enchant creature card in a
--   graveyard" and gains "enchant creature put onto the battlefield with Animate Dead." Return enchanted creature
--   card to the battlefield under your control and attach Animate Dead to it. When Animate Dead leaves the
--   battlefield, that creature's controller sacrifices it.
-- Enchanted creature gets -1/-0."
-- Leans on: a target in a graveyard (413: {what = "creature", zone = "graveyard"}); an Aura that
--   enters attached to a card in a graveyard and stays legal while that card is there (212.4,
--   the state-based check); a comes-into-play trigger with an intervening "if" (410), registered
--   as it enters (as_enters) so that it sees its own zone change; g:move to the battlefield under
--   its controller's control and g:attach (it can't attach to a creature with protection from
--   black: then it goes to the graveyard as the state-based check finds it unattached, and its
--   leaves trigger sacrifices the creature); a leaves-the-battlefield trigger looking back
--   (410.10d: ev.last.attached_to, last-known information); g:sacrifice; -1/-0 (418.5)
-- The creature it returned is remembered by number (a clone of the game reads its own card).
local arbiter = require("arbiter")


local function as_enters(card, g)
  local returned = { id = nil }
  g:add_static{ source = card, power = -1, affects = { attached = true } }
  g:trigger{ event = "zone_change", source = card, controller = card.controller, name = "Animate Dead",
    to = "battlefield", card = { self = true },
    effect = function(_, game, aura)
      if aura.zone ~= "battlefield" then return end              -- "if it's on the battlefield"
      local dead = aura.attached_to
      if dead == nil or dead.zone ~= "graveyard" then return end
      game:move(dead, "battlefield", { controller = aura.controller })
      if dead.zone ~= "battlefield" then return end
      returned.id = dead.id
      game:attach(aura, dead)
    end }
  g:trigger{ event = "zone_change", source = card, controller = card.controller, name = "Animate Dead",
    from = "battlefield", card = { self = true },
    effect = function(ev, game)
      local creature = ev.last and ev.last.attached_to
      if creature == nil and returned.id then creature = game:card(returned.id) end
      if creature and creature.zone == "battlefield" and creature.id == returned.id then game:sacrifice(creature) end
    end }
end

return arbiter.card{
  name = "Animate Dead", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "black" }, cost = "{1}{B}",
  enchant = "creature", targets = { { what = "creature", zone = "graveyard" } }, as_enters = as_enters,
  oracle = "Enchant creature card in a graveyard\nWhen Animate Dead enters the battlefield, if it's on the "
    .. "battlefield, it loses \"enchant creature card in a graveyard\" and gains \"enchant creature put onto the "
    .. "battlefield with Animate Dead.\" Return enchanted creature card to the battlefield under your control and "
    .. "attach Animate Dead to it. When Animate Dead leaves the battlefield, that creature's controller sacrifices "
    .. "it.\nEnchanted creature gets -1/-0.",
}
