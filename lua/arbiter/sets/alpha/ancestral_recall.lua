-- Ancestral Recall {U} (Instant)
-- Oracle: "Target player draws three cards."
-- Leans on: instants and the stack (116); a player target (413); drawing (423.2)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Ancestral Recall", types = { "Instant" }, colors = { "blue" }, cost = "{U}",
  targets = { "player" },
  resolve = function(obj, g) g:draw(obj.targets[1], 3) end,
  oracle = "Target player draws three cards.",
}
