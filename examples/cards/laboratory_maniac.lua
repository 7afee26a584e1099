-- Laboratory Maniac (Creature — Human Wizard 2/2, 2U): "If you would draw a card while your
-- library has no cards in it, you win the game instead."
-- A draw replacement applies even with an empty library (423.6a), before the player would be
-- marked for losing (423.4).
local arbiter = require("arbiter")


local function install(g, card)
  return g:add_replacement{
    event = "draw", source = card, name = "Laboratory Maniac",
    applies = function(ev, _, maniac)
      return maniac.zone == "battlefield" and ev.player == maniac.controller and #ev.player.library == 0
    end,
    replace = function(ev, game) game:win(ev.player) end,
  }
end
install = arbiter.installer(install)   -- once per stay on the battlefield

-- the definition carries install: the engine calls it whenever the card enters the battlefield
local def = arbiter.card{
  name = "Laboratory Maniac", types = { "Creature" }, subtypes = { "Human", "Wizard" },
  colors = { "blue" }, power = 2, toughness = 2, install = install }

return { def = def, install = install }
