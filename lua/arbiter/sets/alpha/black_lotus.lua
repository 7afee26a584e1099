-- Black Lotus {0} (Artifact)
-- Oracle: "{T}, Sacrifice Black Lotus: Add three mana of any one color."
-- Leans on: mana abilities (406.1: no stack) played while paying (409.1f); sacrifice as a cost
--   (g:sacrifice: not destruction); "any one color" is five mana abilities, one per color: a
--   payment plays the one that makes the color its cost needs (the first, white, when only
--   generic mana is needed: activate the one wanted by hand, g:activate(p, lotus, i), to choose).
--   Mana left in the pool burns at the end of the step (003; the engine's rule).
local arbiter = require("arbiter")

local function sacrifice_itself(_, g, lotus)
  if not g:sacrifice(lotus) then error("Black Lotus wasn't sacrificed", 0) end
end

local one_color = {}
for _, m in ipairs({ "{W}{W}{W}", "{U}{U}{U}", "{B}{B}{B}", "{R}{R}{R}", "{G}{G}{G}" }) do
  one_color[#one_color + 1] = { cost = "{T}", mana = m, pay = sacrifice_itself }
end

return arbiter.card{
  name = "Black Lotus", types = { "Artifact" }, cost = "{0}", activated = one_color,
  oracle = "{T}, Sacrifice Black Lotus: Add three mana of any one color.",
}
