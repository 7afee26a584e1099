-- Spirit of the Labyrinth (Creature — Spirit, 1W, 3/1): "Each player can't draw more than one
-- card each turn."
-- A prohibition on players who have drawn a card this turn (p.draws_this_turn): their further
-- draws don't happen. A prohibition is not a replacement: a draw that can't happen can't be
-- replaced either ("draw two instead" doesn't apply; the Maralen of the Mornsong rulings,
-- 2008-04-01), and no player loses for it with an empty library.
local arbiter = require("arbiter")


local function install(g, card)
  return g:add_static{
    source = card, prohibit = "draw",
    affects = function(p) return p.draws_this_turn >= 1 end,
  }
end
install = arbiter.installer(install)   -- once per stay on the battlefield

-- the definition carries install: the engine calls it whenever the card enters the battlefield
local def = arbiter.card{ name = "Spirit of the Labyrinth", types = { "Creature" }, subtypes = { "Spirit" },
  colors = { "white" }, power = 3, toughness = 1, install = install }

return { def = def, install = install }
