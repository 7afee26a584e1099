-- Glasses of Urza {1} (Artifact)
-- Oracle: "{T}: Look at target player's hand."
-- Leans on: an activated ability with {T} (406; an artifact, no summoning sickness: 502.5b is for
--   creatures); a player target (413); hidden information: g:reveal shows that hand's cards to
--   the ability's controller (217.3a), who knows them while they stay there
local arbiter = require("arbiter")

return arbiter.card{
  name = "Glasses of Urza", types = { "Artifact" }, cost = "{1}",
  activated = { { cost = "{T}", targets = { "player" },
    effect = function(obj, g) g:reveal(obj.targets[1].hand:cards(), obj.controller) end } },
  oracle = "{T}: Look at target player's hand.",
}
