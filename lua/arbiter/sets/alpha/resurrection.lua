-- Resurrection {2}{W}{W} (Sorcery)
-- Oracle: "Return target creature card from your graveyard to the battlefield."
-- Leans on: a target in a graveyard (413); putting a card into play (g:move to the battlefield:
--   its "comes into play" abilities see it, 410.10; a new object, summoning-sick, 212.3d)
local arbiter = require("arbiter")

local function yours(c, _, spell) return c.owner == spell.owner end

return arbiter.card{
  name = "Resurrection", types = { "Sorcery" }, colors = { "white" }, cost = "{2}{W}{W}",
  targets = { { what = "creature", zone = "graveyard", filter = yours } },
  resolve = function(obj, g) g:move(obj.targets[1], "battlefield") end,
  oracle = "Return target creature card from your graveyard to the battlefield.",
}
