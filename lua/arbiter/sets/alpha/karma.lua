-- Karma {2}{W}{W} (Enchantment)
-- Oracle: "At the beginning of each player's upkeep, Karma deals damage to that player equal to the
--   number of Swamps they control."
-- Leans on: a triggered ability on each upkeep's "step" event (410); the Swamps counted as it
--   resolves (their land types now, 418.5); damage from Karma (prevention and protection apply)
-- Its basic land type is a word of its text (418.5a layer 3: words.type, read as it applies; Magical Hack changes it).
local arbiter = require("arbiter")

local function swamps(g, p, t)
  local n = 0
  for _, c in ipairs(g:permanents(p)) do if c:is(t) then n = n + 1 end end
  return n
end

local install = arbiter.installer(function(g, card)
  return g:trigger{ event = "step", controller = card.controller, source = card, name = "Karma",
    step = "upkeep",
    effect = function(ev, game, karma)
      local n = swamps(game, ev.player, karma.words.type)
      if n > 0 then game:damage(karma, ev.player, n) end
    end }
end)

return arbiter.card{
  name = "Karma", types = { "Enchantment" }, colors = { "white" }, cost = "{2}{W}{W}", install = install,
  words = { type = "Swamp" },
  oracle = "At the beginning of each player's upkeep, Karma deals damage to that player equal to the number " ..
    "of Swamps they control.",
}
