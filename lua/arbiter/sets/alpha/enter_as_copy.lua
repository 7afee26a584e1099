-- arbiter.sets.alpha.enter_as_copy — not a card: "You may have ~ enter the battlefield as a copy
-- of any <type> on the battlefield[, except ...]" (Clone, Copy Artifact, Vesuvan Doppelganger).
-- As the card enters (its as_enters), its controller is asked may(p, "copy", ctx), then
-- choose(p, "copy", candidates, ctx) among the other permanents of that type; the copy effect
-- (503: the chosen permanent's copiable values, as they are now) lasts while the card stays on
-- the battlefield. except(card, g) gives the effect's copy_with (503.2: its exceptions); then
-- also(card, g, copied) runs (abilities the copy gains). enter_as_copy(type, except, also)
-- returns the as_enters.
local arbiter = require("arbiter")

return function(kind, except, also)
  return function(card, g)
    local p, options = card.controller, {}
    for _, c in ipairs(g.battlefield:cards()) do
      if c ~= card and c:is(kind) then options[#options + 1] = c end
    end
    if #options == 0 or not arbiter.ask_may(g, p, "copy", { source = card }) then return end
    local other = arbiter.ask_choose(g, p, "copy", options, { source = card })
    g:add_static{ source = card, affects = card, copy = other, copy_with = except and except(card, g) or nil }
    if also then also(card, g, other) end
  end
end
