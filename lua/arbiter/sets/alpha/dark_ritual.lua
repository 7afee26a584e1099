-- Dark Ritual {B} (Instant)
-- Oracle: "Add {B}{B}{B} to your mana pool."
-- Leans on: mana from a spell (only abilities are mana abilities, 406.1); mana burn (003)
-- Its mana stays in the pool until the step or phase ends (then it burns: the engine's rule, 003),
-- so a three-mana spell can follow it in the same main phase.
local arbiter = require("arbiter")

return arbiter.card{
  name = "Dark Ritual", types = { "Instant" }, colors = { "black" }, cost = "{B}",
  resolve = function(obj, g) g:add_mana(obj.controller, "{B}{B}{B}") end,
  oracle = "Add {B}{B}{B} to your mana pool.",
}
