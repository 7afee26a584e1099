-- Tsunami {3}{G} (Sorcery)
-- Oracle: "Destroy all Islands."
-- Leans on: destruction (g:destroy: regeneration, 419.6b, and indestructible apply); no
--   target: every permanent that is an Island (its land type now, with effects applied, 418.5) as it resolves
local arbiter = require("arbiter")

return arbiter.card{
  name = "Tsunami", types = { "Sorcery" }, colors = { "green" }, cost = "{3}{G}",
  resolve = function(_, g)
    for _, c in ipairs(g.battlefield:cards()) do
      if c:is("Island") then g:destroy(c) end
    end
  end,
  oracle = "Destroy all Islands.",
}
