-- arbiter.sets.alpha.ward — not a card: the Ward cycle (White, Blue, Black, Red, Green Ward),
-- "Enchant creature / Enchanted creature has protection from <color>. This effect doesn't remove
-- <this Aura>." An Aura (212.4) whose static ability grants protection (502.7) with an exception
-- (add_static{except}): the Ward itself stays attached though it has that color (502.7c), any
-- other Aura of that color goes (a second Ward of the same color too: each effect excepts only its
-- own Ward, so two of them remove each other). The color is a word of its text (words.color): the
-- effect is written as printed and the engine grants what the Ward's text reads now (Sleight of
-- Mind on the Ward changes the protection). ward(name, color, cost) returns the card's definition.
local arbiter = require("arbiter")

return function(name, color, cost)
  local install = arbiter.installer(function(g, card)
    return g:add_static{ source = card, abilities = "protection from " .. color, except = card,
      affects = { attached = true } }
  end)
  return arbiter.card{
    name = name, types = { "Enchantment" }, subtypes = { "Aura" }, colors = { color }, cost = cost,
    enchant = "creature", targets = { "creature" }, words = { color = color }, install = install,
    oracle = "Enchant creature\nEnchanted creature has protection from " .. color .. ". This effect doesn't remove "
      .. name .. ".",
  }
end
