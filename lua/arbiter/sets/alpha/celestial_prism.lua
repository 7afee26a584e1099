-- Celestial Prism {3} (Artifact)
-- Oracle: "{2}, {T}: Add one mana of any color to your mana pool."
-- Leans on: mana abilities (406.1: no stack) with a mana cost (407); "one mana of any color" is
--   five mana abilities, one per color
-- Played while paying (409.1f): for a colored symbol nothing else can pay, a payment plays the
-- Prism's ability for that color, its {2} paid from the rest of the player's mana (g:can_cast
-- counts it). It may also be activated by hand (g:activate); mana left in the pool burns as the
-- step ends (003: the engine's rule).
local arbiter = require("arbiter")

local any_color = {}
for _, m in ipairs({ "{W}", "{U}", "{B}", "{R}", "{G}" }) do
  any_color[#any_color + 1] = { cost = "{2},{T}", mana = m }
end

return arbiter.card{
  name = "Celestial Prism", types = { "Artifact" }, cost = "{3}", activated = any_color,
  oracle = "{2}, {T}: Add one mana of any color to your mana pool.",
}
