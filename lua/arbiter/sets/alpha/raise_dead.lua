-- Raise Dead {B} (Sorcery)
-- Oracle: "Return target creature card from your graveyard to your hand."
-- Leans on: a target in a graveyard (413: {what = "creature", zone = "graveyard"}, the filter
--   "your graveyard"); a card that leaves the graveyard before Raise Dead resolves is a new
--   object (217.1c), so Raise Dead is countered (413); putting a card in hand is no draw (423.5)
-- examples/cards/raise_dead.lua returns this definition.
local arbiter = require("arbiter")

local function yours(c, _, spell) return c.owner == spell.owner end

return arbiter.card{
  name = "Raise Dead", types = { "Sorcery" }, colors = { "black" }, cost = "{B}",
  targets = { { what = "creature", zone = "graveyard", filter = yours } },
  resolve = function(obj, g) g:move(obj.targets[1], "hand") end,
  oracle = "Return target creature card from your graveyard to your hand.",
}
