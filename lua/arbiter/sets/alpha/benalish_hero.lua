-- Benalish Hero {W} (Creature — Human Soldier 1/1)
-- Oracle: "Banding (Any creatures with banding, and up to one without, can attack in a band. Bands are blocked
-- as a group. If any creatures with banding you control are blocking or being blocked by a creature, you divide
-- that creature's combat damage, not its controller, among any of the creatures it's being blocked by or is
-- blocking.)"
-- Leans on: banding (502.10: bands declared with the attackers, 502.10b; a band blocked as one,
--   502.10e; its controller divides the damage of the creatures blocking it and of those a banding
--   blocker blocks, 502.10h)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Benalish Hero", types = { "Creature" }, subtypes = { "Human", "Soldier" }, colors = { "white" },
  cost = "{W}", power = 1, toughness = 1, abilities = { "banding" },
  oracle = "Banding (Any creatures with banding, and up to one without, can attack in a band. Bands are "
    .. "blocked as a group. If any creatures with banding you control are blocking or being blocked by "
    .. "a creature, you divide that creature's combat damage, not its controller, among any of the "
    .. "creatures it's being blocked by or is blocking.)",
}
