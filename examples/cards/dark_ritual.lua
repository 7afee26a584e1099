-- Dark Ritual (Instant, B): "Add {B}{B}{B} to your mana pool."
-- Mana from a spell: it uses the stack (only abilities can be mana abilities, 406.1), and its
-- mana stays in the pool until the step ends (then it burns, 003), so a three-mana spell can
-- follow it in the same main phase.
local arbiter = require("arbiter")

local def = arbiter.card{ name = "Dark Ritual", types = { "Instant" }, colors = { "black" }, cost = "{B}",
  resolve = function(obj, g) g:add_mana(obj.controller, "{B}{B}{B}") end }

return { def = def }
