-- Helm of Chatzuk {1} (Artifact)
-- Oracle: "{1}, {T}: Target creature gains banding until end of turn. (Any creatures with banding, and
-- up to one without, can attack in a band. Bands are blocked as a group. If any creatures with banding
-- a player controls are blocking or being blocked by a creature, that player divides that creature's
-- combat damage, not its controller, among any of the creatures it's being blocked by or is blocking.)"
-- Leans on: an activated ability with {T} (406) and a target checked on resolution (413); banding
--   granted until end of turn (g:grant): it counts when bands are declared (502.10b) and as combat
--   damage is assigned (502.10h: lost before then, damage is assigned normally)
local arbiter = require("arbiter")

return arbiter.card{
  name = "Helm of Chatzuk", types = { "Artifact" }, cost = "{1}",
  activated = { { cost = "{1},{T}", targets = { "creature" },
    effect = function(obj, g) g:grant(obj.targets[1], "banding", { ["until"] = "end_of_turn" }) end } },
  oracle = "{1}, {T}: Target creature gains banding until end of turn. (Any creatures with banding, and up to "
    .. "one without, can attack in a band. Bands are blocked as a group. If any creatures with banding a player "
    .. "controls are blocking or being blocked by a creature, that player divides that creature's combat damage, "
    .. "not its controller, among any of the creatures it's being blocked by or is blocking.)",
}
