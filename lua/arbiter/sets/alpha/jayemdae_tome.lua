-- Jayemdae Tome {4} (Artifact)
-- Oracle: "{4}, {T}: Draw a card."
-- Leans on: an activated ability on the stack (406) with a cost of mana and {T} (407); a draw
--   (423) by its controller as it resolves
local arbiter = require("arbiter")

return arbiter.card{
  name = "Jayemdae Tome", types = { "Artifact" }, cost = "{4}",
  activated = { { cost = "{4},{T}", effect = function(obj, g) g:draw(obj.controller) end } },
  oracle = "{4}, {T}: Draw a card.",
}
