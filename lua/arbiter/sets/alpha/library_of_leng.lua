-- Library of Leng {1} (Artifact)
-- Oracle: "You have no maximum hand size.
-- If an effect causes you to discard a card, discard it, but you may put it on top of your library
--   instead of into your graveyard."
-- Leans on: a rule-changing static effect (rules = {max_hand_size = false}, read by the
--   cleanup step's discard); a replacement on "discard" (its ev.to becomes the library's top
--   when its controller's agent answers may(p, "discard to library", ...)); each card of a
--   multi-card discard is discarded one at a time and asked about (003: Hymn to Tourach)
-- examples/cards/library_of_leng.lua returns this definition.
local arbiter = require("arbiter")

local install = arbiter.installer(function(g, card)
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
end)

return arbiter.card{
  name = "Library of Leng", types = { "Artifact" }, cost = "{1}", install = install,
  oracle = "You have no maximum hand size.\nIf an effect causes you to discard a card, discard it, but you may " ..
    "put it on top of your library instead of into your graveyard.",
}
