-- Shivan Dragon (Creature — Dragon 5/5, 4RR): "Flying. {R}: Shivan Dragon gets +1/+0 until end
-- of turn."
-- Firebreathing: an activated ability with a mana cost and no {T}, played any number of times
-- (each on the stack, 406). If the Dragon left the battlefield before it resolves, its "this
-- creature" is gone (obj.source_moved).
local arbiter = require("arbiter")

local function breathe(obj, g, dragon)
  if not obj.source_moved then g:modify(dragon, 1, 0) end
end

local def = arbiter.card{ name = "Shivan Dragon", types = { "Creature" }, subtypes = { "Dragon" }, colors = { "red" },
  power = 5, toughness = 5, cost = "{4}{R}{R}", abilities = { "flying" },
  activated = { { cost = "{R}", effect = breathe } } }

return { def = def }
