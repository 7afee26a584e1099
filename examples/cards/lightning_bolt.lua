-- Lightning Bolt (Instant, R): "Lightning Bolt deals 3 damage to target creature or player."
-- Cast with g:cast(p, card, {targets = {x}}) whenever p holds priority (116); its target is
-- checked again on resolution (413): a creature that left the battlefield means no damage.
local arbiter = require("arbiter")

local def = arbiter.card{ name = "Lightning Bolt", types = { "Instant" }, colors = { "red" }, cost = "{R}",
  targets = { "creature or player" },
  resolve = function(obj, g, bolt) g:damage(bolt, obj.targets[1], 3) end }

return { def = def }
