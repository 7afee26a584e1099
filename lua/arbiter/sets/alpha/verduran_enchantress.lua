-- Verduran Enchantress {1}{G}{G} (Creature — Human Druid 0/2)
-- Oracle: "Whenever you cast an enchantment spell, you may draw a card."
-- Leans on: a triggered ability on the "cast" event (410: it goes on the stack above the spell
--   and resolves first); "you" is its controller now; an optional draw (423.3: may(p, "draw"))
local arbiter = require("arbiter")

local function yours_and_an_enchantment(ev, _, enchantress)
  return ev.player == enchantress.controller and ev.card:is("Enchantment")
end

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "cast", controller = card.controller, source = card, name = "Verduran Enchantress",
    condition = yours_and_an_enchantment,
    effect = function(ev, game) game:draw(ev.player, 1, { optional = true }) end }
end)

return arbiter.card{
  name = "Verduran Enchantress", types = { "Creature" }, subtypes = { "Human", "Druid" }, colors = { "green" },
  cost = "{1}{G}{G}", power = 0, toughness = 2, install = install,
  oracle = "Whenever you cast an enchantment spell, you may draw a card.",
}
