-- Library of Leng (Artifact, 1): "You have no maximum hand size. If an effect causes you to
-- discard a card, discard it, but you may put it on top of your library instead of into your
-- graveyard." The older guide (003, Drawing and Discarding) uses it with Hymn to Tourach:
-- each card is discarded one at a time, and each may go to the library or the graveyard.
--
-- A replacement on "discard": it changes ev.to to "library" (on top) when the controller's
-- agent answers yes to may(p, "discard to library", {card = ..., source = Library of Leng}).
-- "You have no maximum hand size": a static effect (rules = {max_hand_size = false}) on its
-- controller, read by the cleanup step's discard to hand size.
local arbiter = require("arbiter")

local function install(g, card)
  local no_max = g:add_static{
    source = card, rules = { max_hand_size = false },
    affects = function(p, _, library) return p == library.controller end,
  }
  return { no_max, g:add_replacement{
    event = "discard", source = card, name = "Library of Leng",
    applies = function(ev, _, library)
      return library.zone == "battlefield" and ev.player == library.controller and ev.to == "graveyard"
    end,
    replace = function(ev, game, library)
      if arbiter.ask_may(game, ev.player, "discard to library", { card = ev.card, source = library }) then
        ev.to = "library"
        ev.top = true
      end
      return ev     -- the discard still happens (it's still a discard), only elsewhere
    end,
  } }
end
install = arbiter.installer(install)   -- once per stay on the battlefield

-- the definition carries install: the engine calls it whenever the card enters the battlefield
local def = arbiter.card{ name = "Library of Leng", types = { "Artifact" }, install = install }

return { def = def, install = install }
