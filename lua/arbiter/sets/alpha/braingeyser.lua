-- Braingeyser {X}{U}{U} (Sorcery)
-- Oracle: "Target player draws X cards."
-- Leans on: sorceries (116); {X} (409.1); a player target (413); drawing (423.2, 423.4)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Braingeyser", types = { "Sorcery" }, colors = { "blue" }, cost = "{X}{U}{U}",
  targets = { "player" },
  resolve = function(obj, g) g:draw(obj.targets[1], obj.x) end,
  oracle = "Target player draws X cards.",
}
