-- Wall of Water {1}{U}{U} (Creature — Wall 0/5)
-- Oracle: "Defender (This creature can't attack.)
-- {U}: Wall of Water gets +1/+0 until end of turn."
-- Leans on: defender (003: a Wall can't attack); an activated ability on the stack, played any
--   number of times (406); an until-end-of-turn effect (g:modify, ending at cleanup)
local arbiter = require("arbiter")

-- "this creature" is gone once it has left play (obj.source_moved, 217.1c)
local function pump(obj, g, self)
  if not obj.source_moved then g:modify(self, 1, 0) end
end

return arbiter.card{
  name = "Wall of Water", types = { "Creature" }, subtypes = { "Wall" }, colors = { "blue" },
  cost = "{1}{U}{U}", power = 0, toughness = 5, abilities = { "defender" },
  activated = { { cost = "{U}", effect = pump } },
  oracle = "Defender (This creature can't attack.)\n{U}: Wall of Water gets +1/+0 until end of turn.",
}
