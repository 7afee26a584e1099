-- Wrath of God {2}{W}{W} (Sorcery)
-- Oracle: "Destroy all creatures. They can't be regenerated."
-- Leans on: destruction with no regeneration (419.6b: g:destroy(c, {regenerate = false}));
--   "indestructible" still stops it; no target, so nothing to fizzle
-- examples/cards/wrath_of_god.lua returns this definition.
local arbiter = require("arbiter")

return arbiter.card{
  name = "Wrath of God", types = { "Sorcery" }, colors = { "white" }, cost = "{2}{W}{W}",
  resolve = function(_, g)
    for _, c in ipairs(g.battlefield:cards()) do
      if c:is("Creature") then g:destroy(c, { regenerate = false }) end
    end
  end,
  oracle = "Destroy all creatures. They can't be regenerated.",
}
