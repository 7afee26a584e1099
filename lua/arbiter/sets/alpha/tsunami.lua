-- Tsunami {3}{G} (Sorcery)
-- Oracle: "Destroy all Islands."
-- Leans on: destruction (g:destroy: regeneration, 419.6b, and indestructible apply); no
--   target: every permanent that is an Island (its land type now, with effects applied, 418.5) as it resolves
-- Its basic land type is a word of its text (418.5a layer 3: words.type, read as it applies; Magical Hack changes it).
local arbiter = require("arbiter")

return arbiter.card{
  name = "Tsunami", types = { "Sorcery" }, colors = { "green" }, cost = "{3}{G}",
  words = { type = "Island" },
  resolve = function(obj, g)
    local t = obj.card.words.type
    for _, c in ipairs(g.battlefield:cards()) do
      if c:is(t) then g:destroy(c) end
    end
  end,
  oracle = "Destroy all Islands.",
}
