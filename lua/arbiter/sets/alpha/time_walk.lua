-- Time Walk {1}{U} (Sorcery)
-- Oracle: "Take an extra turn after this one."
-- Leans on: sorceries and the stack (116); extra turns (300.7: g:extra_turn; the turn order goes on
--   after it)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Time Walk", types = { "Sorcery" }, colors = { "blue" }, cost = "{1}{U}",
  resolve = function(obj, g) g:extra_turn(obj.controller) end,
  oracle = "Take an extra turn after this one.",
}
