-- Mana Flare {2}{R} (Enchantment)
-- Oracle: "Whenever a player taps a land for mana, that player adds one mana to his or her mana pool of any type that
--   land produced."
-- Leans on: a triggered mana ability (g:trigger{mana = true}, 406.1 of the era: it doesn't use the
--   stack and resolves at once, so its mana pays the payment that tapped the land) declared by
--   its shape (adds: "a land tapped for mana -> that player adds one mana of the kind it
--   produced", "{1}" of "{2}"), so payments count it
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "mana", mana = true, controller = card.controller, source = card, name = "Mana Flare",
    adds = { tapped = { is = "Land" }, mana = "produced", to = "player" } }
end)

return arbiter.card{
  name = "Mana Flare", types = { "Enchantment" }, colors = { "red" }, cost = "{2}{R}", install = install,
  oracle = "Whenever a player taps a land for mana, that player adds one mana to his or her mana pool of any " ..
    "type that land produced.",
}
