-- Zombie Master {1}{B}{B} (Creature — Zombie 2/3)
-- Oracle: "Other Zombie creatures have swampwalk.
-- Other Zombies have "{B}: Regenerate this permanent.""
-- Leans on: static abilities (418) on every other Zombie on the battlefield, whoever controls it:
--   swampwalk (502.6b) for the creatures, and an activated ability granted by an effect
--   (add_static{activated}: numbered after the Zombie's own, activated by its controller,
--   regeneration 419.6b) for every Zombie permanent; both end when the Master leaves.
-- Its basic land type is a word of its text (418.5a layer 3: Magical Hack changes what it grants;
--   the effect is written as printed and the engine reads it as the card's text reads now).
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

local install = arbiter.installer(function(g, card)
  return g:add_static{ source = card, affects = { other = true, is = { "Zombie", "Creature" } },
      abilities = { "swampwalk" } },
    g:add_static{ source = card, affects = { other = true, is = "Zombie" },
      activated = { { cost = "{B}", effect = A.regenerate } } }
end)

return arbiter.card{
  name = "Zombie Master", types = { "Creature" }, subtypes = { "Zombie" }, colors = { "black" },
  cost = "{1}{B}{B}", power = 2, toughness = 3, install = install, words = { walk = "Swamp" },
  oracle = "Other Zombie creatures have swampwalk.\nOther Zombies have \"{B}: Regenerate this permanent.\"",
}
