-- Jade Statue {4} (Artifact)
-- Oracle: "{2}: Jade Statue becomes a 3/6 Golem artifact creature until end of combat. Activate
-- this ability only during combat."
-- Leans on: an activated ability with an activation condition (the entry's condition: the
--   combat phase's steps, 306-311 of the era); a type- and subtype-changing effect (418.5a layer
--   4: Creature and the creature type Golem, add_static{types, add_subtypes}) with a P/T-setting
--   one (layer 6a) until end of combat (duration "end_of_combat"). Made a creature during the
--   beginning of combat step, it can attack like any creature (issue 26: combat reads the
--   layered types), unless it came under its controller's control this turn (212.3d).
local arbiter = require("arbiter")

local COMBAT = { beginning_of_combat = true, declare_attackers = true, declare_blockers = true,
  combat_damage = true, end_of_combat = true }

return arbiter.card{
  name = "Jade Statue", types = { "Artifact" }, cost = "{4}",
  activated = { {
    cost = "{2}",
    condition = function(g) return COMBAT[g.step] == true, "only during combat" end,
    effect = function(_, g, statue)
      if statue.zone ~= "battlefield" then return end
      g:add_static{ affects = statue, types = { "Creature" }, add_subtypes = { "Golem" }, duration = "end_of_combat" }
      g:add_static{ affects = statue, set_power = 3, set_toughness = 6, duration = "end_of_combat" }
    end } },
  oracle = "{2}: Jade Statue becomes a 3/6 Golem artifact creature until end of combat. Activate this ability " ..
    "only during combat.",
}
