-- Tranquility {2}{G} (Sorcery)
-- Oracle: "Destroy all enchantments."
-- Leans on: destruction (g:destroy: regeneration, 419.6b, and indestructible apply); no
--   target: every permanent that is an enchantment as it resolves
local arbiter = require("arbiter")

return arbiter.card{
  name = "Tranquility", types = { "Sorcery" }, colors = { "green" }, cost = "{2}{G}",
  resolve = function(_, g)
    for _, c in ipairs(g.battlefield:cards()) do
      if c:is("Enchantment") then g:destroy(c) end
    end
  end,
  oracle = "Destroy all enchantments.",
}
