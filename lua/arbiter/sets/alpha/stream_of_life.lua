-- Stream of Life {X}{G} (Sorcery)
-- Oracle: "Target player gains X life."
-- Leans on: {X} in a cost (407: X chosen as it is cast, obj.x); a target player (413); life
--   gain (003)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Stream of Life", types = { "Sorcery" }, colors = { "green" }, cost = "{X}{G}",
  targets = { "player" },
  resolve = function(obj, g) g:gain_life(obj.targets[1], obj.x) end,
  oracle = "Target player gains X life.",
}
