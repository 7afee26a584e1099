-- Library of Leng (Artifact, 1): "You have no maximum hand size. If an effect causes you to
-- discard a card, discard it, but you may put it on top of your library instead of into your
-- graveyard." The older guide (003, Drawing and Discarding) uses it with Hymn to Tourach:
-- each card is discarded one at a time, and each may go to the library or the graveyard.
--
-- A replacement on "discard": it changes ev.to to "library" (on top) when the controller's
-- agent answers yes to may(p, "discard to library", {card = ..., source = Library of Leng}).
-- (No maximum hand size: the engine has no cleanup-step discard yet.)
local arbiter = require("arbiter")

local def = arbiter.card{ name = "Library of Leng", types = { "Artifact" } }

local function install(g, card)
  return g:add_replacement{
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
  }
end

return { def = def, install = install }
