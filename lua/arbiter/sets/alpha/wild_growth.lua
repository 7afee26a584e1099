-- Wild Growth {G} (Enchantment — Aura)
-- Oracle: "Enchant land\nWhenever enchanted land is tapped for mana, its controller adds {G} to his or her mana pool
--   (in addition to the mana the land produces)."
-- Leans on: an Aura (212.4, enchant land); a triggered mana ability (g:trigger{mana = true}, 406.1
--   of the era: no stack, resolved at once, its {G} pays the payment in progress) declared by its
--   shape (adds: "the enchanted land tapped for mana -> its controller adds {G}"), so payments count it
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "mana", mana = true, controller = card.controller, source = card, name = "Wild Growth",
    adds = { tapped = { enchanted = true }, mana = "{G}", to = "controller" } }
end)

return arbiter.card{
  name = "Wild Growth", types = { "Enchantment" }, subtypes = { "Aura" }, colors = { "green" }, cost = "{G}",
  targets = { "land" }, enchant = "land", install = install,
  oracle = "Enchant land\nWhenever enchanted land is tapped for mana, its controller adds {G} to his or her " ..
    "mana pool (in addition to the mana the land produces).",
}
