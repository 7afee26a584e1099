-- Celestial Prism {3} (Artifact)
-- Oracle: "{2}, {T}: Add one mana of any color to your mana pool."
-- Leans on: mana abilities (406.1: no stack) with a mana cost (407); "one mana of any color" is
--   five mana abilities, one per color
-- The engine's payment of a cost plays only mana abilities whose cost is {T} alone: the Prism is
-- activated before the spell is cast (g:activate), its mana waiting in the pool (mana left there
-- burns as the step ends, 003: the engine's rule).
local arbiter = require("arbiter")

local any_color = {}
for _, m in ipairs({ "{W}", "{U}", "{B}", "{R}", "{G}" }) do
  any_color[#any_color + 1] = { cost = "{2},{T}", mana = m }
end

return arbiter.card{
  name = "Celestial Prism", types = { "Artifact" }, cost = "{3}", activated = any_color,
  oracle = "{2}, {T}: Add one mana of any color to your mana pool.",
}
