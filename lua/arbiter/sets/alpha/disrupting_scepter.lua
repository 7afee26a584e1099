-- Disrupting Scepter {3} (Artifact)
-- Oracle: "{3}, {T}: Target player discards a card. Activate this ability only during your turn."
-- Leans on: an activated ability with a player target (406, 413); discarding (the target player
--   chooses the card); an activation restriction: activated in another player's turn, the
--   activation is illegal and undone as a whole (422)
local arbiter = require("arbiter")

local function during_your_turn(obj, g)
  if not g:is_active(obj.controller) then
    error("Disrupting Scepter: activate this ability only during your turn", 0)
  end
end

return arbiter.card{
  name = "Disrupting Scepter", types = { "Artifact" }, cost = "{3}",
  activated = { { cost = "{3},{T}", targets = { "player" }, pay = during_your_turn,
    effect = function(obj, g) g:discard(obj.targets[1], 1) end } },
  oracle = "{3}, {T}: Target player discards a card. Activate this ability only during your turn.",
}
