-- Flashfires {3}{R} (Sorcery)
-- Oracle: "Destroy all Plains."
-- Leans on: land subtypes (c:is reads the current types); destruction
-- A land with the Plains type among others (a dual land) is a Plains.
-- Its basic land type is a word of its text (418.5a layer 3: words.type, read as it applies; Magical Hack changes it).
local arbiter = require("arbiter")

return arbiter.card{
  name = "Flashfires", types = { "Sorcery" }, colors = { "red" }, cost = "{3}{R}",
  words = { type = "Plains" },
  resolve = function(obj, g)
    local t = obj.card.words.type
    for _, c in ipairs(g.battlefield:cards()) do
      if c.zone == "battlefield" and c:is(t) then g:destroy(c) end
    end
  end,
  oracle = "Destroy all Plains.",
}
