-- Mesa Pegasus {1}{W} (Creature — Pegasus 1/1)
-- Oracle: "Flying, banding (Any creatures with banding, and up to one without, can attack in a band. Bands are
-- blocked as a group. If any creatures with banding you control are blocking or being blocked by a creature, you
-- divide that creature's combat damage, not its controller, among any of the creatures it's being blocked by or
-- is blocking.)"
-- Leans on: flying (502.4); banding (502.10: a band with a flyer may be blocked by a creature that
--   can block another member, and then the flyer is blocked too, 502.10e's example; 502.10h)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Mesa Pegasus", types = { "Creature" }, subtypes = { "Pegasus" }, colors = { "white" },
  cost = "{1}{W}", power = 1, toughness = 1, abilities = { "flying", "banding" },
  oracle = "Flying, banding (Any creatures with banding, and up to one without, can attack in a band. Bands"
    .. " are blocked as a group. If any creatures with banding you control are blocking or being "
    .. "blocked by a creature, you divide that creature's combat damage, not its controller, among any "
    .. "of the creatures it's being blocked by or is blocking.)",
}
