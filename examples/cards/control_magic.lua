-- Control Magic (Enchantment — Aura, 2UU): "Enchant creature. You control enchanted creature."
--
-- An Aura whose static ability is a control-changing effect (418.5's control layer) on whatever
-- it is attached to now. The creature changes controller with no "control" event of its own (an
-- effect, not g:gain_control), and it can't attack or use {T} abilities until its new
-- controller's next turn begins (212.3d, 502.5b: not controlled continuously since that turn
-- began): the control watch sees the change. When Control Magic leaves, the creature returns.
local arbiter = require("arbiter")

-- The static ability, registered once per stay on the battlefield: its controller controls the
-- creature it enchants.
local register = arbiter.installer(function(g, card)
  return g:add_static{
    source = card, controller = card.controller,
    affects = function(c, _, aura) return c == aura.attached_to end,
  }
end)

-- install(g, card[, creature]): the static ability; with a creature, attached to it.
local function install(g, card, creature)
  local h = register(g, card)
  if creature then g:attach(card, creature) end
  return h
end

local def = arbiter.card{ name = "Control Magic", types = { "Enchantment" }, subtypes = { "Aura" },
  colors = { "blue" }, targets = { "creature" }, install = register }

return { def = def, install = install }
