-- Mana Short {2}{U} (Instant)
-- Oracle: "Tap all lands target player controls and that player loses all unspent mana."
-- Leans on: a player target (413); tapping (each land a "tap" event: Psychic Venom, Lifetap and
--   Kudzu see it); mana leaving a pool (g:empty_pool: "mana_removed" events, no mana burn).
--   Played in an opponent's upkeep, the lands stay tapped through the turn.
local arbiter = require("arbiter")

return arbiter.card{
  name = "Mana Short", types = { "Instant" }, colors = { "blue" }, cost = "{2}{U}",
  targets = { "player" },
  resolve = function(obj, g)
    local p = obj.targets[1]
    for _, land in ipairs(g:permanents(p, "Land")) do
      if not land.tapped then land:tap() end
    end
    g:empty_pool(p)
  end,
  oracle = "Tap all lands target player controls and that player loses all unspent mana.",
}
