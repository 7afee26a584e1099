-- Loxodon Warhammer (Artifact — Equipment, 3): "Equipped creature gets +3/+0 and has trample.
-- Whenever equipped creature deals damage, you gain that much life. Equip {3}"
-- A static ability on what it is attached to, and a trigger on "damage" events whose source is
-- the equipped creature (combat or not), both ending when the Warhammer leaves.
local arbiter = require("arbiter")

local function equipped(c, _, eq) return c == eq.attached_to end

local install = arbiter.installer(function(g, card)
  return {
    g:add_static{ source = card, power = 3, abilities = { "trample" }, affects = equipped },
    g:trigger{ event = "damage", controller = card.controller, source = card, name = "Loxodon Warhammer",
      condition = function(ev, _, eq)
        return eq.attached_to ~= nil and ev.source == eq.attached_to and ev.amount > 0
      end,
      effect = function(ev, game, eq) game:gain_life(eq.controller, ev.amount) end },
  }
end)

local def = arbiter.card{ name = "Loxodon Warhammer", types = { "Artifact" }, subtypes = { "Equipment" },
  cost = "{3}", activated = { arbiter.equip("{3}") }, install = install }

return { def = def, install = install }
