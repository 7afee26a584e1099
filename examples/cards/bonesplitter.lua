-- Bonesplitter (Artifact — Equipment, 1): "Equipped creature gets +2/+0. Equip {1}"
-- An Equipment (212.2g-k): it enters unattached; its equip ability (502.33a, arbiter.equip)
-- attaches it to a creature its controller controls, only as a sorcery. When the creature
-- leaves, the Equipment stays on the battlefield, unattached (a state-based action, 212.2i).
local arbiter = require("arbiter")

-- "Equipped creature gets +2/+0": a static ability on whatever it is attached to now.
local install = arbiter.installer(function(g, card)
  return g:add_static{ source = card, power = 2, affects = function(c, _, eq) return c == eq.attached_to end }
end)

local def = arbiter.card{ name = "Bonesplitter", types = { "Artifact" }, subtypes = { "Equipment" },
  cost = "{1}", activated = { arbiter.equip("{1}") }, install = install }

return { def = def, install = install }
