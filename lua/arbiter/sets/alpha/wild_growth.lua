-- Wild Growth {G} (Enchantment — Aura)
-- Oracle: "Enchant land\nWhenever enchanted land is tapped for mana, its controller adds {G} to his or her mana pool
--   (in addition to the mana the land produces)."
-- Leans on: an Aura (212.4, enchant land); a triggered mana ability (g:trigger{mana = true}, 406.1
--   of the era: no stack, resolved at once, its {G} pays the payment in progress); the "mana"
--   event's source (the land)
local arbiter = require("arbiter")

local function enchanted(ev, _, aura) return ev.source ~= nil and ev.source == aura.attached_to end

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "mana", mana = true, controller = card.controller, source = card, name = "Wild Growth",
    condition = enchanted,
    effect = function(ev, game) game:add_mana(ev.source.controller, "{G}") end }
end)

return arbiter.card{
  name = "Wild Growth", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "green" }, cost = "{G}",
  targets = { "land" }, enchant = "land", install = install,
  oracle = "Enchant land\nWhenever enchanted land is tapped for mana, its controller adds {G} to his or her " ..
    "mana pool (in addition to the mana the land produces).",
}
