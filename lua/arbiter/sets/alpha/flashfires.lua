-- Flashfires {3}{R} (Sorcery)
-- Oracle: "Destroy all Plains."
-- Leans on: land subtypes (c:is reads the current types); destruction
-- A land with the Plains type among others (a dual land) is a Plains.
local arbiter = require("arbiter")

return arbiter.card{
  name = "Flashfires", types = { "Sorcery" }, colors = { "red" }, cost = "{3}{R}",
  resolve = function(_, g)
    for _, c in ipairs(g.battlefield:cards()) do
      if c.zone == "battlefield" and c:is("Plains") then g:destroy(c) end
    end
  end,
  oracle = "Destroy all Plains.",
}
