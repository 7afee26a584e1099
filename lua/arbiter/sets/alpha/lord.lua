-- arbiter.sets.alpha.lord — not a card: the static ability of Goblin King and Lord of Atlantis,
-- "Other <subtype>s get +1/+1 and have <landwalk>" (418: every other creature of that subtype on
-- the battlefield, whoever controls it, while the lord is there). lord(subtype, walk) returns the
-- card's install.
local arbiter = require("arbiter")

return function(subtype, walk)
  return arbiter.installer(function(g, card)
    return g:add_static{ source = card, power = 1, toughness = 1, abilities = { walk },
      affects = { other = true, is = { "Creature", subtype } } }
  end)
end
