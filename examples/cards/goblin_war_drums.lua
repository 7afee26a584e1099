-- Goblin War Drums (Enchantment, 2R): "Each creature you control has menace." (Original
-- wording: "Each creature you control can't be blocked except by two or more creatures.")
--
-- A static ability: one continuous effect (g:add_static) whose source is the Drums, so it lasts
-- while the Drums are on the battlefield and has their timestamp (418.5). Which creatures it
-- affects is asked of `affects` whenever characteristics are computed: a creature that arrives
-- later, or that changes controller, gains or loses menace with no bookkeeping here. The
-- predicate uses its arguments (c, game, drums), never upvalues: a clone shares it.
local arbiter = require("arbiter")

local MENACE = "can't be blocked except by two or more creatures"

local function install(g, card)
  return g:add_static{
    source = card, abilities = { MENACE },
    affects = function(c, _, drums) return c.controller == drums.controller and c:is("Creature") end,
  }
end
install = arbiter.installer(install)   -- once per stay on the battlefield

-- the definition carries install: the engine calls it whenever the card enters the battlefield
local def = arbiter.card{ name = "Goblin War Drums", types = { "Enchantment" }, colors = { "red" }, install = install }

return { def = def, install = install, MENACE = MENACE }
