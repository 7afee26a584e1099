-- Will-o'-the-Wisp {B} (Creature — Spirit 0/1)
-- Oracle: "Flying (This creature can't be blocked except by creatures with flying or reach.)
-- {B}: Regenerate Will-o'-the-Wisp. (The next time this creature would be destroyed this turn, it isn't. Instead tap
-- it, remove all damage from it, and remove it from combat.)"
-- Leans on: an activated ability on the stack (406); regeneration (419.6b: a shield until the
--   cleanup step; the next destruction taps it, removes its damage and takes it out of combat); flying (502.4)
local arbiter = require("arbiter")
local A = require("arbiter.sets.alpha.abilities")

return arbiter.card{
  name = "Will-o'-the-Wisp", types = { "Creature" }, subtypes = { "Spirit" }, colors = { "black" },
  cost = "{B}", power = 0, toughness = 1, abilities = { "flying" },
  activated = { { cost = "{B}", effect = A.regenerate } },
  oracle = "Flying (This creature can't be blocked except by creatures with flying or reach.)\n{B}: Regenerate " ..
    "Will-o'-the-Wisp. (The next time this creature would be destroyed this turn, it isn't. Instead tap " ..
    "it, remove all damage from it, and remove it from combat.)",
}
