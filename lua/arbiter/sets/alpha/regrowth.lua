-- Regrowth {1}{G} (Sorcery)
-- Oracle: "Return target card from your graveyard to your hand."
-- Leans on: a target in a graveyard (413: {what = "card", zone = "graveyard"}, the filter "your
--   graveyard"); a card that leaves the graveyard first is a new object (217.1c): Regrowth is
--   countered (413). Regrowth is on the stack as it is cast, so it can't target itself.
local arbiter = require("arbiter")

local function yours(c, _, spell) return c.owner == spell.owner end

return arbiter.card{
  name = "Regrowth", types = { "Sorcery" }, colors = { "green" }, cost = "{1}{G}",
  targets = { { what = "card", zone = "graveyard", filter = yours } },
  resolve = function(obj, g) g:move(obj.targets[1], "hand") end,
  oracle = "Return target card from your graveyard to your hand.",
}
