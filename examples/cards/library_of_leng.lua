-- Library of Leng (Artifact, 1): "You have no maximum hand size. If an effect causes you to
-- discard a card, discard it, but you may put it on top of your library instead of into your
-- graveyard." The older guide (003, Drawing and Discarding) uses it with Hymn to Tourach:
-- each card is discarded one at a time, and each may go to the library or the graveyard.
--
-- A replacement on "discard": it changes ev.to to "library" (on top) when the controller's
-- agent answers yes to may(p, "discard to library", {card = ..., source = Library of Leng}).
-- "You have no maximum hand size": a static effect (rules = {max_hand_size = false}) on its
-- controller, read by the cleanup step's discard to hand size.
-- The Alpha set's card (lua/arbiter/sets/alpha/library_of_leng.lua): one copy of each card; install is
-- its definition's (once per stay on the battlefield).
local def = require("arbiter.sets.alpha.library_of_leng")
return { def = def, install = def.install }
