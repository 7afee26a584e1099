-- Dwarven Warriors {2}{R} (Creature — Dwarf Warrior 1/1)
-- Oracle: "{T}: Target creature with power 2 or less can't be blocked this turn."
-- Leans on: a {T} ability (406; 502.5b); a target filter on power, checked again on resolution
--   (413); "can't be blocked" granted until end of turn (it stays if the power grows afterwards)
local arbiter = require("arbiter")

local function small(c) return c.power <= 2 end

return arbiter.card{
  name = "Dwarven Warriors", types = { "Creature" }, subtypes = { "Dwarf", "Warrior" }, colors = { "red" },
  cost = "{2}{R}", power = 1, toughness = 1,
  activated = { { cost = "{T}", targets = { { what = "creature", filter = small } },
    effect = function(obj, g) g:grant(obj.targets[1], "can't be blocked", { ["until"] = "end_of_turn" }) end } },
  oracle = "{T}: Target creature with power 2 or less can't be blocked this turn.",
}
