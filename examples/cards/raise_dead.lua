-- Raise Dead (Sorcery, B): "Return target creature card from your graveyard to your hand."
-- A target in a graveyard: {what = "creature", zone = "graveyard", filter = ...} (the filter:
-- your graveyard). A card that leaves the graveyard before Raise Dead resolves is a new object
-- (217.1c): Raise Dead is countered (413).
local arbiter = require("arbiter")

local function yours(c, _, spell) return c.owner == spell.owner end

local def = arbiter.card{ name = "Raise Dead", types = { "Sorcery" }, colors = { "black" }, cost = "{B}",
  targets = { { what = "creature", zone = "graveyard", filter = yours } },
  resolve = function(obj, g) g:move(obj.targets[1], "hand") end }

return { def = def }
