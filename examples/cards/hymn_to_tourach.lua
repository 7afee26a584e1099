-- Hymn to Tourach (Sorcery, BB): "Target player discards two cards at random."
-- 003: the cards are discarded one by one; a replacement such as Library of Leng applies to
-- each in turn. g:discard(p, 2, {random = true}) does that with the game's seeded RNG.
local arbiter = require("arbiter")

-- cast with g:cast(p, card, {targets = {player}})
local def = arbiter.card{ name = "Hymn to Tourach", types = { "Sorcery" }, colors = { "black" }, cost = "{B}{B}",
  targets = { "player" },
  resolve = function(obj, g) g:discard(obj.targets[1], 2, { random = true }) end }

-- resolve(g, card, target_player) -> the discarded cards: the effect on its own (specs)
local function resolve(g, card, target)
  local out = g:discard(target, 2, { random = true })
  if card.zone == "hand" then g:move(card, "graveyard") end
  return out
end

return { def = def, resolve = resolve }
