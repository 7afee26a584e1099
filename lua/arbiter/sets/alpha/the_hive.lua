-- The Hive {5} (Artifact)
-- Oracle: "{5}, {T}: Put a 1/1 colorless Insect artifact creature token with flying named Wasp onto the battlefield.
-- (It can't be blocked except by creatures with flying or reach.)"
-- Leans on: a "{5},{T}" ability on the stack (406); tokens (216: g:create_token, controlled and
--   owned by the ability's controller; a Wasp that leaves play ceases to exist); flying (502.4)
local arbiter = require("arbiter")

local wasp = arbiter.card{ name = "Wasp", types = { "Artifact", "Creature" }, subtypes = { "Insect" },
  power = 1, toughness = 1, abilities = { "flying" } }

return arbiter.card{
  name = "The Hive", types = { "Artifact" }, cost = "{5}", token = wasp,
  activated = { { cost = "{5},{T}",
    effect = function(obj, g) g:create_token(wasp, { controller = obj.controller }) end } },
  oracle = "{5}, {T}: Put a 1/1 colorless Insect artifact creature token with flying named Wasp onto the " ..
    "battlefield. (It can't be blocked except by creatures with flying or reach.)",
}
